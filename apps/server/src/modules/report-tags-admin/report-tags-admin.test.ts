import type { Paginated, TReportTagAdminItem, TReportTagRef } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTagLinks, reports } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;

const path = '/api/admin/report-tags/';
type Errors = { errors: Record<string, string> };

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(['add', 'change', 'delete', 'view'].map((action) => `core.${action}_reporttag`));
  viewer = await signIn(['core.view_reporttag']);
});
afterAll(() => ctx.close());

describe('admin report tags', () => {
  let created: TReportTagAdminItem;

  it('creates a tag with its slug made from the English name', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { name_en: '  Financial Services ', name_fr: 'Services financiers' },
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TReportTagAdminItem>();
    expect(created).toMatchObject({
      slug: 'financial-services',
      name_en: 'Financial Services',
      report_count: 0,
    });
  });

  it('refuses a blank name and a duplicate, on their fields', async () => {
    const blank = await manager.request({
      method: 'POST',
      url: path,
      payload: { name_en: ' ', name_fr: '' },
    });
    expect(blank.json<Errors>().errors).toEqual({
      name_en: 'This field is required.',
      name_fr: 'This field is required.',
    });
    const symbols = await manager.request({
      method: 'POST',
      url: path,
      payload: { name_en: '***', name_fr: 'x' },
    });
    expect(symbols.json<Errors>().errors).toEqual({ name_en: 'Enter a name with letters or digits.' });
    const duplicate = await manager.request({
      method: 'POST',
      url: path,
      payload: { name_en: 'financial services', name_fr: 'Autre' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<Errors>().errors).toEqual({
      name_en: 'A report tag with this name already exists.',
    });
  });

  it('renames a tag (its slug follows) and lists, sorts and searches', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { name_en: 'Finance', name_fr: 'Finance' },
    });
    expect(response.json<TReportTagAdminItem>()).toMatchObject({ slug: 'finance', name_en: 'Finance' });
    const list = await viewer.request({ url: `${path}?q=fin&sort=-name` });
    expect(list.json<Paginated<TReportTagAdminItem>>().results.map((tag) => tag.id)).toEqual([created.id]);
    const options = await viewer.request({ url: `${path}options/` });
    expect(options.json<{ results: TReportTagRef[] }>().results).toContainEqual({
      id: created.id,
      slug: 'finance',
      name: { en: 'Finance', fr: 'Finance' },
    });
  });

  it('has no archive: a purge removes the tag and its report links, not the reports', async () => {
    expect((await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` })).statusCode).toBe(
      404,
    );
    const [report] = await ctx.db
      .insert(reports)
      .values({
        slug: 'tagged',
        titleEn: 'Tagged',
        titleFr: 'Étiqueté',
        displayType: 'table',
        params: { metric: 'restrictions_total' },
      })
      .returning();
    await ctx.db.insert(reportTagLinks).values({ reportId: report!.id, tagId: created.id });
    const counted = await viewer.request({ url: `${path}${created.id}/` });
    expect(counted.json<TReportTagAdminItem>().report_count).toBe(1);
    const purged = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(reportTagLinks).where(eq(reportTagLinks.tagId, created.id))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(reports).where(eq(reports.id, report!.id))).toHaveLength(1);
  });

  it('gates every route by its own codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    expect((await (await signIn([])).request({ url: path })).statusCode).toBe(403);
    const payload = { name_en: 'A', name_fr: 'A' };
    const refused = [
      viewer.request({ method: 'POST', url: path, payload }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});

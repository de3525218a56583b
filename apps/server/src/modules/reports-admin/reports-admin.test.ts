import type { Paginated, TAdminOption, TReportAdminItem, TReportTagAdminItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reportTagLinks, reports } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;
let tagIds: number[];

const path = '/api/admin/reports/';
const body = {
  title_en: 'Restrictions by country',
  title_fr: 'Restrictions par pays',
  description_en: 'Measures recorded per partner state.',
  display_type: 'bar',
  index: 3,
  display_height: 420,
  params: { metric: 'restrictions_by_country', dimension: 'country', filters: { country: 'ke', sector: '' } },
  featured: false,
};

type Errors = { errors: Record<string, string> };

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

const crud = (model: string) =>
  ['add', 'change', 'delete', 'view'].map((action) => `core.${action}_${model}`);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn([...crud('report'), ...crud('reporttag')]);
  viewer = await signIn(['core.view_report']);
  tagIds = [];
  for (const name of ['Trade in services', 'Mode 4']) {
    const response = await manager.request({
      method: 'POST',
      url: '/api/admin/report-tags/',
      payload: { name_en: name, name_fr: `${name} (fr)` },
    });
    tagIds.push(response.json<TReportTagAdminItem>().id);
  }
});
afterAll(() => ctx.close());

describe('admin reports', () => {
  let created: TReportAdminItem;

  it('creates a report with checked params and its tags in one change', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, tag_ids: tagIds },
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TReportAdminItem>();
    expect(created).toMatchObject({
      slug: 'restrictions-by-country',
      display_type: 'bar',
      index: 3,
      display_height: 420,
      // Blank filters are dropped and the country code is normalised, as the public renderer reads it.
      params: { metric: 'restrictions_by_country', dimension: 'country', filters: { country: 'KE' } },
      tag_ids: expect.arrayContaining(tagIds) as number[],
      featured: false,
      archived: false,
    });
    expect(created.tags.map((tag) => tag.name.en)).toEqual(['Mode 4', 'Trade in services']);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'core.report'), eq(auditLog.objectId, String(created.id))));
    expect(audit?.after).toMatchObject({ tag_ids: created.tag_ids });
  });

  it('refuses params outside the metrics whitelist, field by field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ params: { metric: 'drop_table' } }, { 'params.metric': 'Select a valid metric.' }],
      [
        { params: { metric: 'restrictions_by_country', dimension: 'sector' } },
        { 'params.dimension': 'Select a valid dimension: country.' },
      ],
      [
        { params: { metric: 'restrictions_total', filters: { year_from: 2020, year_to: 2010 } } },
        { 'params.filters.year_to': 'Ensure the last year is not before the first year.' },
      ],
      [
        { params: { metric: 'restrictions_total', filters: { country: 'ZZ' } } },
        { 'params.filters.country': 'Select a valid country.' },
      ],
      [
        { params: { metric: 'restrictions_total', filters: { sector: 'no-such-sector' } } },
        { 'params.filters.sector': 'Select a valid sector.' },
      ],
      [
        { display_type: 'embed', params: { url: 'http://example.org/' } },
        { 'params.url': 'Enter an https:// address.' },
      ],
      [{ display_type: 'chart3d' }, { display_type: 'Select a valid choice.' }],
      [{ display_height: 79 }, { display_height: 'Enter a number from 80 to 2000.' }],
      [{ display_height: 2001 }, { display_height: 'Enter a number from 80 to 2000.' }],
      [{ tag_ids: [999999] }, { tag_ids: 'Select valid tags.' }],
    ];
    for (const [change, errors] of cases) {
      const response = await manager.request({ method: 'POST', url: path, payload: { ...body, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json<Errors>().errors).toMatchObject(errors);
    }
    expect((await ctx.db.select().from(reports)).length).toBe(1);
  });

  it('accepts an https embed and keeps a slug apart from a clashing title', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, display_type: 'embed', params: { url: 'https://example.org/dashboard' } },
    });
    expect(response.statusCode).toBe(201);
    const embed = response.json<TReportAdminItem>();
    expect(embed).toMatchObject({
      slug: 'restrictions-by-country-2',
      params: { url: 'https://example.org/dashboard' },
    });
    await manager.request({ method: 'DELETE', url: `${path}${embed.id}/` });
  });

  it('changes a report: the tag links are replaced, the slug stays', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, title_en: 'Measures by country', display_type: 'key_figure', tag_ids: [tagIds[1]] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TReportAdminItem>()).toMatchObject({
      slug: 'restrictions-by-country',
      title_en: 'Measures by country',
      display_type: 'key_figure',
      tag_ids: [tagIds[1]],
    });
  });

  it('lists with search, filters by tag, display type and featured', async () => {
    const byTag = await viewer.request({
      url: `${path}?tag=${tagIds[1]}&display_type=key_figure&featured=no`,
    });
    expect(byTag.json<Paginated<TReportAdminItem>>().results.map((r) => r.id)).toEqual([created.id]);
    const otherTag = await viewer.request({ url: `${path}?tag=${tagIds[0]}` });
    expect(otherTag.json<Paginated<TReportAdminItem>>().count).toBe(0);
    const search = await viewer.request({ url: `${path}?q=measures&sort=-title` });
    expect(search.json<Paginated<TReportAdminItem>>().count).toBe(1);
    const bad = await viewer.request({ url: `${path}?featured=maybe` });
    expect(bad.statusCode).toBe(422);
  });

  it('toggles the featured flag from the list: the public featured list follows at once', async () => {
    const on = await manager.request({
      method: 'POST',
      url: `${path}${created.id}/featured/`,
      payload: { featured: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<TReportAdminItem>().featured).toBe(true);
    const featured = await ctx.client().request({ url: '/api/reports/featured/' });
    expect(featured.json<{ results: { slug: string }[] }>().results.map((r) => r.slug)).toContain(
      'restrictions-by-country',
    );
    const refused = await viewer.request({
      method: 'POST',
      url: `${path}${created.id}/featured/`,
      payload: { featured: false },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await manager.request({
      method: 'POST',
      url: `${path}999999/featured/`,
      payload: { featured: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers the report options for the featured insight form', async () => {
    const response = await viewer.request({ url: `${path}options/` });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: TAdminOption[] }>().results).toContainEqual({
      id: created.id,
      name: { en: 'Measures by country', fr: 'Restrictions par pays' },
    });
  });

  it('archives (the public report is gone), unarchives, then purges with its tag links', async () => {
    await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(
      (await ctx.client().request({ url: '/api/reports/restrictions-by-country/data/' })).statusCode,
    ).toBe(404);
    const back = await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    expect(back.json<TReportAdminItem>().archived).toBe(false);
    const purged = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(reportTagLinks).where(eq(reportTagLinks.reportId, created.id))).toEqual(
      [],
    );
  });

  it('gates every route by its own codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    const nobody = await signIn([]);
    expect((await nobody.request({ url: path })).statusCode).toBe(403);
    expect((await nobody.request({ url: `${path}options/` })).statusCode).toBe(403);
    const refused = [
      viewer.request({ method: 'POST', url: path, payload: body }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload: body }),
      viewer.request({ method: 'POST', url: `${path}1/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});

describe('a report in English and French (issue 33 item 5)', () => {
  it('saves a report without French texts (shown in English, marked) and then with them', async () => {
    const english = {
      ...body,
      title_en: 'Measures by mode',
      title_fr: '',
      params: { metric: 'restrictions_by_mode', dimension: 'mode_of_supply' },
    };
    const response = await manager.request({ method: 'POST', url: path, payload: english });
    expect(response.statusCode).toBe(201);
    const item = response.json<TReportAdminItem>();
    expect(item).toMatchObject({ title_en: 'Measures by mode', title_fr: '', description_fr: '' });

    const changed = await manager.request({
      method: 'PUT',
      url: `${path}${item.id}/`,
      payload: {
        ...english,
        title_fr: 'Mesures par mode',
        description_fr: 'Mesures par mode de fourniture.',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<TReportAdminItem>()).toMatchObject({
      title_en: 'Measures by mode',
      title_fr: 'Mesures par mode',
      description_en: body.description_en,
      description_fr: 'Mesures par mode de fourniture.',
    });
    const read = await viewer.request({ url: `${path}${item.id}/` });
    expect(read.json<TReportAdminItem>()).toMatchObject({ title_fr: 'Mesures par mode' });
  });
});

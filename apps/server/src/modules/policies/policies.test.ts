import type { Paginated, TPolicyAdminItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, policies, restrictions } from '../../db/schema/index.js';
import { insertRestriction } from '../restrictions/test-support.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;

const path = '/api/admin/policies/';
const body = {
  name_en: 'Data localisation',
  name_fr: 'Localisation des données',
  description_en: 'Rules that keep data in the country.',
  sort_order: 40,
};

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

const auditRows = (objectId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, 'restrictions.policy'), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(
    ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_policy`),
  );
  viewer = await signIn(['restrictions.view_policy']);
});
afterAll(() => ctx.close());

describe('admin policies (the admin resource contract)', () => {
  let created: TPolicyAdminItem;

  it('creates a policy with an audit row written with it', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body });
    expect(response.statusCode).toBe(201);
    created = response.json<TPolicyAdminItem>();
    expect(created).toMatchObject({
      slug: 'data-localisation',
      name_fr: 'Localisation des données',
      description_fr: '',
      sort_order: 40,
      archived: false,
      restriction_count: 0,
    });
    const [audit] = await auditRows(created.id);
    expect(audit).toMatchObject({ action: 'add', before: null });
    expect(audit?.after).toMatchObject({ name_en: 'Data localisation' });
  });

  it('lists with search, sort and pages, and reads one record', async () => {
    const list = await viewer.request({ url: `${path}?q=locali&sort=-name&page_size=5` });
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<TPolicyAdminItem>>();
    expect(page).toMatchObject({ count: 1, page: 1, page_size: 5 });
    expect(page.results[0]?.id).toBe(created.id);
    const one = await viewer.request({ url: `${path}${created.id}/` });
    expect(one.json<TPolicyAdminItem>().name_en).toBe('Data localisation');
    expect((await viewer.request({ url: `${path}999999/` })).statusCode).toBe(404);
    const badSort = await viewer.request({ url: `${path}?sort=password` });
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json<{ errors: Record<string, string> }>().errors.sort).toMatch(/valid sort/);
  });

  it('refuses a bad body field by field and changes nothing', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, name_en: '  ', sort_order: 'many' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      name_en: 'This field is required.',
      sort_order: 'Enter a whole number.',
    });
    expect((await auditRows(created.id)).length).toBe(1);
  });

  it('answers a duplicate name on its field', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      name_en: 'A policy area with this name already exists.',
    });
  });

  it('changes a record, keeping before and after in the audit log', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, name_fr: 'Localisation', sort_order: 41 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TPolicyAdminItem>()).toMatchObject({ name_fr: 'Localisation', sort_order: 41 });
    const audit = (await auditRows(created.id)).at(-1);
    expect(audit).toMatchObject({ action: 'change' });
    expect(audit?.before).toMatchObject({ name_fr: 'Localisation des données' });
    expect(audit?.after).toMatchObject({ name_fr: 'Localisation' });
  });

  it('archives and unarchives; the list shows each state apart', async () => {
    const archived = await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(archived.json<TPolicyAdminItem>()).toMatchObject({ archived: true });
    const active = await viewer.request({ url: `${path}?q=locali` });
    expect(active.json<Paginated<TPolicyAdminItem>>().count).toBe(0);
    const inArchive = await viewer.request({ url: `${path}?q=locali&state=archived` });
    expect(inArchive.json<Paginated<TPolicyAdminItem>>().count).toBe(1);
    const back = await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    expect(back.json<TPolicyAdminItem>()).toMatchObject({ archived: false, archived_at: null });
  });

  it('refuses to purge a policy still used by restrictions', async () => {
    const restriction = await insertRestriction(ctx.db, { policyId: created.id });
    const listed = await viewer.request({ url: `${path}${created.id}/` });
    expect(listed.json<TPolicyAdminItem>().restriction_count).toBe(1);
    const response = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toMatch(/in use/);
    await ctx.db.delete(restrictions).where(eq(restrictions.id, restriction.id));
  });

  it('purges a record, and the audit row keeps what it was', async () => {
    const response = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(response.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(policies).where(eq(policies.id, created.id))).toEqual([]);
    const audit = (await auditRows(created.id)).at(-1);
    expect(audit).toMatchObject({ action: 'delete', after: null });
    expect(audit?.before).toMatchObject({ slug: 'data-localisation' });
  });

  it('gates every route by its own codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    expect((await (await signIn([])).request({ url: path })).statusCode).toBe(403);
    const refused = [
      viewer.request({ method: 'POST', url: path, payload: body }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload: body }),
      viewer.request({ method: 'POST', url: `${path}1/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});

import { apiPaths, type Paginated, type SectorListItem, type TSectorAdminItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictions } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { insertRestriction, sectorByCode } from '../restrictions/test-support.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;

const path = '/api/admin/sectors/';
const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors: Record<string, string> }>().errors;

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(
    ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_sector`),
  );
  viewer = await signIn(['restrictions.view_sector']);
});
afterAll(() => ctx.close());

describe('admin sectors (the W/120 tree)', () => {
  let business: number;
  let created: TSectorAdminItem;

  it('lists the tree in preorder: each parent right before its children', async () => {
    business = (await sectorByCode(ctx.db, '1')).id;
    const response = await viewer.request({ url: `${path}?page_size=8` });
    const codes = response.json<Paginated<TSectorAdminItem>>().results.map((row) => row.code);
    expect(codes.slice(0, 3)).toEqual(['1', '1.A', '1.A.a']);
    const subtree = await viewer.request({ url: `${path}?parent=${business}&level=3&page_size=100` });
    const rows = subtree.json<Paginated<TSectorAdminItem>>().results;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.level).toBe(3);
      expect(row.path[0]?.code).toBe('1');
    }
    const search = await viewer.request({ url: `${path}?q=1.A.b` });
    expect(search.json<Paginated<TSectorAdminItem>>().results[0]).toMatchObject({
      code: '1.A.b',
      path: [{ code: '1' }, { code: '1.A' }],
    });
  });

  it('creates a sub-sector under a sector, with a slug from its name', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: {
        level: '2',
        parent: String(business),
        code: '1.Z',
        cpc: '',
        name_en: 'Test consulting services',
        name_fr: 'Services de conseil de test',
        sort_order: '9000',
      },
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TSectorAdminItem>();
    expect(created).toMatchObject({
      slug: 'test-consulting-services',
      level: 2,
      parent_id: business,
      cpc: null,
      path: [{ code: '1' }],
      child_count: 0,
    });
  });

  it('enforces the tree: parent one level up, unique code, none for a sector', async () => {
    const base = { code: '1.Y', name_en: 'X', name_fr: 'X' };
    const wrongLevel = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...base, level: 3, parent: business },
    });
    expect(errorsOf(wrongLevel)).toEqual({ parent: 'The parent must be one level up.' });
    const noParent = await manager.request({ method: 'POST', url: path, payload: { ...base, level: 2 } });
    expect(errorsOf(noParent)).toEqual({ parent: 'Select the parent one level up.' });
    const topWithParent = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...base, level: 1, parent: business },
    });
    expect(errorsOf(topWithParent)).toEqual({ parent: 'A sector (level 1) has no parent.' });
    const badCode = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...base, code: '1..A', level: 1 },
    });
    expect(errorsOf(badCode)).toEqual({ code: 'Enter a code such as 1, 1.A or 1.A.a.' });
    const taken = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...base, code: '1.A', level: 2, parent: business },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ code: 'A sector with this code already exists.' });
  });

  it('an edit reaches the public sector list and the catalogue at once', async () => {
    const before = await ctx.client().request({ url: `/api${apiPaths.allSectors}` });
    expect(before.json<SectorListItem[]>().some((row) => row.id === created.id)).toBe(true);
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: {
        level: 2,
        parent: business,
        code: '1.Z',
        name_en: 'Renamed consulting services',
        name_fr: 'Conseil renommé',
      },
    });
    expect(response.json<TSectorAdminItem>()).toMatchObject({ slug: 'renamed-consulting-services' });
    const list = await ctx.client().request({ url: `/api${apiPaths.allSectors}` });
    const row = list.json<SectorListItem[]>().find((item) => item.id === created.id);
    expect(row?.name.en).toBe('Renamed consulting services');
    const page = await ctx.client().request({ url: '/api/sectors/renamed-consulting-services/' });
    expect(page.statusCode).toBe(200);
    await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    const hidden = await ctx.client().request({ url: `/api${apiPaths.allSectors}` });
    expect(hidden.json<SectorListItem[]>().some((item) => item.id === created.id)).toBe(false);
    await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
  });

  it('keeps the level and parent of a sector in use, and refuses to purge it', async () => {
    const restriction = await insertRestriction(ctx.db, { sectorId: business, subSectorId: created.id });
    const item = await viewer.request({ url: `${path}${created.id}/` });
    expect(item.json<TSectorAdminItem>().restriction_count).toBe(1);
    const moved = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { level: 1, code: '1.Z', name_en: 'Moved', name_fr: 'Déplacé' },
    });
    expect(errorsOf(moved)).toEqual({
      level: 'This sector has sub-sectors or restrictions: its level and parent cannot change.',
    });
    const purge = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purge.statusCode).toBe(409);
    expect(purge.json<{ detail: string }>().detail).toMatch(/in use/);
    await ctx.db.delete(restrictions).where(eq(restrictions.id, restriction.id));
    const gone = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(gone.json()).toEqual({ purged: true, id: created.id });
  });

  it('gates every route by its codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    const body = { level: 1, code: '99', name_en: 'X', name_fr: 'X' };
    const refused = await Promise.all([
      viewer.request({ method: 'POST', url: path, payload: body }),
      viewer.request({ method: 'PUT', url: `${path}${business}/`, payload: body }),
      viewer.request({ method: 'POST', url: `${path}${business}/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}${business}/` }),
    ]);
    for (const response of refused) expect(response.statusCode).toBe(403);
  });
});

import type { Paginated, TRestrictionAccessHolders, TRestrictionAccessItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema/index.js';
import { createAccount, findUser } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { canEditRestrictions } from '../restrictions/restriction-access.js';
import { sectorByCode } from '../restrictions/test-support.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;
let officer: Awaited<ReturnType<typeof createAccount>>;
let groupId: number;

const path = '/api/admin/restriction-access/';
const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors: Record<string, string> }>().errors;

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(
    ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_restrictionaccess`),
  );
  viewer = await signIn(['restrictions.view_restrictionaccess']);
  officer = await createAccount(ctx.db, { staff: true, email: 'officer.ug@example.org' });
  const [group] = await ctx.db.select().from(groups).where(eq(groups.name, 'Data officers'));
  groupId = group!.id;
});
afterAll(() => ctx.close());

const principalOf = async () => ({ user: (await findUser(ctx.db, 'officer.ug@example.org'))! }) as never;

describe('admin restriction access', () => {
  let rule: TRestrictionAccessItem;

  it('offers the groups and active staff users a rule can name', async () => {
    const response = await viewer.request({ url: `${path}holders/` });
    expect(response.statusCode).toBe(200);
    const holders = response.json<TRestrictionAccessHolders>();
    expect(holders.groups.map((group) => group.name)).toContain('Data officers');
    expect(holders.users.map((user) => user.email)).toContain('officer.ug@example.org');
  });

  it('grants a user edit on a country; restriction edits read the rule at once', async () => {
    const sector = (await sectorByCode(ctx.db, '1')).id;
    expect(await canEditRestrictions(ctx.db, await principalOf(), 'UG', sector)).toBe(false);
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: {
        holder: 'user',
        user: String(officer.id),
        group: String(groupId),
        country: 'ug',
        sector: '',
        can_edit: true,
      },
    });
    expect(response.statusCode).toBe(201);
    rule = response.json<TRestrictionAccessItem>();
    expect(rule).toMatchObject({
      holder: 'user',
      group: null,
      user: { id: officer.id, email: 'officer.ug@example.org' },
      country: { code: 'UG', name: { en: 'Uganda' } },
      sector: null,
      can_edit: true,
    });
    expect(await canEditRestrictions(ctx.db, await principalOf(), 'UG', sector)).toBe(true);
    const viewOnly = await manager.request({
      method: 'PUT',
      url: `${path}${rule.id}/`,
      payload: { holder: 'user', user: officer.id, country: 'UG', sector: sector, can_edit: false },
    });
    expect(viewOnly.json<TRestrictionAccessItem>()).toMatchObject({ can_edit: false, sector: { code: '1' } });
    expect(await canEditRestrictions(ctx.db, await principalOf(), 'UG', sector)).toBe(false);
  });

  it('refuses a duplicate rule with a clear message and the existing id', async () => {
    const sector = (await sectorByCode(ctx.db, '1')).id;
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { holder: 'user', user: officer.id, country: 'UG', sector, can_edit: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: 'This group or user already has a rule for this country and sector.',
      errors: { country: 'This group or user already has a rule for this country and sector.' },
      existing_id: rule.id,
    });
  });

  it('refuses bad holders and references field by field', async () => {
    const client = await createAccount(ctx.db, {});
    const noHolder = await manager.request({
      method: 'POST',
      url: path,
      payload: { holder: 'group', country: 'KE' },
    });
    expect(errorsOf(noHolder)).toEqual({ group: 'This field is required.' });
    const bad = await manager.request({
      method: 'POST',
      url: path,
      payload: {
        holder: 'user',
        user: client.id,
        country: 'FR',
        sector: (await sectorByCode(ctx.db, '1.A')).id,
      },
    });
    expect(errorsOf(bad)).toEqual({
      user: 'Select an active staff user.',
      country: 'Select a partner state.',
      sector: 'Select a sector of level 1: access rules apply to a whole sector.',
    });
  });

  it('lists by holder, group, user, country and access, and searches by name', async () => {
    const forGroup = await manager.request({
      method: 'POST',
      url: path,
      payload: { holder: 'group', group: groupId, country: 'UG', can_edit: true },
    });
    expect(forGroup.statusCode).toBe(201);
    const byUser = await viewer.request({ url: `${path}?user=${officer.id}` });
    expect(byUser.json<Paginated<TRestrictionAccessItem>>().results.map((row) => row.id)).toEqual([rule.id]);
    const groupsInUganda = await viewer.request({ url: `${path}?holder=group&country=ug&access=edit` });
    const rows = groupsInUganda.json<Paginated<TRestrictionAccessItem>>().results;
    expect(rows.map((row) => row.group?.name)).toEqual(['Data officers']);
    const search = await viewer.request({ url: `${path}?q=officer.ug&sort=-created_at` });
    expect(search.json<Paginated<TRestrictionAccessItem>>().count).toBe(1);
  });

  it('purges a rule; it has no archive', async () => {
    expect((await manager.request({ method: 'POST', url: `${path}${rule.id}/archive/` })).statusCode).toBe(
      404,
    );
    const purged = await manager.request({ method: 'DELETE', url: `${path}${rule.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: rule.id });
    expect((await viewer.request({ url: `${path}${rule.id}/` })).statusCode).toBe(404);
  });

  it('gates every route by its codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    const stranger = await signIn([]);
    expect((await stranger.request({ url: path })).statusCode).toBe(403);
    expect((await stranger.request({ url: `${path}holders/` })).statusCode).toBe(403);
    const body = { holder: 'group', group: groupId, country: 'KE' };
    const refused = await Promise.all([
      viewer.request({ method: 'POST', url: path, payload: body }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload: body }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ]);
    for (const response of refused) expect(response.statusCode).toBe(403);
  });
});

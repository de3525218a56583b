import type { Paginated, TAdminGroupItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, userGroups } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let admin: TestClient;

const path = '/api/admin/groups/';
const body = {
  name: 'Statisticians',
  description: 'Read the indicators.',
  permissions: ['restrictions.view_indicator', 'restrictions.change_indicator'],
};

async function signIn(options: Parameters<typeof createAccount>[1]) {
  const account = await createAccount(ctx.db, options);
  const client = ctx.client();
  await client.login(account.email, testPassword);
  return { account, client };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signIn({ superuser: true })).client;
});
afterAll(() => ctx.close());

describe('admin groups', () => {
  let created: TAdminGroupItem;

  it('creates a group with its permissions, audited', async () => {
    const response = await admin.request({ method: 'POST', url: path, payload: body });
    expect(response.statusCode).toBe(201);
    created = response.json<TAdminGroupItem>();
    expect(created).toMatchObject({
      name: 'Statisticians',
      permissions: ['restrictions.change_indicator', 'restrictions.view_indicator'],
      member_count: 0,
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'auth.group'), eq(auditLog.objectId, String(created.id))));
    expect(audit).toMatchObject({ action: 'add', before: null });
  });

  it('members hold the group permissions; the list counts them, searches and sorts', async () => {
    const { account, client } = await signIn({ staff: true });
    await ctx.db.insert(userGroups).values({ userId: account.id, groupId: created.id });
    expect((await client.request({ url: '/api/cache/token/' })).json().user.permissions).toEqual([
      'restrictions.change_indicator',
      'restrictions.view_indicator',
    ]);
    const list = await admin.request({ url: `${path}?q=statis&sort=-member_count` });
    const page = list.json<Paginated<TAdminGroupItem>>();
    expect(page.results).toEqual([expect.objectContaining({ id: created.id, member_count: 1 })]);
    const all = await admin.request({ url: `${path}?sort=name&page_size=100` });
    const names = all.json<Paginated<TAdminGroupItem>>().results.map((group) => group.name);
    expect(names).toContain('Regulators');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('changes name, description and permissions; unknown permission and duplicate names are field errors', async () => {
    const changed = await admin.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { name: 'Statistics team', description: '', permissions: ['restrictions.view_indicator'] },
    });
    expect(changed.json<TAdminGroupItem>()).toMatchObject({
      name: 'Statistics team',
      permissions: ['restrictions.view_indicator'],
    });
    const unknown = await admin.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { name: 'Statistics team', permissions: ['restrictions.fly_indicator'] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ permissions: 'Select a valid permission.' });
    const duplicate = await admin.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { name: 'Regulators', permissions: [] },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ name: 'A group with this name already exists.' });
    const [row] = await ctx.db.select().from(groups).where(eq(groups.id, created.id));
    expect(row?.name).toBe('Statistics team');
  });

  it('purges a group; its members lose its permissions', async () => {
    const response = await admin.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(response.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(userGroups).where(eq(userGroups.groupId, created.id))).toEqual([]);
  });

  it('is for superusers only, even for staff holding every auth.*_group codename', async () => {
    const { client } = await signIn({
      staff: true,
      permissions: ['add', 'change', 'delete', 'view'].map((action) => `auth.${action}_group`),
    });
    const refused = [
      client.request({ url: path }),
      client.request({ url: `${path}1/` }),
      client.request({ method: 'POST', url: path, payload: body }),
      client.request({ method: 'PUT', url: `${path}1/`, payload: body }),
      client.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    const declared = ctx.app.routeTable.filter((route) => route.url.startsWith(path));
    expect(declared.length).toBe(5);
    for (const route of declared)
      expect(route.access).toEqual({ kind: 'permission', requirement: { superuser: true } });
  });
});

import type { Paginated, TAdminUserChoices, TAdminUserItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, sessions, users } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { MailCatcher } from '../../test/mail-catcher.js';

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
let manager: TestClient;
let viewer: TestClient;
let regulatorsId: number;

const path = '/api/admin/users/';
const newPassword = 'Staff-Password-2026';

type Errors = { errors: Record<string, string>; detail: string };

async function signIn(options: Parameters<typeof createAccount>[1]) {
  const account = await createAccount(ctx.db, options);
  const client = ctx.client();
  expect((await client.login(account.email, testPassword)).statusCode).toBe(200);
  return { account, client };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.staff@example.org',
  first_name: 'Neema',
  last_name: 'Otieno',
  phone: '+254 700 000001',
  country: 'KE',
  locale: 'en',
  is_active: true,
  account_type: 'staff',
  is_superuser: false,
  groups: [],
  permissions: [],
  ...overrides,
});

const auditRows = (objectId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, 'auth.user'), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id);

beforeAll(async () => {
  ctx = await createTestContext();
  const signedAdmin = await signIn({ superuser: true });
  admin = signedAdmin.client;
  adminId = signedAdmin.account.id;
  manager = (
    await signIn({
      staff: true,
      permissions: ['auth.view_user', 'auth.add_user', 'auth.change_user', 'restrictions.view_policy'],
    })
  ).client;
  viewer = (await signIn({ staff: true, permissions: ['auth.view_user'] })).client;
  const [regulators] = await ctx.db.select().from(groups).where(eq(groups.name, 'Regulators'));
  regulatorsId = regulators?.id ?? 0;
});
afterAll(() => ctx.close());

describe('admin users: invitation', () => {
  let created: TAdminUserItem;

  it('creates a staff account without a password and mails an invitation, audited', async () => {
    const response = await admin.request({
      method: 'POST',
      url: path,
      payload: body({ groups: [regulatorsId], permissions: ['restrictions.view_policy'] }),
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TAdminUserItem>();
    expect(created).toMatchObject({
      email: 'new.staff@example.org',
      account_type: 'staff',
      is_active: true,
      has_password: false,
      groups: [{ id: regulatorsId, name: 'Regulators' }],
      permissions: ['restrictions.view_policy'],
    });
    const [audit] = await auditRows(created.id);
    expect(audit).toMatchObject({ action: 'add', before: null });
    expect(audit?.after).toMatchObject({ email: 'new.staff@example.org' });
  });

  it('the invitation link sets the password on Complete Registration; the user then signs in', async () => {
    const mail = await ctx.mail.waitFor('new.staff@example.org');
    expect(mail.subject).toBe('Your Services Trade Portal staff account');
    const link = MailCatcher.link(mail, '/auth/register/confirm/');
    const token = link.split('/').pop() ?? '';
    const guest = ctx.client();
    await guest.openHostPage();
    const who = await guest.request({ url: `/api/auth/register/confirm/${token}/` });
    expect(who.json()).toEqual({ email: 'new.staff@example.org', first_name: 'Neema' });
    // Nobody can sign in before the password is set.
    expect((await ctx.client().login('new.staff@example.org', newPassword)).statusCode).toBe(400);
    const done = await guest.request({
      method: 'POST',
      url: `/api/auth/register/confirm/${token}/`,
      payload: { new_password: newPassword, confirm_password: newPassword },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: 'new.staff@example.org', is_staff: true });
    const again = ctx.client();
    const login = await again.login('NEW.STAFF@example.org', newPassword);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.permissions).toEqual(
      expect.arrayContaining(['complaints.review_regulator', 'restrictions.view_policy']),
    );
    // One-time link.
    const other = ctx.client();
    await other.openHostPage();
    const reused = await other.request({
      method: 'POST',
      url: `/api/auth/register/confirm/${token}/`,
      payload: { new_password: newPassword, confirm_password: newPassword },
    });
    expect(reused.statusCode).toBe(404);
    const read = await viewer.request({ url: `${path}${created.id}/` });
    expect(read.json<TAdminUserItem>().has_password).toBe(true);
  });

  it('refuses an address already used, whatever its case, on the email field', async () => {
    const response = await admin.request({
      method: 'POST',
      url: path,
      payload: body({ email: 'New.Staff@Example.org' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      email: 'A user with this e-mail address already exists.',
    });
  });

  it('refuses a bad body field by field and creates nothing', async () => {
    const response = await admin.request({
      method: 'POST',
      url: path,
      payload: body({ email: 'nope', first_name: ' ', locale: 'de', groups: [999999] }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toMatchObject({
      email: 'Enter a valid email address.',
      first_name: 'This field is required.',
      locale: 'The locale provided is not supported at this time',
    });
    const unknown = await admin.request({
      method: 'POST',
      url: path,
      payload: body({ email: 'ghost@example.org', groups: [999999], permissions: ['auth.fly_user'] }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Errors>().errors).toMatchObject({ groups: 'Select a valid group.' });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'ghost@example.org'))).toEqual([]);
  });

  it('mails a fresh invitation only to an account without a password', async () => {
    const pending = await admin.request({
      method: 'POST',
      url: path,
      payload: body({ email: 'pending@example.org', first_name: 'Pending', last_name: 'Person' }),
    });
    const id = pending.json<TAdminUserItem>().id;
    await ctx.mail.waitFor('pending@example.org');
    const count = ctx.mail.messages.length;
    const again = await manager.request({ method: 'POST', url: `${path}${id}/invite/` });
    expect(again.statusCode).toBe(200);
    await expect.poll(() => ctx.mail.messages.length).toBe(count + 1);
    const refused = await manager.request({ method: 'POST', url: `${path}${created.id}/invite/` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Errors>().detail).toMatch(/already has a password/);
  });
});

describe('admin users: list', () => {
  it('searches names and e-mail, filters by account type, active and group, sorts and pages', async () => {
    const client = await createAccount(ctx.db, { email: 'zz.client.search@example.org' });
    await createAccount(ctx.db, { email: 'zz.inactive.search@example.org', active: false, staff: true });
    const search = await viewer.request({ url: `${path}?q=zz.&sort=-email&page_size=5` });
    expect(search.statusCode).toBe(200);
    const page = search.json<Paginated<TAdminUserItem>>();
    expect(page.results.map((row) => row.email)).toEqual([
      'zz.inactive.search@example.org',
      'zz.client.search@example.org',
    ]);
    const clients = await viewer.request({ url: `${path}?q=zz.&account_type=client` });
    expect(clients.json<Paginated<TAdminUserItem>>().results.map((row) => row.id)).toEqual([client.id]);
    const inactive = await viewer.request({ url: `${path}?q=search&active=false` });
    expect(inactive.json<Paginated<TAdminUserItem>>().results.map((row) => row.email)).toEqual([
      'zz.inactive.search@example.org',
    ]);
    const byName = await viewer.request({ url: `${path}?q=neema%20otieno` });
    expect(byName.json<Paginated<TAdminUserItem>>().results.map((row) => row.email)).toEqual([
      'new.staff@example.org',
    ]);
    const inGroup = await viewer.request({ url: `${path}?group=${regulatorsId}&page_size=100` });
    const members = inGroup.json<Paginated<TAdminUserItem>>().results;
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((row) => row.groups.some((group) => group.id === regulatorsId))).toBe(true);
    const blankFilters = await viewer.request({ url: `${path}?account_type=&active=&group=` });
    expect(blankFilters.statusCode).toBe(200);
    const bad = await viewer.request({ url: `${path}?account_type=robot&sort=password` });
    expect(bad.statusCode).toBe(422);
  });

  it('answers the group options and the permissions grouped by app and model', async () => {
    const response = await viewer.request({ url: `${path}choices/` });
    expect(response.statusCode).toBe(200);
    const choices = response.json<TAdminUserChoices>();
    expect(choices.groups.map((group) => group.name)).toContain('Regulators');
    const user = choices.permissions.find((model) => model.app === 'auth' && model.model === 'user');
    expect(user?.permissions.map((permission) => permission.action)).toEqual([
      'view',
      'add',
      'change',
      'delete',
    ]);
    const complaint = choices.permissions.find((model) => model.model === 'complaint');
    expect(complaint?.permissions.map((permission) => permission.codename)).toContain(
      'complaints.review_council',
    );
  });
});

describe('admin users: changes and their rules', () => {
  it('changes names, locale, account type, groups and direct permissions, with before and after', async () => {
    const target = await createAccount(ctx.db, { staff: true, groups: ['Regulators'] });
    const response = await admin.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({
        email: target.email,
        first_name: 'Changed',
        locale: 'fr',
        country: '',
        groups: [],
        permissions: ['auth.view_user'],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TAdminUserItem>()).toMatchObject({
      first_name: 'Changed',
      locale: 'fr',
      country: null,
      groups: [],
      permissions: ['auth.view_user'],
    });
    const audit = (await auditRows(target.id)).at(-1);
    expect(audit?.before).toMatchObject({ first_name: 'Test', groups: [{ name: 'Regulators' }] });
    expect(audit?.after).toMatchObject({ first_name: 'Changed', groups: [] });
    const moved = await admin.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({ email: 'other@example.org' }),
    });
    expect(moved.json<Errors>().errors).toEqual({
      email: 'The e-mail address of an existing account cannot be changed.',
    });
  });

  it('a user cannot remove their own superuser status nor deactivate themselves', async () => {
    const [me] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    const own = body({ email: me?.email, is_superuser: false, is_active: false, account_type: 'client' });
    const response = await admin.request({ method: 'PUT', url: `${path}${adminId}/`, payload: own });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      is_superuser: 'You cannot remove your own superuser status.',
      is_active: 'You cannot deactivate your own account.',
      account_type: 'You cannot turn your own account into a client account.',
    });
    const [after] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    expect(after).toMatchObject({ isSuperuser: true, isActive: true, isStaff: true });
    expect((await auditRows(adminId)).length).toBe(0);
  });

  it('only superusers grant superuser status or touch superuser accounts; others grant only what they hold', async () => {
    const target = await createAccount(ctx.db, { staff: true });
    const promote = await manager.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({ email: target.email, is_superuser: true }),
    });
    expect(promote.statusCode).toBe(422);
    expect(promote.json<Errors>().errors).toEqual({
      is_superuser: 'Only a superuser can grant or remove superuser status.',
    });
    const escalate = await manager.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({ email: target.email, permissions: ['auth.delete_user'], groups: [regulatorsId] }),
    });
    expect(escalate.json<Errors>().errors).toEqual({
      permissions: 'You can only grant permissions you hold yourself.',
      groups: 'You can only grant permissions you hold yourself.',
    });
    const allowed = await manager.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({ email: target.email, permissions: ['restrictions.view_policy'] }),
    });
    expect(allowed.statusCode).toBe(200);
    const superuser = await createAccount(ctx.db, { superuser: true });
    const touch = await manager.request({
      method: 'PUT',
      url: `${path}${superuser.id}/`,
      payload: body({ email: superuser.email, is_superuser: true }),
    });
    expect(touch.statusCode).toBe(403);
    expect(touch.json<Errors>().detail).toBe('Only a superuser can change a superuser account.');
    const granted = await admin.request({
      method: 'PUT',
      url: `${path}${target.id}/`,
      payload: body({ email: target.email, is_superuser: true }),
    });
    expect(granted.json<TAdminUserItem>().is_superuser).toBe(true);
  });

  it('deactivating a user ends their sessions', async () => {
    const { account, client } = await signIn({ staff: true });
    expect((await client.request({ url: '/api/profile/' })).statusCode).toBe(200);
    const response = await admin.request({
      method: 'PUT',
      url: `${path}${account.id}/`,
      payload: body({ email: account.email, is_active: false }),
    });
    expect(response.json<TAdminUserItem>().is_active).toBe(false);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await client.request({ url: '/api/profile/' })).statusCode).toBe(401);
    expect((await ctx.client().login(account.email, testPassword)).statusCode).toBe(400);
  });

  it('mails a password reset link that works, audited', async () => {
    const target = await createAccount(ctx.db, { email: 'forgetful@example.org' });
    const response = await manager.request({ method: 'POST', url: `${path}${target.id}/password-reset/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'A password reset link has been sent to the user.' });
    const mail = await ctx.mail.waitFor('forgetful@example.org');
    const token = new URL(MailCatcher.link(mail, '/auth/register/reset')).searchParams.get('token');
    const guest = ctx.client();
    await guest.openHostPage();
    const reset = await guest.request({
      method: 'POST',
      url: `/api/auth/register/reset/${token}/`,
      payload: { new_password: newPassword, confirm_password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.client().login('forgetful@example.org', newPassword)).statusCode).toBe(200);
    expect((await auditRows(target.id)).map((row) => row.action)).toEqual(['password_reset']);
    expect((await manager.request({ method: 'POST', url: `${path}999999/password-reset/` })).statusCode).toBe(
      404,
    );
  });

  it('never purges an account: deactivation instead', async () => {
    const target = await createAccount(ctx.db);
    const response = await admin.request({ method: 'DELETE', url: `${path}${target.id}/` });
    expect(response.statusCode).toBe(409);
    expect(response.json<Errors>().detail).toMatch(/deactivate the account instead/);
    expect(await ctx.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  it('gates every route by its codename: view only reads', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    const nobody = (await signIn({ staff: true })).client;
    expect((await nobody.request({ url: path })).statusCode).toBe(403);
    expect((await nobody.request({ url: `${path}choices/` })).statusCode).toBe(403);
    const refused = [
      viewer.request({ method: 'POST', url: path, payload: body({ email: 'x@example.org' }) }),
      viewer.request({ method: 'PUT', url: `${path}${adminId}/`, payload: body() }),
      viewer.request({ method: 'POST', url: `${path}${adminId}/password-reset/` }),
      viewer.request({ method: 'POST', url: `${path}${adminId}/invite/` }),
      viewer.request({ method: 'DELETE', url: `${path}${adminId}/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});

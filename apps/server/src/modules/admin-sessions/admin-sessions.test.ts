import type { Paginated, TAdminSessionItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../auth/tokens.js';
import { auditLog, sessions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let admin: TestClient;
let adminEmail: string;
let member: { id: number; email: string };
let memberClient: TestClient;

const path = '/api/admin/sessions/';
const ago = (ms: number) => new Date(Date.now() - ms);

async function signIn(options: Parameters<typeof createAccount>[1]) {
  const account = await createAccount(ctx.db, options);
  const client = ctx.client();
  await client.login(account.email, testPassword);
  return { account, client };
}

const listOf = async (query: string) =>
  (await admin.request({ url: `${path}?page_size=100&${query}` })).json<Paginated<TAdminSessionItem>>();

beforeAll(async () => {
  ctx = await createTestContext();
  const signed = await signIn({ superuser: true });
  admin = signed.client;
  adminEmail = signed.account.email;
  const other = await signIn({ staff: true });
  member = other.account;
  memberClient = other.client;
});
afterAll(() => ctx.close());

describe('admin sessions', () => {
  it('lists sessions with their user, dates and an expired flag; filters by state, user and search', async () => {
    // Two more sessions of the member, then one of them expires.
    const extra = ctx.client();
    await extra.login(member.email, testPassword);
    await ctx.client().login(member.email, testPassword);
    const first = { idHash: sha256(extra.cookies.get('stp_session') ?? '') };
    await ctx.db
      .update(sessions)
      .set({ expiresAt: ago(60_000) })
      .where(eq(sessions.idHash, first.idHash));

    const mine = await listOf(`user=${member.id}&sort=expires_at`);
    expect(mine.count).toBe(3);
    expect(mine.results[0]).toMatchObject({
      expired: true,
      current: false,
      user: { id: member.id, email: member.email, name: expect.stringContaining('Test') },
    });
    expect(mine.results[0]?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(mine)).not.toContain(first.idHash);
    expect((await listOf(`user=${member.id}&state=expired`)).count).toBe(1);
    expect((await listOf(`user=${member.id}&state=active`)).count).toBe(2);
    const own = await listOf(`q=${encodeURIComponent(adminEmail)}`);
    expect(own.results).toEqual([expect.objectContaining({ current: true, expired: false })]);
    expect((await admin.request({ url: `${path}?state=old` })).statusCode).toBe(422);
    expect((await admin.request({ url: `${path}?sort=id_hash` })).statusCode).toBe(422);
  });

  it('bulk removal takes only the expired sessions and answers the count, audited', async () => {
    const before = await listOf('');
    const expired = before.results.filter((session) => session.expired).length;
    expect(expired).toBe(1);
    const response = await admin.request({ method: 'POST', url: `${path}purge-expired/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: expired });
    const after = await listOf('');
    expect(after.count).toBe(before.count - expired);
    expect(after.results.every((session) => !session.expired)).toBe(true);
    // The live sessions still work.
    expect((await memberClient.request({ url: '/api/profile/' })).statusCode).toBe(200);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'purge_expired'));
    expect(audit).toMatchObject({ model: 'auth.session', after: { removed: 1 } });
    const again = await admin.request({ method: 'POST', url: `${path}purge-expired/` });
    expect(again.json()).toEqual({ removed: 0 });
  });

  it('removes one session: its holder is signed out; the own current session is refused', async () => {
    const { results } = await listOf(`user=${member.id}&sort=-last_seen_at`);
    for (const session of results) {
      const response = await admin.request({ method: 'DELETE', url: `${path}${session.key}/` });
      expect(response.statusCode).toBe(200);
    }
    expect((await memberClient.request({ url: '/api/profile/' })).statusCode).toBe(401);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, results[0]?.key ?? ''));
    expect(audit).toMatchObject({ action: 'delete', model: 'auth.session', after: null });
    const missing = await admin.request({ method: 'DELETE', url: `${path}${'0'.repeat(64)}/` });
    expect(missing.statusCode).toBe(404);
    const current = (await listOf(`q=${encodeURIComponent(adminEmail)}`)).results[0];
    const refused = await admin.request({ method: 'DELETE', url: `${path}${current?.key}/` });
    expect(refused.statusCode).toBe(409);
  });

  it('is for superusers only', async () => {
    const { client } = await signIn({
      staff: true,
      permissions: ['auth.view_session', 'auth.delete_session'],
    });
    for (const response of await Promise.all([
      client.request({ url: path }),
      client.request({ method: 'POST', url: `${path}purge-expired/` }),
      client.request({ method: 'DELETE', url: `${path}${'0'.repeat(64)}/` }),
      client.request({ method: 'POST', url: '/test-hooks/sessions/expired/', payload: { count: 1 } }),
    ]))
      expect(response.statusCode).toBe(403);
  });

  it('the test hook (NODE_ENV=test only) makes expired sessions for the calling superuser', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/test-hooks/sessions/expired/',
      payload: { count: 2 },
    });
    expect(response.json()).toEqual({ created: 2 });
    expect((await listOf('state=expired')).count).toBe(2);
    expect(ctx.app.routeTable.some((route) => route.url.includes('test-hooks'))).toBe(false);
  });
});

// The database store of the named rate limits (docs/two-instances.md): atomic counts, windows that
// start again once run out, expired rows swept, and no caller's raw e-mail kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { sleep } from '../modules/complaints/complaint-crash.fixtures.js';
import { createAccount, testPassword } from '../test/factories.js';
import { deviceCookie } from './login-limits.js';
import { countHit } from './rate-limits.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_LOGIN_ACCOUNT: '2/1m' });
});
afterAll(() => ctx.close());

describe('rate limit store', () => {
  // First in the file: the first count on a database runs the sweep (then at most once a minute).
  it('sweeps the rows whose window ended', async () => {
    const expired = sql`now() - interval '1 hour'`;
    await ctx.db.insert(rateLimitHits).values({ key: 'test:old', hits: 7, expiresAt: expired });
    await countHit(ctx.db, 'test:new', 60_000);
    const keys = async () =>
      (await ctx.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    await expect.poll(keys).toEqual(['test:new']);
  });

  it('counts simultaneous hits once each, and gives the time left of the window', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => countHit(ctx.db, 'test:burst', 60_000)),
    );
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    for (const { ttlMs } of results) {
      expect(ttlMs).toBeGreaterThan(50_000);
      expect(ttlMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts a window again at 1 once it has run out', async () => {
    expect((await countHit(ctx.db, 'test:short', 300)).hits).toBe(1);
    expect((await countHit(ctx.db, 'test:short', 300)).hits).toBe(2);
    await sleep(400);
    expect((await countHit(ctx.db, 'test:short', 300)).hits).toBe(1);
  });

  it('limits a login per account and client with hashed keys and a Retry-After header', async () => {
    const client = ctx.client();
    const email = 'Someone-Typed-A-Password@example.org';
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await client.login(email, 'Wrong-guess-123');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(50);
    }
    expect(statuses).toEqual([400, 400, 429]);
    const stored = await ctx.db.select().from(rateLimitHits);
    const hitsOf = (prefix: string) =>
      stored.filter((row) => row.key.startsWith(prefix)).map((row) => row.hits);
    expect(hitsOf('login-account:')).toEqual([3]);
    // The account's ceiling counts the two attempts that were checked, not the refused one.
    expect(hitsOf('login-ceiling:')).toEqual([2]);
    expect(JSON.stringify(stored).toLowerCase()).not.toContain('someone-typed');
  });

  it('forgets a client’s failures at a success, knows its address, and gives its browser a device cookie', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    expect((await client.login(account.email, 'Wrong-guess-123')).statusCode).toBe(400);
    const keys = async (prefix: string) =>
      (await ctx.db.select().from(rateLimitHits)).filter((row) => row.key.startsWith(prefix));
    const before = await keys('login-account:');
    expect((await client.login(account.email, testPassword)).statusCode).toBe(200);
    const after = await keys('login-account:');
    expect(after.length).toBe(before.length - 1);
    const known = await keys('login-known:');
    expect(known).toHaveLength(1);
    expect(known[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
    expect(JSON.stringify(known)).not.toContain('127.0.0.1');
    expect(client.cookies.get(deviceCookie)).toMatch(/^[\w-]{43}$/);
  });
});

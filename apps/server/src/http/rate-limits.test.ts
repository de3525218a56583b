// Security matrix, rate limits (issue 7): login per address and per account, registration, the token
// endpoint and the SMS webhook per sender, through HTTP only (so it holds whatever store counts the
// hits). What the module suites already prove is not repeated: accounts.test.ts (the 429 sequences of
// login, registration and token; the global ceiling), profile.test.ts (password change per account),
// sms-intake.test.ts (per sender: no complaint, no reply, a log row, another sender served). Here: the
// Retry-After header, addresses and accounts kept apart, the registration allowance shared by its
// four routes, the window running out, and a sender's number written in other ways. Issue 29: callers
// behind a trusted proxy (item 5), and login limits that keep guessing slow without locking the owner
// out (item 6; docs/security.md).
import { messages } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, smsMessages, smsServices } from '../db/schema/index.js';
import { FakeSmsGateway } from '../sms/fake-gateway.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, TestClient, type TestContext } from '../test/harness.js';

const smsSecret = 'webhook-secret-for-rate-limit-tests-0123';
const limits = {
  RATE_LIMIT_LOGIN_IP: '3/1m',
  RATE_LIMIT_LOGIN_ACCOUNT: '3/15m',
  RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '4/1h',
  RATE_LIMIT_REGISTER: '3/1h',
  RATE_LIMIT_TOKEN: '3/4s',
  RATE_LIMIT_SMS_SENDER: '2/1h',
};
const gateway = new FakeSmsGateway();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ctx: TestContext;
let ipSequence = 0;

beforeAll(async () => {
  const gatewayUrl = await gateway.start();
  ctx = await createTestContext({
    ...limits,
    SMS_WEBHOOK_SECRET: smsSecret,
    SMS_GATEWAY_URL: gatewayUrl,
    SMS_GATEWAY_USERNAME: 'stp-test',
    SMS_GATEWAY_API_KEY: 'key-123',
    SMS_SENDER_ID: 'STP',
  });
  await ctx.db.insert(smsServices).values({
    countryCode: 'KE',
    isActive: true,
    shortCode: '20547',
    keyword: 'NTB',
    instructionsEn: 'Send NTB …',
    instructionsFr: 'Envoyez NTB …',
    activatedOn: '2020-01-01',
  });
});
afterAll(async () => {
  await ctx?.close();
  await gateway.stop();
});

/** A browser-like caller at its own address (a fresh one unless given). */
function clientAt(ip = `198.51.100.${++ipSequence}`): TestClient {
  const app = {
    inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress: ip }),
  } as unknown as FastifyInstance;
  return new TestClient(app);
}

/** The spec's 429 (section 8: "API Limit"), with a Retry-After of at most the window. */
function expectLimited(response: Awaited<ReturnType<TestClient['request']>>, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ detail: messages.apiLimit, title: messages.apiLimitTitle });
  expect(messages.apiLimit).toBe('You have made too many requests. Please try again later.');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `retry-after: ${response.headers['retry-after']}`).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return retryAfter;
}

async function login(client: TestClient, email: string, password: string) {
  if (!client.csrf) await client.openHostPage();
  return client.request({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
}

describe('login', () => {
  it('per address: the attempt after the allowance is 429 whatever account it names; other addresses go on', async () => {
    const account = await createAccount(ctx.db);
    const crowded = clientAt();
    for (let i = 0; i < 3; i++)
      expect((await login(crowded, `nobody-${i}@example.org`, 'Wrong-guess-1')).statusCode).toBe(400);
    // Even the right password: the limit is checked before any password is.
    expectLimited(await login(crowded, account.email, testPassword), 60);
    expect((await login(clientAt(), account.email, testPassword)).statusCode).toBe(200);
  });

  it('per address: an IPv6 caller counts by its /64, so choosing other low bits resets nothing', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++)
      statuses.push(
        (await login(clientAt(`2001:db8:29:5::${i}`), `v6-${i}@example.org`, 'Wrong-1')).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await login(clientAt('2001:db8:29:6::1'), 'v6-5@example.org', 'Wrong-1')).statusCode).toBe(400);
  });

  it('per account and address: the guessing address is stopped however it spells the e-mail; the owner elsewhere gets in', async () => {
    const victim = await createAccount(ctx.db);
    const attacker = clientAt();
    const spellings = [victim.email, victim.email.toUpperCase(), `  ${victim.email}  `];
    for (const spelling of spellings)
      expect((await login(attacker, spelling, 'Wrong-guess-1')).statusCode, spelling).toBe(400);
    expectLimited(await login(attacker, victim.email, 'Wrong-guess-2'), 15 * 60);
    // Even the right password from the guessing address: the limit is checked before any password is.
    expectLimited(await login(attacker, victim.email, testPassword), 15 * 60);
    // Issue 29, item 6: the stranger does not keep the owner out (was 429 for 15 minutes).
    expect((await login(clientAt(), victim.email, testPassword)).statusCode).toBe(200);
  });
});

describe('login guesses spread over many addresses (issue 29, item 6)', () => {
  /** Failed guesses on `email`, one from each new address, until one is refused; the statuses. */
  async function guessFromNewAddresses(email: string, count: number) {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await login(clientAt(), email, `Wrong-guess-${i}`));
    return answers;
  }

  it('past the ceiling, strangers wait a growing delay between guesses; the owner’s address and browser get in', async () => {
    const owner = await createAccount(ctx.db);
    // The owner signed in before: from home, and in a browser that keeps its device cookie.
    const home = `198.51.100.${++ipSequence}`;
    const browser = clientAt(home);
    expect((await browser.login(owner.email, testPassword)).statusCode).toBe(200);
    expect((await browser.request({ method: 'POST', url: '/api/auth/logout/' })).statusCode).toBe(200);

    // A stranger's browser that holds a device cookie of another account is a stranger here too.
    const other = await createAccount(ctx.db);
    const otherBrowser = clientAt();
    expect((await otherBrowser.login(other.email, testPassword)).statusCode).toBe(200);
    expect(otherBrowser.cookies.get('stp_device')).toMatch(/^[\w-]{43}$/);

    // Four wrong guesses (the ceiling, 4/1h here) from four addresses, then one more: each is checked.
    const first = await guessFromNewAddresses(owner.email, 5);
    expect(first.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    // The next stranger waits: 429 with the time left, refused before any password is checked.
    const waitOne = expectLimited((await guessFromNewAddresses(owner.email, 1))[0]!, 1);
    expectLimited(await login(otherBrowser, owner.email, 'Wrong-guess-x'), 1);

    // The owner is not kept out: from home (a new browser there), and in their browser from elsewhere.
    expect((await login(clientAt(home), owner.email, testPassword)).statusCode).toBe(200);
    const travelling = new TestClient({
      inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress: '203.0.113.250' }),
    } as unknown as FastifyInstance);
    for (const [name, value] of browser.cookies) travelling.cookies.set(name, value);
    expect((await login(travelling, owner.email, testPassword)).statusCode).toBe(200);

    // Once the delay has passed, one more guess is checked, and the delay after it is longer.
    await sleep(waitOne * 1000 + 200);
    expect((await guessFromNewAddresses(owner.email, 1))[0]!.statusCode).toBe(400);
    const waitTwo = expectLimited((await guessFromNewAddresses(owner.email, 1))[0]!, 2);
    expect(waitTwo).toBeGreaterThan(waitOne);
    // A stranger with the right password (the owner on a new phone) waits too, then gets in.
    const phone = clientAt();
    expectLimited(await login(phone, owner.email, testPassword), 2);
    await sleep(waitTwo * 1000 + 200);
    expect((await login(phone, owner.email, testPassword)).statusCode).toBe(200);
  });

  it('ten strangers at once past the ceiling: one guess is checked, the rest wait', async () => {
    const victim = await createAccount(ctx.db);
    await guessFromNewAddresses(victim.email, 4);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(clientAt(), victim.email, `Burst-guess-${i}`)),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([400, ...Array(9).fill(429)]);
  });
});

describe('behind a trusted proxy (issue 29, item 5)', () => {
  /** A caller at `client` reaching the server through a proxy at `proxy`, which appends `client` to X-Forwarded-For. */
  function throughProxy(target: TestContext, proxy: string, client: string, chosen: () => string) {
    const app = {
      inject: (options: InjectOptions) =>
        target.app.inject({
          ...options,
          remoteAddress: proxy,
          // What the caller wrote itself comes first; the proxy appends the address it saw.
          headers: { ...options.headers, 'x-forwarded-for': `${chosen()}, ${client}` },
        }),
    } as unknown as FastifyInstance;
    return new TestClient(app);
  }

  it.each([
    ['a hop count of 1', '1', '30/5m', 30],
    ['true, which now means one hop', 'true', '3/1m', 3],
    ['a list of proxy addresses', '10.0.0.0/8, 192.0.2.10', '3/1m', 3],
  ])(
    'takes the address the proxy appended with %s: rotating the rest of X-Forwarded-For resets nothing',
    { timeout: 120_000 },
    async (_name, trustProxy, loginLimit, allowance) => {
      const proxied = await createTestContext({ TRUST_PROXY: trustProxy, RATE_LIMIT_LOGIN_IP: loginLimit });
      try {
        let rotation = 0;
        const caller = throughProxy(proxied, '10.0.0.1', '203.0.113.7', () => `192.0.2.${++rotation % 250}`);
        const statuses: number[] = [];
        for (let i = 0; i < allowance + 5; i++)
          statuses.push((await login(caller, `nobody-${i}@example.org`, 'Wrong-guess-1')).statusCode);
        expect(statuses).toEqual([...Array(allowance).fill(400), ...Array(5).fill(429)]);
        // Another client behind the same proxy goes on.
        const other = throughProxy(proxied, '10.0.0.1', '203.0.113.8', () => '192.0.2.1');
        expect((await login(other, 'nobody@example.org', 'Wrong-guess-1')).statusCode).toBe(400);
      } finally {
        await proxied.close();
      }
    },
  );

  it('believes no X-Forwarded-For from a caller that is not a listed proxy', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_LOGIN_IP: '3/1m' });
    try {
      let rotation = 0;
      // Straight to the server from outside the list: its own X-Forwarded-For is ignored.
      const direct = throughProxy(proxied, '198.51.100.200', '203.0.113.9', () => `192.0.2.${++rotation}`);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await login(direct, `nobody-${i}@example.org`, 'Wrong-guess-1')).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await proxied.close();
    }
  });
});

describe('registration', () => {
  const password = { new_password: 'Nyama-Choma-Friday', confirm_password: 'Nyama-Choma-Friday' };
  const unknownToken = 'x'.repeat(40);

  it('has one allowance per address shared by sign-up, confirmation and reset; other addresses go on', async () => {
    const client = clientAt();
    await client.openHostPage();
    const calls = [
      { url: '/api/auth/register/reset/', payload: { email: 'first@example.org' }, status: 200 },
      { url: `/api/auth/register/confirm/${unknownToken}/`, payload: password, status: 404 },
      { url: `/api/auth/register/reset/${unknownToken}/`, payload: password, status: 404 },
    ];
    for (const call of calls) {
      const response = await client.request({ method: 'POST', url: call.url, payload: call.payload });
      expect(response.statusCode, `${call.url}: ${response.body}`).toBe(call.status);
    }
    const signUp = {
      first_name: 'Amani',
      last_name: 'Otieno',
      email: 'amani.otieno@example.org',
      country: 'KE',
    };
    expectLimited(
      await client.request({ method: 'POST', url: '/api/auth/register/client/', payload: signUp }),
      3600,
    );
    expectLimited(
      await client.request({
        method: 'POST',
        url: '/api/auth/register/reset/',
        payload: { email: 'second@example.org' },
      }),
      3600,
    );
    const elsewhere = clientAt();
    await elsewhere.openHostPage();
    const other = await elsewhere.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: 'third@example.org' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the token endpoint', () => {
  it('is 429 after its allowance, for that address only, and serves again once Retry-After has passed', async () => {
    const client = clientAt();
    const token = () => client.request({ url: '/api/cache/token/' });
    for (let i = 0; i < 3; i++) expect((await token()).statusCode).toBe(200);
    const retryAfter = expectLimited(await token(), 4);
    expect((await clientAt().request({ url: '/api/cache/token/' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 300));
    expect((await token()).statusCode).toBe(200);
  });
});

describe('the SMS webhook', () => {
  const inbound = (from: string, text: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/sms/inbound/?secret=${smsSecret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from, to: '20547', text, date: '2026-11-20 09:15:00' }).toString(),
    });
  const outcomes = async (phone: string) =>
    (
      await ctx.db
        .select({ outcome: smsMessages.outcome })
        .from(smsMessages)
        .where(and(eq(smsMessages.phone, phone), eq(smsMessages.direction, 'in')))
        .orderBy(smsMessages.id)
    ).map((row) => row.outcome);

  it('counts one sender however the number is written; over it the gateway still gets 200 (docs/sms.md)', async () => {
    const phone = '+254712000111';
    for (const [from, text] of [
      ['+254 712 000 111', 'NTB licence refused at the border post'],
      ['00254712000111', 'NTB work permit refused to a nurse'],
      ['254712000111', 'NTB a third complaint over the limit'],
    ] as const) {
      const response = await inbound(from, text);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: 'Received.' });
    }
    expect(await outcomes(phone)).toEqual(['complaint', 'complaint', 'rate_limited']);
    expect(await ctx.db.select().from(complaints).where(eq(complaints.smsPhone, phone))).toHaveLength(2);
    expect((await inbound('+254712000222', 'NTB another sender is served')).statusCode).toBe(200);
    expect(await outcomes('+254712000222')).toEqual(['complaint']);
  });
});

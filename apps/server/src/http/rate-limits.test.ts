// Security matrix, rate limits (issue 7): login per address and per account, registration, the token
// endpoint and the SMS webhook per sender, through HTTP only (so it holds whatever store counts the
// hits). What the module suites already prove is not repeated: accounts.test.ts (the 429 sequences of
// login, registration and token; the global ceiling), profile.test.ts (password change per account),
// sms-intake.test.ts (per sender: no complaint, no reply, a log row, another sender served). Here: the
// Retry-After header, addresses and accounts kept apart, the registration allowance shared by its
// four routes, the window running out, and a sender's number written in other ways.
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
  RATE_LIMIT_REGISTER: '3/1h',
  RATE_LIMIT_TOKEN: '3/4s',
  RATE_LIMIT_SMS_SENDER: '2/1h',
};
const gateway = new FakeSmsGateway();
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

  it('per account: whatever the address or the way the e-mail is written; other accounts go on', async () => {
    const victim = await createAccount(ctx.db);
    const bystander = await createAccount(ctx.db);
    const spellings = [victim.email, victim.email.toUpperCase(), `  ${victim.email}  `];
    for (const spelling of spellings)
      expect((await login(clientAt(), spelling, 'Wrong-guess-1')).statusCode, spelling).toBe(400);
    expectLimited(await login(clientAt(), victim.email, testPassword), 15 * 60);
    expect((await login(clientAt(), bystander.email, testPassword)).statusCode).toBe(200);
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

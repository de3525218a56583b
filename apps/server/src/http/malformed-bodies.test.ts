// Issue 29, item 7: bad bodies get a 4xx, never a 5xx. Malformed multipart bodies (busboy's errors were
// 500s with a stack in the log) to the public, signed-in and admin routes that take form fields, and an
// invalid sort on the complaints export (was 200, the CSV header sent, then the stream aborted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.js';
import { malformedMultipart } from '../test/malformed-requests.js';
import { badRequestText } from './errors.js';

const secret = 'webhook-secret-for-malformed-bodies-0123';

let ctx: TestContext;
let visitor: TestClient;
let superuser: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ SMS_WEBHOOK_SECRET: secret });
  visitor = ctx.client();
  await visitor.openHostPage();
  superuser = await ctx.signedIn([], { superuser: true });
});
afterAll(() => ctx?.close());

/** Who calls which route: the public ones as a visitor with its csrf value, the rest as a superuser. */
const calls: [label: string, method: 'POST' | 'PUT', url: string, caller: () => TestClient][] = [
  ['login', 'POST', '/api/auth/login/', () => visitor],
  ['registration', 'POST', '/api/auth/register/client/', () => visitor],
  ['password reset', 'POST', '/api/auth/register/reset/', () => visitor],
  ['SMS webhook (no secret)', 'POST', '/api/sms/inbound/', () => visitor],
  ['SMS webhook (with its secret)', 'POST', `/api/sms/inbound/?secret=${secret}`, () => visitor],
  ['profile update (avatar)', 'POST', '/api/profile/update/', () => superuser],
  ['new user (admin)', 'POST', '/api/admin/users/', () => superuser],
  ['new group (admin)', 'POST', '/api/admin/groups/', () => superuser],
  ['policy (admin)', 'PUT', '/api/admin/policies/1/', () => superuser],
  ['complaint (its own parser)', 'POST', '/api/complaints/', () => superuser],
  // Last: it ends the superuser's session.
  ['logout', 'POST', '/api/auth/logout/', () => superuser],
];

describe('malformed multipart bodies', () => {
  it.each(calls)('%s: a 4xx JSON error for each', async (_label, method, url, caller) => {
    const wrong: string[] = [];
    for (const body of malformedMultipart) {
      const response = await caller().request({
        method,
        url,
        payload: body.body,
        headers: { 'content-type': body.type },
      });
      const json = String(response.headers['content-type']).startsWith('application/json');
      const detail = json ? response.json<{ detail?: unknown }>().detail : undefined;
      if (response.statusCode >= 500 || response.statusCode < 400 || typeof detail !== 'string')
        wrong.push(`${body.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a body busboy cannot read is 400 "The request could not be understood."', async () => {
    const response = await visitor.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: malformedMultipart[3]!.body,
      headers: { 'content-type': malformedMultipart[3]!.type },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: badRequestText });
  });

  it('a well-formed multipart login still signs in', async () => {
    const { email } = await createAccount(ctx.db);
    const client = ctx.client();
    await client.openHostPage();
    const boundary = 'good-boundary';
    const fields = { email, password: testPassword };
    const payload = `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the complaints export', () => {
  it('refuses an invalid sort with 422 before any byte of CSV', async () => {
    const staff = await ctx.signedIn([], { superuser: true });
    const response = await staff.request({ url: '/api/manage/complaints/export/?sort=no_such_column' });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toMatchObject({
      errors: { sort: expect.stringContaining('Select a valid sort') },
    });
    const good = await staff.request({ url: '/api/manage/complaints/export/?sort=-stage_due_at' });
    expect(good.statusCode).toBe(200);
    expect(good.body.startsWith('\ufeffreference,status,')).toBe(true);
  });
});

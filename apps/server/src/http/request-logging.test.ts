import { setTimeout as delay } from 'node:timers/promises';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../auth/access.js';
import { createAccount } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

type LogEntry = Record<string, unknown> & { msg?: string; level: number };

/** A stream that keeps the server's JSON log lines. */
class LogCapture extends Writable {
  readonly lines: LogEntry[] = [];
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split('\n'))
      if (line.startsWith('{')) {
        this.raw.push(line);
        this.lines.push(JSON.parse(line) as LogEntry);
      }
    done();
  }
  since(index: number) {
    return this.lines.slice(index);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A route of the test's own that logs the way a service does: through the app's root logger, after the body. */
function serviceLikeRoute(logs: LogCapture) {
  return (app: TestContext['app']) => {
    app.post(
      '/api/test/log-probe/',
      { config: { access: access.public(), csrf: false } },
      async (request) => {
        await delay(5);
        app.log.info({ probe: (request.body as { probe: string }).probe }, 'service line');
        await Promise.resolve().then(() => app.log.warn('service warning'));
        request.log.info('route line');
        return { lines: logs.lines.length };
      },
    );
  };
}

describe('request ids and log lines at LOG_LEVEL=info (no proxy trusted)', () => {
  let ctx: TestContext;
  const logs = new LogCapture();
  beforeAll(async () => {
    ctx = await createTestContext(
      { LOG_LEVEL: 'info' },
      { logStream: logs, beforeReady: serviceLikeRoute(logs) },
    );
  });
  afterAll(() => ctx.close());

  it('gives every response its own X-Request-Id, and ignores one a direct caller sends', async () => {
    const client = ctx.client();
    const first = await client.request({ url: '/api/health/' });
    const second = await client.request({ url: '/api/health/' });
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    const chosen = await client.request({
      url: '/api/health/',
      headers: { 'x-request-id': 'chosen-by-caller' },
    });
    expect(chosen.headers['x-request-id']).toMatch(uuid);
    // On a 404 and a page too.
    expect((await client.request({ url: '/api/nothing/' })).headers['x-request-id']).toMatch(uuid);
    expect((await client.request({ url: '/' })).headers['x-request-id']).toMatch(uuid);
  });

  it('writes no line per request at info', async () => {
    const start = logs.lines.length;
    const client = ctx.client();
    for (let i = 0; i < 10; i++) await client.request({ url: '/api/health/' });
    await client.request({ url: '/api/nothing-here/' });
    await client.request({ method: 'POST', url: '/nowhere' });
    await client.request({ url: '/' });
    expect(logs.since(start)).toEqual([]);
  });

  it("puts the request's id on the lines a service logs through the root logger during the request", async () => {
    const client = ctx.client();
    await client.openHostPage();
    const start = logs.lines.length;
    const response = await client.request({
      method: 'POST',
      url: '/api/test/log-probe/',
      payload: { probe: 'after-the-body' },
    });
    expect(response.statusCode).toBe(200);
    const reqId = response.headers['x-request-id'];
    const lines = logs.since(start);
    const serviceLine = lines.find((line) => line.msg === 'service line');
    expect(serviceLine).toMatchObject({ reqId, probe: 'after-the-body' });
    expect(lines.find((line) => line.msg === 'service warning')).toMatchObject({ reqId });
    expect(lines.find((line) => line.msg === 'route line')).toMatchObject({ reqId });
    expect(lines.every((line) => line.reqId === reqId)).toBe(true);
    // Once, not twice (JSON.parse would hide a duplicate key, the raw line does not).
    for (const raw of logs.raw.slice(start)) expect(raw.split('"reqId"').length, raw).toBe(2);
    // A line logged outside any request or job has no id.
    ctx.app.log.info('outside');
    expect(logs.lines.at(-1)).not.toHaveProperty('reqId');
  });

  it("keeps the id past a body read from a real socket (the body arrives in the socket's context)", async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const start = logs.lines.length;
    const response = await fetch(`${address}/api/test/log-probe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Large enough to arrive in several chunks.
      body: JSON.stringify({ probe: 'over-tcp', padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(200);
    const reqId = response.headers.get('x-request-id');
    expect(reqId).toMatch(uuid);
    const lines = logs.since(start);
    expect(lines.find((line) => line.msg === 'service line')).toMatchObject({ reqId, probe: 'over-tcp' });
    expect(lines.find((line) => line.msg === 'service warning')).toMatchObject({ reqId });
  });

  it("puts the job's id and queue on the lines a job logs", async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.openHostPage();
    const start = logs.lines.length;
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(200);
    await ctx.mail.waitFor(account.email);
    const deadline = Date.now() + 10_000;
    let delivered: LogEntry | undefined;
    while (!delivered && Date.now() < deadline) {
      delivered = logs.since(start).find((line) => line.msg === 'mail delivered');
      if (!delivered) await delay(50);
    }
    expect(delivered).toMatchObject({ queue: 'deliver-mail' });
    expect(delivered?.jobId).toMatch(uuid);
    expect(delivered).not.toHaveProperty('reqId');
  });
});

describe('LOG_LEVEL=debug: one line per request', () => {
  let ctx: TestContext;
  const logs = new LogCapture();
  beforeAll(async () => {
    ctx = await createTestContext({ LOG_LEVEL: 'debug' }, { logStream: logs });
  });
  afterAll(() => ctx.close());

  it('writes one concise line per request, with its id, method, address, status and time', async () => {
    const start = logs.lines.length;
    const response = await ctx.client().request({ url: '/api/health/' });
    await ctx.client().request({ url: '/api/nothing-here/' });
    const lines = logs.since(start).filter((line) => line.reqId !== undefined);
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      level: 20,
      reqId: response.headers['x-request-id'],
      method: 'GET',
      url: '/api/health/',
      statusCode: 200,
    });
    expect(typeof requestLines[0]?.responseTime).toBe('number');
    expect(requestLines[1]).toMatchObject({ statusCode: 404 });
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});

describe('TRUST_PROXY set: the proxy names the request', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it("takes the proxy's X-Request-Id when it is short and plain, else makes one", async () => {
    const client = ctx.client();
    const given = await client.request({
      url: '/api/health/',
      headers: { 'x-request-id': 'lb-7f3a.91:edge-2' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.91:edge-2');
    for (const bad of ['a'.repeat(129), 'two words', '"quoted"', 'tab\there', '']) {
      const response = await client.request({ url: '/api/health/', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id'], bad).toMatch(uuid);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { freePort } from '../test/server-process.js';

const token = randomBytes(24).toString('hex');

/** The value of the series with exactly these labels (in this order), or undefined. */
function sample(text: string, name: string, labels: string): number | undefined {
  const prefix = labels === '' ? `${name} ` : `${name}{${labels}} `;
  const line = text.split('\n').find((entry) => entry.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** The distinct `route` labels of the request histogram. */
function routeLabels(text: string): Set<string> {
  const routes = new Set<string>();
  for (const match of text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm))
    routes.add(match[1] ?? '');
  return routes;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: token });
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('refuses a scrape without the token or with another one (401)', async () => {
    const missing = await ctx.app.inject({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.body).not.toContain('http_request_duration_seconds');
    const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    const basic = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Basic ${token}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('counts requests and their durations by route pattern and status, with pool, queue and event-loop series', async () => {
    const client = ctx.client();
    for (let i = 0; i < 3; i++) expect((await client.request({ url: '/api/health/' })).statusCode).toBe(200);
    // Two restrictions that do not exist: one route pattern, not two addresses.
    await client.request({ url: '/api/restrictions/no-such-one/' });
    await client.request({ url: '/api/restrictions/no-such-two/' });
    const text = await scrape();

    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/health/",status_code="200"',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health\/",status_code="200"\} \d+$/m,
    );
    const restrictionRoutes = [...routeLabels(text)].filter((route) =>
      route.startsWith('/api/restrictions/'),
    );
    expect(restrictionRoutes.some((route) => route.includes(':'))).toBe(true);
    expect(text).not.toContain('no-such-one');

    // Event-loop lag and the process's own metrics (default metrics).
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    // The database pool: PGlite one connection; PostgreSQL its pool's counts.
    expect(sample(text, 'stp_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'stp_db_pool_connections', 'state="max"')).toBeGreaterThanOrEqual(1);
    if (ctx.app.deps.dbKind === 'postgres') {
      // The harness's pool of 5, some of it open and idle between requests, nobody waiting.
      expect(sample(text, 'stp_db_pool_connections', 'state="max"')).toBe(5);
      expect(sample(text, 'stp_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'stp_db_pool_waiting_requests', '')).toBe(0);
    }
    // Each queue's depth and failed jobs.
    expect(sample(text, 'stp_job_queue_jobs', 'queue="deliver-mail",state="ready"')).toBeGreaterThanOrEqual(
      0,
    );
    expect(sample(text, 'stp_job_queue_jobs', 'queue="deliver-mail",state="failed"')).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('counts each job run by queue and outcome', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(200);
    await ctx.mail.waitFor(account.email);
    const deadline = Date.now() + 15_000;
    let runs: number | undefined;
    while (Date.now() < deadline) {
      runs = sample(await scrape(), 'stp_job_runs_total', 'queue="deliver-mail",outcome="completed"');
      if ((runs ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs).toBeGreaterThanOrEqual(1);
  });

  it('keeps the route labels bounded under random addresses (404s under a few labels)', async () => {
    const client = ctx.client();
    const before = routeLabels(await scrape()).size;
    for (let i = 0; i < 40; i++) {
      const noise = randomBytes(6).toString('hex');
      await client.request({ url: `/api/${noise}/` });
      await client.request({ url: `/${noise}/deeper/${i}` });
      await client.request({ method: 'POST', url: `/${noise}` });
      await client.request({ method: 'DELETE', url: `/x/${noise}` });
    }
    const text = await scrape();
    const routes = routeLabels(text);
    // The API's catch-all, the host page's and the one label of requests no route matched.
    expect(routes.size - before).toBeLessThanOrEqual(3);
    expect(routes.has('unmatched')).toBe(true);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="POST",route="unmatched",status_code="404"',
      ),
    ).toBe(40);
    expect(text).not.toMatch(/route="\/[0-9a-f]{12}/);
  });
});

describe('GET /metrics without a token or a port of its own', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is not served (404), token or not', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const withHeader = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withHeader.statusCode).toBe(404);
    expect(withHeader.body).not.toContain('http_request_duration_seconds');
  });
});

describe('METRICS_PORT: /metrics on a port of its own', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestContext({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('answers there without a token, and not on the public port', async () => {
    await ctx.client().request({ url: '/api/health/' });
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/health/",status_code="200"',
      ),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from '../auth/auth.plugin.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Routes anyone may call. Adding one here is a security decision: review it. */
const publicRoutes = [
  'GET /api/cache/token/',
  'GET /api/cache/constants/',
  'GET /api/pages/sectors/all_sectors/',
  'GET /api/health/',
  // The load balancer's probes (docs/operations.md): a status, no data.
  'GET /api/health/live/',
  'GET /api/health/ready/',
  'POST /api/auth/login/',
  'POST /api/auth/logout/',
  'POST /api/auth/register/client/',
  'GET /api/auth/register/confirm/:token/',
  'POST /api/auth/register/confirm/:token/',
  'POST /api/auth/register/reset/',
  'POST /api/auth/register/reset/:token/',
  'GET /api/auth/csrf/',
  'GET /api/docs/openapi.json',
  'GET /api/docs/',
  // The public restrictions catalogue: visible restrictions only (docs/catalogue.md).
  'GET /api/restrictions/',
  'GET /api/restrictions/export/',
  'GET /api/restrictions/:slug/',
  'GET /api/sectors/tree/',
  'GET /api/sectors/:slug/',
  'GET /api/commitments/',
  // Partner states side by side: the catalogue's visible records, counted (docs/compare.md).
  'GET /api/compare/',
  // Atom feeds of the public lists: the same visibility rules and filters (docs/feeds.md).
  'GET /api/feeds/restrictions/',
  'GET /api/feeds/notifications/',
  'GET /api/policies/',
  // The public complaints list carries no personal data (docs/complaints.md).
  'GET /api/complaints/public/',
  'GET /api/complaints/public/:reference/',
  // E-mail alerts: a visitor follows with an address confirmed by a mailed link, then acts through the
  // link's token; without a session or a link nothing is read or changed (docs/subscriptions.md).
  'POST /api/subscriptions/',
  'POST /api/subscriptions/confirm/',
  'POST /api/subscriptions/unsubscribe/',
  'GET /api/subscriptions/unsubscribe/',
  'GET /api/subscriptions/',
  'PATCH /api/subscriptions/:id/',
  'DELETE /api/subscriptions/:id/',
  // Complaint handling figures: counts and days, no complaint (docs/complaints-performance.md).
  'GET /api/complaints/performance/',
  'GET /api/complaints/performance/data.csv',
  // Public content of issue 4: published records only (docs/content.md).
  'GET /api/notifications/',
  'GET /api/notifications/:slug/',
  'GET /api/publications/',
  'GET /api/publications/:slug/',
  'GET /api/publications/:slug/file/',
  'GET /api/pages/:slug/',
  'GET /api/pages/:slug/banner/',
  'GET /api/pages/:slug/slides/:slideId/',
  'GET /api/sms-how-to/',
  // Aggregates over the whitelisted metrics: counts and averages, no rows (docs/insights.md).
  'GET /api/home/',
  'GET /api/indicators/',
  'GET /api/indicators/:slug/',
  'GET /api/indicators/:slug/data.csv',
  // Open data: the visible records and counts the public screens show, as files (docs/open-data.md).
  'GET /api/open-data/',
  'GET /api/open-data/catalog.json',
  'GET /api/open-data/:dataset/dictionary.json',
  'GET /api/open-data/:dataset/data.csv',
  'GET /api/open-data/:dataset/data.json',
  'GET /api/reports/featured/',
  'GET /api/reports/:slug/data/',
  'GET /api/reports/preview/',
  // The SMS gateway's callback: refused without the shared secret (docs/sms.md).
  'POST /api/sms/inbound/',
];

describe('route access declarations', () => {
  it('refuses to register an API route that does not declare its access', async () => {
    const app = Fastify();
    await app.register(authPlugin);
    expect(() => app.get('/api/forgotten/', async () => 'oops')).toThrow(/does not declare its access/);
    await app.close();
  });

  it('has no route public by accident', () => {
    const publicNow = ctx.app.routeTable
      .filter((route) => route.access.kind === 'public' && !route.url.startsWith('/api/*'))
      .map((route) => `${route.method} ${route.url}`);
    expect(publicNow.sort()).toEqual([...publicRoutes].sort());
  });
  // Every route as a visitor, a client, staff without and with its permission and a superuser:
  // security-matrix.test.ts.
});

describe('POST /api/admin/sessions/purge-expired/', () => {
  it('is for superusers: 401 for visitors, 403 for staff without it, 200 with a count of what went', async () => {
    const visitor = ctx.client();
    await visitor.openHostPage();
    expect(
      (await visitor.request({ method: 'POST', url: '/api/admin/sessions/purge-expired/' })).statusCode,
    ).toBe(401);

    const staff = await createAccount(ctx.db, {
      staff: true,
      permissions: ['auth.delete_session', 'auth.view_session'],
    });
    const staffClient = ctx.client();
    await staffClient.login(staff.email, testPassword);
    const refused = await staffClient.request({ method: 'POST', url: '/api/admin/sessions/purge-expired/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have access to the specified resource.' });

    const admin = await createAccount(ctx.db, { superuser: true });
    const adminClient = ctx.client();
    await adminClient.login(admin.email, testPassword);
    // Expire the staff session; the superuser's own stays.
    const { sessions } = await import('../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, staff.id));
    const purged = await adminClient.request({ method: 'POST', url: '/api/admin/sessions/purge-expired/' });
    expect(purged.statusCode).toBe(200);
    expect(purged.json()).toEqual({ removed: 1 });
    expect((await adminClient.request({ url: '/api/profile/' })).statusCode).toBe(200);
  });
});

describe('responses', () => {
  // The headers on every kind of response, and HSTS behind a trusted proxy: security-matrix.test.ts.
  it('believe no X-Forwarded-Proto when the proxy is not trusted: no HSTS, no Secure cookie', async () => {
    const response = await ctx.client().request({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['set-cookie'])).toMatch(/stp_csrf=/);
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('answer unknown API paths with JSON 404 and other paths with the host page', async () => {
    const api = await ctx.client().request({ url: '/api/nowhere/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const page = await ctx.client().request({ url: '/public/browse/banking?country=KE' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-csrf=');
    const asset = await ctx.client().request({ url: '/static/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.body).toMatch(/<div id="root" data-csrf="[\w-]{43}" data-token=""><\/div>/);
    // A path no screen matches: the host page (its router shows the not-found screen) with a 404.
    for (const url of ['/public/some/deep/link', '/auth/nowhere', '/index.html']) {
      const lost = await ctx.client().request({ url });
      expect(lost.statusCode, url).toBe(404);
      expect(lost.headers['content-type'], url).toContain('text/html');
      expect(lost.body, url).toMatch(/<div id="root" data-csrf="[\w-]{43}" data-token=""><\/div>/);
    }
    for (const url of ['/static/index.html', '/static/nope.js']) {
      const missing = await ctx.client().request({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('include the OpenAPI document of every API route', async () => {
    const response = await ctx.client().request({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login/', '/api/profile/update/']),
    );
  });

  it('answer 500 with the generic text and nothing of the cause when the database is gone', async () => {
    const failing = await createTestContext();
    try {
      const account = await createAccount(failing.db);
      const client = failing.client();
      await client.login(account.email, testPassword);
      await failing.stopDatabase();
      for (const url of ['/api/health/', '/api/profile/', '/api/cache/constants/']) {
        const response = await client.request({ url });
        expect(response.statusCode, url).toBe(500);
        expect(response.json()).toEqual({
          detail: 'An error occurred while processing your request. Please try again later.',
        });
      }
    } finally {
      await failing.close();
    }
  });

  it('never echo internals for a malformed body', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request could not be understood.' });
  });
});

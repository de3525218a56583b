// Issue 29, item 10: no answer carrying personal data is kept by a browser or a shared cache
// (docs/security.md, "Personal data is never stored by caches"). Routes come from the route table.
import { complaintApiPaths } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, multipart, roles, signIn, validForm } from '../modules/complaints/complaints.fixtures.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { inPool, routeCalls, routeLabel, signInMany } from '../test/route-calls.js';

/**
 * Routes open to visitors whose answer still carries personal data or a session's secrets. Adding a
 * public route that answers per caller means adding it here (and `personalData: true` on it).
 */
const publicPersonalRoutes = [
  'GET /api/cache/token/',
  'POST /api/auth/login/',
  'POST /api/auth/logout/',
  'GET /api/auth/register/confirm/:token/',
  'POST /api/auth/register/confirm/:token/',
  'POST /api/auth/register/reset/:token/',
  'GET /api/auth/csrf/',
];

/** Signed-in routes that declare `personalData: false`, each with the reason. Review any addition. */
const signedInNotPersonal: Record<string, string> = {
  'GET /api/admin/page-templates/images/':
    'images of page templates in the staff preview: content for the public site, not about a person',
};

const noStore = (value: unknown) => typeof value === 'string' && value.split(/,\s*/).includes('no-store');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('Cache-Control on the route table', () => {
  it(
    'is no-store on every answer of a route that needs a sign-in, to a visitor and to a superuser',
    { timeout: 120_000 },
    async () => {
      const routes = ctx.app.routeTable.filter((route) => route.access.kind !== 'public');
      expect(routes.length).toBeGreaterThan(100);
      expect(routes.map(routeLabel)).toEqual(expect.arrayContaining(Object.keys(signedInNotPersonal)));
      const calls = routeCalls(ctx.app, routes);
      const visitor = ctx.client();
      await visitor.openHostPage();
      const [superuser] = await signInMany(ctx, [{ superuser: true }]);
      const failures: string[] = [];
      await inPool(routes, 6, async (route) => {
        const label = routeLabel(route);
        const { url, body } = calls.get(label)!;
        const callers = route.method === 'GET' ? [visitor, superuser!] : [visitor];
        for (const caller of callers) {
          const response = await caller.request({
            method: route.method,
            url,
            ...(route.method === 'GET' ? {} : { payload: body as object }),
          });
          const cache = response.headers['cache-control'];
          const wanted = !(label in signedInNotPersonal);
          if (noStore(cache) !== wanted)
            failures.push(`${label} ${response.statusCode}: Cache-Control ${String(cache)}`);
        }
      });
      expect(failures).toEqual([]);
    },
  );

  it('is no-store on the public routes that answer with the caller’s data, and only there', async () => {
    const publicRoutes = ctx.app.routeTable.filter(
      (route) => route.access.kind === 'public' && route.method === 'GET',
    );
    const calls = routeCalls(ctx.app, publicRoutes);
    const visitor = ctx.client();
    await visitor.openHostPage();
    const failures: string[] = [];
    for (const route of publicRoutes) {
      const label = routeLabel(route);
      const response = await visitor.request({ url: calls.get(label)!.url });
      if (publicPersonalRoutes.includes(label) && !noStore(response.headers['cache-control']))
        failures.push(`${label}: ${String(response.headers['cache-control'])}`);
    }
    expect(failures).toEqual([]);
    // Public content keeps the caching it declares.
    const constants = await visitor.request({ url: '/api/cache/constants/' });
    expect(constants.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('Cache-Control on answers with real personal data', () => {
  it('is no-store on the profile, the avatar, sign-in and the token', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    const login = await client.login(account.email, testPassword);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const profile = await client.request({ url: '/api/profile/' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ profile: { email: string } }>().profile.email).toBe(account.email);
    expect(profile.headers['cache-control']).toBe('no-store');

    const update = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: avatarForm(),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.headers['cache-control']).toBe('no-store');
    const avatar = await client.request({
      url: update.json<{ profile: { avatar: string } }>().profile.avatar,
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    // Was `private, max-age=86400`: the photo of a person stayed in the browser's cache for a day.
    expect(avatar.headers['cache-control']).toBe('no-store');

    const token = await client.request({ url: '/api/cache/token/' });
    expect(token.json<{ user: unknown }>().user).not.toBeNull();
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a complaint: its detail, the applicant’s list, files and every staff view of it', async () => {
    const applicant = await signIn(ctx, roles.client());
    const lodged = await applicant.client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm(), [['letter.pdf', files.pdf]]),
    });
    expect(lodged.statusCode, lodged.body).toBe(201);
    const { slug } = lodged.json<{ slug: string }>();
    const detail = await applicant.client.request({ url: `/api${complaintApiPaths.detail(slug)}` });
    expect(detail.statusCode).toBe(200);
    const { id, attachments } = detail.json<{ id: number; attachments: { url: string }[] }>();
    const staff = await signIn(ctx, roles.superuser());

    const answers: [string, Awaited<ReturnType<typeof staff.client.request>>][] = [
      ['detail (applicant)', detail],
      ['mine', await applicant.client.request({ url: `/api${complaintApiPaths.mine}` })],
      ['overview (applicant)', await applicant.client.request({ url: `/api${complaintApiPaths.overview}` })],
      ['attachment (applicant)', await applicant.client.request({ url: attachments[0]!.url })],
      ['detail (staff)', await staff.client.request({ url: `/api${complaintApiPaths.detail(slug)}` })],
      ['manage list', await staff.client.request({ url: `/api${complaintApiPaths.manageList}` })],
      ['queue', await staff.client.request({ url: `/api${complaintApiPaths.queue}` })],
      ['overview (staff)', await staff.client.request({ url: `/api${complaintApiPaths.overview}` })],
      ['staff detail', await staff.client.request({ url: `/api/manage/complaints/${id}/` })],
      ['export', await staff.client.request({ url: `/api${complaintApiPaths.export}` })],
    ];
    expect(answers.map(([name, response]) => `${name} ${response.statusCode}`)).toEqual(
      answers.map(([name]) => `${name} 200`),
    );
    expect(answers[0]![1].body).toContain(slug);
    expect(answers[1]![1].body).toContain(slug);
    const stored = answers
      .filter(([, response]) => !noStore(response.headers['cache-control']))
      .map(([name, response]) => `${name}: ${String(response.headers['cache-control'])}`);
    expect(stored).toEqual([]);
  });
});

/** A profile update with a 1x1 PNG as the avatar. */
function avatarForm(): FormData {
  const data = new FormData();
  data.append('avatar', new Blob([files.png], { type: 'image/png' }), 'avatar.png');
  return data;
}

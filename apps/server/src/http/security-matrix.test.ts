import { messages, type PermissionRequirement } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../auth/access.js';
import { csrfPurpose, sessionCookie } from '../auth/auth.plugin.js';
import { signedValue } from '../auth/tokens.js';
import { notifications } from '../db/schema/index.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.js';
import {
  databaseFingerprint,
  inPool,
  routeCalls,
  routeLabel,
  signInMany,
  unsafeMethods,
  type AccountSpec,
  type RouteCall,
} from '../test/route-calls.js';

/**
 * The security matrix of issue 7 (item 3): roles, CSRF, sessions and headers, over the route table
 * (no hand-written route list: a route is covered the day it is registered). Decisions in
 * docs/security.md. The list of public routes is reviewed in security.test.ts; session rotation at
 * sign-in and death at sign-out in modules/accounts/accounts.test.ts.
 */

const callers = [
  'visitor',
  'client',
  'client with codenames',
  'staff without',
  'staff with',
  'superuser',
] as const;
type Caller = (typeof callers)[number];

interface MatrixRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/**
 * Routes whose handler asks more than the route declares. Each entry is a finding to settle with the
 * area's owner, kept visible here rather than hidden by a looser check.
 */
const handlerAlsoNeeds: Record<string, string[]> = {
  // The complaint staff screens also need `complaints.view_complaint` (isComplaintStaff in
  // modules/complaints/complaint-access.ts): a reviewer or stage editor without it gets 403.
  'GET /api/manage/complaints/queue/': ['complaints.view_complaint'],
  'PUT /api/manage/complaints/stages/': ['complaints.view_complaint'],
  'POST /api/manage/complaints/:id/review/': ['complaints.view_complaint'],
  'POST /api/manage/complaints/:id/archive/': ['complaints.view_complaint'],
};

/** Callers a handler refuses (403 with `detail`) although the declared access lets them in, and why. */
const handlerRefuses: Record<string, { callers: Caller[]; detail: string; reason: string }> = {
  'POST /api/sms/inbound/': {
    callers: [...callers],
    detail: messages.noAccess,
    reason: 'the SMS gateway authenticates with the shared secret, not a session (docs/sms.md)',
  },
  'POST /api/complaints/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: 'complaints are lodged by clients, not staff (spec)',
  },
  'POST /api/complaints/:slug/respond/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: 'answering a complaint is the applicant side: staff are refused (spec)',
  },
  'POST /api/complaints/:slug/feedback/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: 'confirming or reopening a resolved complaint is the applicant side (docs/complaint-feedback.md)',
  },
  'PUT /api/complaints/:slug/confidentiality/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason:
      "withholding the applicant's identity is the applicant's choice (docs/complaint-confidentiality.md)",
  },
  'POST /api/complaints/:slug/redact/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: 'the applicant redacts their own text before review (docs/complaint-confidentiality.md)',
  },
  'GET /api/complaints/similar/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: 'the duplicate hints belong to the complaint form, a client form (docs/complaint-duplicates.md)',
  },
  'POST /api/complaint-support/:reference/': {
    callers: ['staff without', 'staff with', 'superuser'],
    detail: messages.staffCannotComplain,
    reason: "adding one's case to a complaint is the applicant side (docs/complaint-duplicates.md)",
  },
};

/**
 * Public routes a visitor calls with a mailed link's token in the query (`s`, `t`) instead of a session:
 * without either, the handler answers 401 like the guard. Each with the reason.
 */
const visitorNeedsLink: Record<string, string> = {
  'GET /api/subscriptions/':
    'a visitor manages the alerts of the address a mailed link names (docs/subscriptions.md)',
  'PATCH /api/subscriptions/:id/': 'the same: the link names the address whose alert changes',
  'DELETE /api/subscriptions/:id/': 'the same: the link names the address whose alert stops',
};

/** Routes that end the caller's session: called last, so the other calls keep their callers. */
const endsSession = new Set(['POST /api/auth/logout/']);

/**
 * Unsafe routes that take no CSRF token, each with the reason. Any other unsafe route that does not
 * refuse a missing or wrong token fails the suite.
 */
const csrfExempt: Record<string, string> = {
  'POST /api/sms/inbound/':
    'called by the SMS gateway, which holds no cookie; the shared secret authenticates it (docs/sms.md)',
  'POST /api/subscriptions/unsubscribe/':
    "RFC 8058's one-click unsubscribe: mail clients post without a cookie; the link's token authenticates it (docs/subscriptions.md)",
};

/** The guard's own refusals: the answers a caller who may use the route must never get. */
const guardRefusals = new Set<string>([messages.noAccess, messages.csrfFailed]);
/** A visitor's 401: the guard's, or the spec's text on a form a visitor may open but not send. */
const visitorRefusals = new Set<string>([messages.notSignedIn, messages.mustLogIn]);
const standardMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

let ctx: TestContext;
let routes: MatrixRoute[];
let calls: Map<string, RouteCall>;

beforeAll(async () => {
  // Trusting the proxy as a deployment behind TLS termination does: X-Forwarded-Proto decides HTTPS.
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  routes = ctx.app.routeTable.filter((route) => standardMethods.has(route.method));
  calls = routeCalls(ctx.app, routes);
});
afterAll(() => ctx.close());

const requirementOf = (route: MatrixRoute): PermissionRequirement | null =>
  route.access.kind === 'permission' ? route.access.requirement : null;

/** What the staff account "with" the route's permission holds, and what the one "without" holds. */
function staffSpecs(route: MatrixRoute): { with: AccountSpec; without: AccountSpec } {
  const requirement = requirementOf(route);
  if (!requirement) return { with: { staff: true, allPermissionsBut: [] }, without: { staff: true } };
  if (requirement.superuser)
    return { with: { superuser: true }, without: { staff: true, allPermissionsBut: [] } };
  const needed = requirement.permissions ?? [];
  const extra = handlerAlsoNeeds[routeLabel(route)] ?? [];
  return {
    with: {
      staff: true,
      permissions: [...(requirement.mode === 'OR' ? needed.slice(0, 1) : needed), ...extra],
    },
    without: { staff: true, allPermissionsBut: needed },
  };
}

/** Sends a route's sample call as a caller (the caller's CSRF value included, as the web app does). */
function send(
  caller: TestClient,
  route: { method: string; url: string },
  options: { csrf?: boolean; headers?: Record<string, string> } = {},
) {
  const { url, body } = calls.get(routeLabel(route))!;
  return caller.request({
    method: route.method,
    url,
    ...(unsafeMethods.has(route.method) ? { payload: body as object } : {}),
    ...options,
  });
}

type Answer = Awaited<ReturnType<typeof send>>;
const detailOf = (response: Answer) => {
  try {
    return response.json<{ detail?: string }>().detail ?? '';
  } catch {
    return '';
  }
};

describe('every API route, as every kind of caller', () => {
  it('is discovered from the route table: public, signed-in and permission routes', () => {
    const kinds = new Set(routes.map((route) => route.access.kind));
    expect([...kinds].sort()).toEqual(['permission', 'public', 'signed-in']);
    expect(routes.length).toBeGreaterThan(100);
    const labels = routes.map(routeLabel);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /api/admin/audit-log/',
        'DELETE /api/admin/policies/:id/',
        'GET /api/profile/',
        'POST /api/auth/login/',
        ...Object.keys(handlerAlsoNeeds),
        ...Object.keys(handlerRefuses),
        ...endsSession,
      ]),
    );
  });

  it(
    'answers as the declared access says: 401 to a visitor, 403 without the permission, neither with it',
    // A few hundred requests and some password hashing: generous for a loaded CI machine.
    { timeout: 120_000 },
    async () => {
      // One staff pair per distinct requirement (many routes share one codename).
      const keyOf = (route: MatrixRoute) =>
        JSON.stringify([requirementOf(route), handlerAlsoNeeds[routeLabel(route)]]);
      const distinct = [...new Map(routes.map((route) => [keyOf(route), route])).values()];
      // A client account (not staff) granted every codename: staff routes refuse it all the same (item 8).
      const specs: AccountSpec[] = [{}, { allPermissionsBut: [] }, { superuser: true }];
      for (const route of distinct) {
        const pair = staffSpecs(route);
        specs.push(pair.with, pair.without);
      }
      const [client, clientWithCodenames, superuser, ...pairs] = await signInMany(ctx, specs);
      const staff = new Map(
        distinct.map((route, index) => [
          keyOf(route),
          { with: pairs[2 * index]!, without: pairs[2 * index + 1]! },
        ]),
      );
      const visitor = ctx.client();
      await visitor.openHostPage();

      const failures: string[] = [];
      const seen: Record<string, number> = {};
      let cells = 0;

      /** Calls one route as the five callers and notes every answer the declared access does not allow. */
      async function check(route: MatrixRoute) {
        const label = routeLabel(route);
        const accounts = staff.get(keyOf(route))!;
        const who: Record<Caller, TestClient> = {
          visitor,
          client: client!,
          'client with codenames': clientWithCodenames!,
          'staff without': accounts.without,
          'staff with': accounts.with,
          superuser: superuser!,
        };
        const answers = {} as Record<Caller, Answer>;
        // The refused callers together (nothing they send can act), then the ones who may act, in turn.
        const refusedFirst: Caller[] =
          route.access.kind === 'permission'
            ? ['visitor', 'client', 'client with codenames', 'staff without']
            : ['visitor'];
        await Promise.all(
          refusedFirst.map(async (caller) => {
            answers[caller] = await send(who[caller], route);
          }),
        );
        for (const caller of callers.filter((name) => !refusedFirst.includes(name)))
          answers[caller] = await send(who[caller], route);
        cells += callers.length;

        // Validation runs before the codename check: a body the sample could not satisfy is refused the
        // same way (422, identical answer) for every caller and never reaches a handler.
        const byValidation = (response: Answer) =>
          response.statusCode === 422 &&
          answers.superuser.statusCode === 422 &&
          response.body === answers.superuser.body;
        const handlerRefusal = handlerRefuses[label];
        const expected = (caller: Caller): 'refused 401' | 'refused 403' | 'let in' => {
          if (caller === 'visitor' && (route.access.kind !== 'public' || label in visitorNeedsLink))
            return 'refused 401';
          if (handlerRefusal?.callers.includes(caller)) return 'refused 403';
          if (route.access.kind === 'public') return 'let in';
          if (caller === 'visitor') return 'refused 401';
          if (route.access.kind === 'signed-in') return 'let in';
          return caller === 'staff with' || caller === 'superuser' ? 'let in' : 'refused 403';
        };
        for (const caller of callers) {
          const response = answers[caller];
          const outcome = expected(caller);
          const ok =
            outcome === 'refused 401'
              ? response.statusCode === 401 && visitorRefusals.has(detailOf(response))
              : outcome === 'refused 403'
                ? (response.statusCode === 403 &&
                    detailOf(response) === (handlerRefusal?.detail ?? messages.noAccess)) ||
                  byValidation(response)
                : response.statusCode !== 401 &&
                  !(response.statusCode === 403 && guardRefusals.has(detailOf(response))) &&
                  response.statusCode < 500;
          if (!ok)
            failures.push(
              `${label}: ${caller} expected ${outcome}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          if (outcome === 'let in') seen[response.statusCode] = (seen[response.statusCode] ?? 0) + 1;
        }
      }

      const ordered = [
        ...routes.filter((route) => !endsSession.has(routeLabel(route))),
        ...routes.filter((route) => endsSession.has(routeLabel(route))),
      ];
      const lastOnes = ordered.length - endsSession.size;
      // A few routes at a time: routes act on different records, so they do not disturb one another.
      await inPool(ordered.slice(0, lastOnes), 6, check);
      for (const route of ordered.slice(lastOnes)) await check(route);

      expect(failures).toEqual([]);
      expect(cells).toBe(routes.length * callers.length);
      // Calls let in reach the handler: a 404 for the missing record, 200/201 or a handler's 400/409/422.
      expect(
        Object.keys(seen).every((status) => /^(200|201|204|400|404|409|422)$/.test(status)),
        JSON.stringify(seen),
      ).toBe(true);
    },
  );
});

/**
 * Signed-in routes under the staff prefixes that clients use too (spec 2 names no permission for these
 * screens), each with what a client gets. Every other `/api/admin/` and `/api/manage/` route must be a
 * permission route, which the guard keeps to staff (and superusers) whatever codenames a client holds.
 */
const openToClients: Record<string, string> = {
  'GET /api/admin/notifications/': 'Manage notifications: what the public sees, unless staff with a codename',
  'GET /api/admin/notifications/:id/': 'the same, one notification',
  'GET /api/manage/complaints/overview/': 'Overview: a client counts their own complaints',
  'GET /api/manage/complaints/mine/': "My Complaints: the caller's own",
};

describe('staff routes are for staff (issue 29, item 8)', () => {
  it('every route under /api/admin/ and /api/manage/ is a permission route, but the reviewed client ones', () => {
    const staffPrefixed = routes.filter((route) => /^\/api\/(admin|manage)\//.test(route.url));
    expect(staffPrefixed.length).toBeGreaterThan(90);
    const open = staffPrefixed.filter((route) => route.access.kind !== 'permission').map(routeLabel);
    expect(open.sort()).toEqual(Object.keys(openToClients).sort());
    // The role matrix above calls every permission route as a client holding every codename: 403.
  });

  it('shows a client holding every notification codename what the public sees, not drafts', async () => {
    const [clientWithCodenames, staffReader] = await signInMany(ctx, [
      { permissions: ['restrictions.view_notification', 'restrictions.change_notification'] },
      { staff: true, permissions: ['restrictions.view_notification'] },
    ]);
    const [draft] = await ctx.db
      .insert(notifications)
      .values({
        slug: 'item-8-draft',
        reference: 'ITEM-8/DRAFT',
        countryCode: 'KE',
        status: 'draft',
        notificationDate: '2026-01-15',
        descriptionOfMeasure: 'A draft only staff may read',
      })
      .returning({ id: notifications.id });
    const list = (who: TestClient) =>
      who
        .request({ url: '/api/admin/notifications/?q=ITEM-8&page_size=50' })
        .then((response) =>
          response.json<{ results: { reference: string }[] }>().results.map((row) => row.reference),
        );
    expect(await list(staffReader!)).toEqual(['ITEM-8/DRAFT']);
    expect(await list(clientWithCodenames!)).toEqual([]);
    const one = await clientWithCodenames!.request({ url: `/api/admin/notifications/${draft!.id}/` });
    expect(one.statusCode).toBe(404);
  });
});

describe('CSRF', () => {
  it('refuses every unsafe route called with a session cookie and a missing or wrong token, and nothing changes', async () => {
    const [superuser, other] = await signInMany(ctx, [{ superuser: true }, { staff: true }]);
    const visitor = ctx.client();
    await visitor.openHostPage();
    const unsafe = routes.filter((route) => unsafeMethods.has(route.method));
    expect(unsafe.length).toBeGreaterThan(50);
    const planted = 'p'.repeat(43);
    /** A fresh browser holding these cookies (a planted one among them), as a sibling subdomain may set. */
    const holding = (cookies: Record<string, string>) => {
      const browser = ctx.client();
      for (const [name, value] of Object.entries(cookies)) browser.cookies.set(name, value);
      return browser;
    };
    // The anonymous value is a nonce and its HMAC under the server's secret (item 10, OWASP's signed
    // double submit): one signed under another secret (another deployment) is worth no more.
    const otherSecrets = signedValue('another deployment, another secret key: 0123456789', csrfPurpose);
    /** Ways a forged request may come: each must be refused before the handler. */
    const attempts: { name: string; caller: () => TestClient; options: Parameters<typeof send>[2] }[] = [
      { name: 'session, no token', caller: () => superuser!, options: { csrf: false } },
      {
        name: "session, another session's token",
        caller: () => superuser!,
        options: { csrf: false, headers: { 'x-csrftoken': other!.csrf! } },
      },
      {
        // Double submit of a planted anonymous cookie: a signed-in caller must echo the session's value.
        name: 'session, planted csrf cookie echoed',
        caller: () => holding({ [sessionCookie]: superuser!.cookies.get(sessionCookie)!, stp_csrf: planted }),
        options: { csrf: false, headers: { 'x-csrftoken': planted } },
      },
      {
        // A forged bearer header makes the caller anonymous; it never switches the CSRF check off.
        name: 'session, forged bearer header, no token',
        caller: () => superuser!,
        options: { csrf: false, headers: { authorization: 'Bearer forged.token.value' } },
      },
      { name: 'visitor, no token', caller: () => visitor, options: { csrf: false } },
      {
        name: 'visitor, wrong token',
        caller: () => visitor,
        options: { csrf: false, headers: { 'x-csrftoken': 'w'.repeat(43) } },
      },
      {
        // Double submit of a cookie the server never issued (login CSRF, forged sign-up or reset).
        name: 'visitor, planted csrf cookie echoed',
        caller: () => holding({ stp_csrf: planted }),
        options: { csrf: false, headers: { 'x-csrftoken': planted } },
      },
      {
        name: "visitor, another deployment's csrf cookie echoed",
        caller: () => holding({ stp_csrf: otherSecrets }),
        options: { csrf: false, headers: { 'x-csrftoken': otherSecrets } },
      },
    ];
    const before = await databaseFingerprint(ctx);

    const failures: string[] = [];
    const exemptAnswers = new Map<string, number[]>();
    const jobs = unsafe.flatMap((route) => attempts.map((attempt) => ({ route, attempt })));
    await inPool(jobs, 8, async ({ route, attempt }) => {
      const label = routeLabel(route);
      const response = await send(attempt.caller(), route, attempt.options);
      const csrfRefused = response.statusCode === 403 && detailOf(response) === messages.csrfFailed;
      // Anonymous callers of a guarded route are refused first, with 401 (auth.plugin.ts).
      const signInRefused = response.statusCode === 401 && route.access.kind !== 'public';
      const anonymous = attempt.name.startsWith('visitor') || attempt.name.includes('bearer');
      if (label in csrfExempt) {
        exemptAnswers.set(label, [...(exemptAnswers.get(label) ?? []), response.statusCode]);
        // Refused by the route's own authentication: the guard's 401/403, or the link's 404/422.
        if (!(response.statusCode >= 400 && response.statusCode < 500))
          failures.push(`${label} (exempt): ${attempt.name} got ${response.statusCode}, not refused`);
      } else if (!(csrfRefused || (anonymous && signInRefused)))
        failures.push(`${label}: ${attempt.name} got ${response.statusCode} ${response.body.slice(0, 120)}`);
    });
    expect(failures).toEqual([]);
    // Every listed exemption is a registered unsafe route (no stale entry hides a new one).
    expect([...exemptAnswers.keys()].sort()).toEqual(Object.keys(csrfExempt).sort());
    expect(await databaseFingerprint(ctx)).toEqual(before);

    // The fingerprint sees a write: the same caller with its token changes its profile.
    const allowed = await superuser!.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'Changed' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(await databaseFingerprint(ctx)).not.toEqual(before);
  }, 120_000);
});

describe('the anonymous CSRF value (issue 29, item 10)', () => {
  it('is made and signed by the server: a planted cookie is replaced, the issued value signs in', async () => {
    const account = await createAccount(ctx.db);
    const browser = ctx.client();
    browser.cookies.set('stp_csrf', 'p'.repeat(43));
    await browser.openHostPage();
    const issued = browser.cookies.get('stp_csrf')!;
    expect(issued).toMatch(/^[\w-]{43}$/);
    expect(browser.csrf).toBe(issued);
    // The same value again while it is good (a second tab, the csrf endpoint).
    expect((await browser.request({ url: '/api/auth/csrf/' })).json()).toEqual({ csrf: issued });
    // A value is not good for a changed signature, or for another nonce under the same signature.
    for (const forged of [
      `${issued.slice(0, -1)}${issued.endsWith('A') ? 'B' : 'A'}`,
      `${'q'.repeat(22)}${issued.slice(22)}`,
    ]) {
      const attacker = ctx.client();
      attacker.cookies.set('stp_csrf', forged);
      attacker.csrf = forged;
      const refused = await attacker.login(account.email, testPassword);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: messages.csrfFailed });
    }
    expect((await browser.login(account.email, testPassword)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  // Rotation at sign-in (a second sign-in replaces the id; the old one no longer authenticates) and
  // death at sign-out (the old cookie and token get 401) are proven in modules/accounts/accounts.test.ts.
  it('never adopts a session id planted before sign-in, and a replaced session takes its token with it', async () => {
    const account = await createAccount(ctx.db);
    const browser = ctx.client();
    await browser.openHostPage();
    const planted = 'f'.repeat(43);
    browser.cookies.set(sessionCookie, planted);
    expect((await browser.login(account.email, testPassword)).statusCode).toBe(200);
    const first = browser.cookies.get(sessionCookie);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(first).not.toBe(planted);
    const attacker = ctx.client();
    attacker.cookies.set(sessionCookie, planted);
    expect((await attacker.request({ url: '/api/profile/' })).statusCode).toBe(401);

    const firstToken = browser.token;
    expect((await browser.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(200);
    expect((await browser.login(account.email, testPassword)).statusCode).toBe(200);
    expect(browser.cookies.get(sessionCookie)).not.toBe(first);
    const replay = ctx.client();
    replay.token = firstToken;
    expect((await replay.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(401);
    expect((await browser.request({ url: '/api/profile/' })).statusCode).toBe(200);
  });
});

/** One request of each kind the server answers: API JSON, downloads, the host page, assets, errors. */
async function responseKinds(https: boolean) {
  const headers: Record<string, string> = https ? { 'x-forwarded-proto': 'https' } : {};
  const visitor = ctx.client();
  const [user] = await signInMany(ctx, [{}]);
  const kinds: [string, () => Promise<Answer>][] = [
    ['JSON API', () => visitor.request({ url: '/api/cache/constants/', headers })],
    ['CSV download', () => visitor.request({ url: '/api/restrictions/export/', headers })],
    [
      'API docs page',
      () => visitor.request({ url: '/api/docs/', headers: { ...headers, accept: 'text/html' } }),
    ],
    ['host page', () => visitor.request({ url: '/', headers })],
    ['host page, deep link', () => visitor.request({ url: '/public/restriction/some-slug', headers })],
    ['host page, unknown path', () => visitor.request({ url: '/public/some/deep/link', headers })],
    // A script found carries only the headers a script needs: security-headers.test.ts.
    ['static 404', () => visitor.request({ url: '/static/nope.js', headers })],
    ['API 404', () => visitor.request({ url: '/api/nowhere/', headers })],
    ['401', () => visitor.request({ url: '/api/profile/', headers })],
    [
      '403 CSRF',
      () => user!.request({ method: 'POST', url: '/api/profile/update/', payload: {}, csrf: false, headers }),
    ],
    [
      '400 malformed body',
      () =>
        user!.request({
          method: 'POST',
          url: '/api/profile/update/',
          payload: '{"first_name": ',
          headers: { ...headers, 'content-type': 'application/json' },
        }),
    ],
    [
      '413 body too large',
      () =>
        user!.request({
          method: 'POST',
          url: '/api/profile/update/',
          payload: { first_name: 'x'.repeat(1_100_000) },
          headers,
        }),
    ],
    [
      '422 validation',
      () =>
        user!.request({ method: 'POST', url: '/api/profile/update/', payload: { locale: 'xx' }, headers }),
    ],
  ];
  const answers: [string, Answer][] = [];
  for (const [name, call] of kinds) answers.push([name, await call()]);
  return answers;
}

/** Browser features the portal never uses: every answer turns them off (Permissions-Policy). */
const featuresOff = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];

/** The headers every response must carry; HSTS exactly when the request came over HTTPS. */
function headerProblems(name: string, response: Answer, https: boolean): string[] {
  const problems: string[] = [];
  const csp = String(response.headers['content-security-policy'] ?? '');
  if (!csp.includes("frame-ancestors 'none'")) problems.push(`${name}: CSP without frame-ancestors 'none'`);
  // Browsers without frame-ancestors read X-Frame-Options: it must say the same ('none' is DENY).
  if (response.headers['x-frame-options'] !== 'DENY')
    problems.push(`${name}: X-Frame-Options ${String(response.headers['x-frame-options'])}`);
  const permissions = String(response.headers['permissions-policy'] ?? '').split(/,\s*/);
  for (const feature of featuresOff)
    if (!permissions.includes(`${feature}=()`))
      problems.push(`${name}: Permissions-Policy allows ${feature}`);
  if (!csp.includes("script-src 'self'")) problems.push(`${name}: CSP without script-src 'self'`);
  if (csp.includes('unsafe-eval')) problems.push(`${name}: CSP allows unsafe-eval`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push(`${name}: no nosniff`);
  if (response.headers['referrer-policy'] !== 'strict-origin-when-cross-origin')
    problems.push(`${name}: referrer policy ${String(response.headers['referrer-policy'])}`);
  const hsts = response.headers['strict-transport-security'];
  if (https && !/^max-age=31536000; includeSubDomains$/.test(String(hsts)))
    problems.push(`${name}: over HTTPS without HSTS (${String(hsts)})`);
  if (!https && hsts !== undefined) problems.push(`${name}: HSTS over plain HTTP`);
  return problems;
}

describe('security headers', () => {
  it.each([
    ['plain HTTP', false],
    ['HTTPS behind the trusted proxy', true],
  ])('are on every kind of response, over %s', async (_name, https) => {
    const answers = await responseKinds(https);
    expect(answers.map(([name, response]) => `${name} ${response.statusCode}`)).toEqual([
      'JSON API 200',
      'CSV download 200',
      'API docs page 200',
      'host page 200',
      'host page, deep link 200',
      'host page, unknown path 404',
      'static 404 404',
      'API 404 404',
      '401 401',
      '403 CSRF 403',
      '400 malformed body 400',
      '413 body too large 413',
      '422 validation 422',
    ]);
    expect(answers.flatMap(([name, response]) => headerProblems(name, response, https))).toEqual([]);
  });
});

// Last: takes the database away from the shared context.
describe('security headers on a server error', () => {
  it('are on a 500 too, with HSTS over HTTPS only', async () => {
    const [user] = await signInMany(ctx, [{}]);
    await ctx.stopDatabase();
    for (const https of [false, true]) {
      const response = await user!.request({
        url: '/api/profile/',
        headers: https ? { 'x-forwarded-proto': 'https' } : {},
      });
      expect(response.statusCode).toBe(500);
      expect(headerProblems('500', response, https)).toEqual([]);
    }
  });
});

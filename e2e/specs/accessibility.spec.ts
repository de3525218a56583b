import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  screenshot,
  type viewports,
} from '../support/browser.js';
import {
  accounts,
  bodyBackground,
  darkBackground,
  expectHeading,
  lightBackground,
  open,
  signIn,
  uniqueEmail,
  url,
  useAccountLanguage,
  waitForBackground,
} from '../support/app.js';
import { linkIn, waitForMail } from '../support/mail.js';

// Every screen of the route table in English and French, light and dark: axe's WCAG 2.x A/AA rules with no
// violation. The four combinations of a screen share the two widths (375 and 1280 px), so each width is
// seen in each language and theme without checking every screen eight times. The routes come from
// apps/web/src/app/routes.ts itself: a route added there without a screen here fails the first test.

type Group = 'public' | 'auth' | 'signedIn';

/** The route ids of routes.ts, by exported table (read as text: the loaders import the whole app). */
function routeTable(): { group: Group; id: string }[] {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/app/routes.ts'), 'utf8');
  const tables: [Group, string][] = [
    ['public', 'publicRoutes'],
    ['auth', 'authScreenRoutes'],
    ['signedIn', 'signedInRoutes'],
  ];
  return tables.flatMap(([group, name]) => {
    const start = source.indexOf(`export const ${name}`);
    const end = source.indexOf('\n];', start);
    expect(start, `routes.ts exports ${name}`).toBeGreaterThan(-1);
    const body = source.slice(start, end);
    // Each screen's path is `screenPaths[id]` of @stp/shared.
    return [...body.matchAll(/\bid: '([^']+)',/g)].map((match) => ({ group, id: match[1]! }));
  });
}

/** A screen: where it is (a demo record where the route needs one) and, in English, its heading. */
interface Screen {
  name: string;
  path: () => string;
  heading?: string | RegExp;
}

// Demo records for the routes with an id or slug, read through the API before the checks.
const demo = {
  confirmPath: '',
  indicator: '',
  restriction: '',
  publication: '',
  complaintReference: '',
  complaint: 0,
  restrictionId: 0,
  commitment: 0,
  page: 0,
};

/** Visitor screens, by route id of routes.ts (`public` and `auth`), plus screens that are states of a route. */
const publicScreens: Record<string, Screen[]> = {
  home: [{ name: 'home', path: () => '/', heading: 'Trade in services across the East African Community' }],
  sectorsList: [{ name: 'sectors-list', path: () => '/public/page/sectors' }],
  contentPage: [{ name: 'content-page', path: () => '/public/page/privacy' }],
  about: [{ name: 'about', path: () => '/public/about' }],
  smsHowTo: [{ name: 'sms-how-to', path: () => '/public/about/sms-how-to' }],
  aboutSectors: [{ name: 'about-sectors', path: () => '/public/about/sectors' }],
  notifications: [{ name: 'notifications', path: () => '/public/notifications' }],
  indicators: [{ name: 'indicators', path: () => '/public/indicators' }],
  indicator: [{ name: 'indicator', path: () => `/public/indicator/${demo.indicator}` }],
  browse: [{ name: 'browse', path: () => '/public/browse' }],
  restriction: [{ name: 'restriction', path: () => `/public/restriction/${demo.restriction}` }],
  compare: [
    { name: 'compare', path: () => '/public/compare' },
    { name: 'compare-table', path: () => '/public/compare?countries=KE,TZ,UG&sector=business-services' },
  ],
  publication: [{ name: 'publication', path: () => `/public/publication/${demo.publication}` }],
  publications: [
    { name: 'publications', path: () => '/public/publications' },
    { name: 'publications-filtered', path: () => '/public/publications?year=2024&type=guide' },
  ],
  openData: [{ name: 'open-data', path: () => '/public/open-data' }],
  // E-mail alerts: a mailed link's pages (any token shows the button; it is checked when pressed).
  subscriptionConfirm: [
    { name: 'subscription-confirm', path: () => `/public/subscriptions/confirm?s=1&t=${'a'.repeat(43)}` },
  ],
  subscriptionUnsubscribe: [
    {
      name: 'subscription-unsubscribe',
      path: () => `/public/subscriptions/unsubscribe?s=1&t=${'a'.repeat(43)}`,
    },
  ],
  subscriptions: [{ name: 'subscriptions', path: () => '/public/subscriptions' }],
  complaintsList: [{ name: 'complaints-list', path: () => '/public/complaints/list' }],
  complaintsPerformance: [
    {
      name: 'complaints-performance',
      path: () => '/public/complaints/performance',
      heading: 'Complaint handling performance',
    },
  ],
  complaint: [
    { name: 'complaint-visitor', path: () => '/public/complaints' },
    { name: 'complaint-public', path: () => `/public/complaints/${demo.complaintReference}` },
  ],
  login: [{ name: 'login', path: () => '/auth/login', heading: 'Sign in' }],
  register: [{ name: 'sign-up', path: () => '/auth/register/client', heading: 'Sign Up' }],
  passwordReset: [
    { name: 'forgot-password', path: () => '/auth/register/reset', heading: 'Forgot your password?' },
    {
      name: 'reset-password',
      // The form is shown for any token: it is checked when the new password is sent.
      path: () => `/auth/register/reset?token=${'a'.repeat(43)}`,
      heading: 'Choose a new password',
    },
  ],
  confirmRegistration: [
    { name: 'confirm-registration', path: () => demo.confirmPath, heading: 'Welcome, Baraka!' },
  ],
  notFound: [{ name: 'not-found', path: () => '/no/such/page', heading: "You're lost" }],
};

/** Signed-in screens by route id (`signedIn`), seen by the superuser admin@ (every gate open). */
const signedInScreens: Record<string, Screen[]> = {
  dashboard: [{ name: 'dashboard', path: () => '/auth/dashboard', heading: /^Welcome, / }],
  profile: [{ name: 'profile', path: () => '/auth/profile', heading: 'Profile' }],
  settings: [{ name: 'settings', path: () => '/auth/settings', heading: 'Settings' }],
  manageComplaints: [{ name: 'manage-complaints', path: () => '/auth/manage/complaints' }],
  manageComplaint: [{ name: 'manage-complaint', path: () => `/auth/manage/complaints/${demo.complaint}` }],
  manageNotifications: [{ name: 'manage-notifications', path: () => '/auth/manage/notifications' }],
  manageRestrictions: [{ name: 'manage-restrictions', path: () => '/auth/manage/restrictions' }],
  manageRestriction: [
    { name: 'manage-restriction', path: () => `/auth/manage/restrictions/${demo.restrictionId}` },
  ],
  commitments: [{ name: 'commitments', path: () => '/auth/manage/commitments' }],
  commitment: [{ name: 'commitment', path: () => `/auth/manage/commitments/${demo.commitment}` }],
  pages: [{ name: 'pages', path: () => '/auth/manage/pages' }],
  page: [{ name: 'page', path: () => `/auth/manage/pages/${demo.page}` }],
  sectorsConfig: [{ name: 'sectors-admin', path: () => '/auth/config/sectors', heading: 'Sectors' }],
  policies: [{ name: 'policies', path: () => '/auth/config/policies' }],
  restrictionAccess: [{ name: 'restriction-access', path: () => '/auth/config/restriction-access' }],
  reports: [{ name: 'reports', path: () => '/auth/config/reports' }],
  reportTags: [{ name: 'report-tags', path: () => '/auth/config/report-tags' }],
  smsServices: [{ name: 'sms-services', path: () => '/auth/config/sms-services' }],
  featuredInsights: [{ name: 'featured-insights', path: () => '/auth/config/featured-insights' }],
  holidays: [{ name: 'holidays', path: () => '/auth/config/holidays', heading: 'Public Holidays' }],
  users: [{ name: 'users', path: () => '/auth/admin/users' }],
  groups: [{ name: 'groups', path: () => '/auth/admin/groups' }],
  sessions: [{ name: 'sessions', path: () => '/auth/admin/sessions' }],
  auditLog: [{ name: 'audit-log', path: () => '/auth/admin/audit-log' }],
  delivery: [{ name: 'delivery', path: () => '/auth/admin/delivery' }],
};

type Variant = { viewport: keyof typeof viewports; theme: 'light' | 'dark'; language: 'en' | 'fr' };
type VariantPage = { variant: Variant; page: Page };

async function check(screen: Screen, { variant, page }: VariantPage): Promise<void> {
  await open(page, screen.path());
  // Lists and records have arrived (axe checks the screen, not its skeleton).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
  if (variant.language === 'en' && screen.heading) {
    // Four pages load the screen at once: those past the server's two renders at a time are drawn by
    // the browser, which takes longer than expectHeading's 10 s on a loaded machine.
    await expectHeading(page, screen.heading, 30_000);
  }
  // A French choice kept only in local storage (made before the language cookie existed) is applied
  // after hydration, once the French texts have arrived: the first screen waits for them.
  await expect
    .poll(() => page.locator('html').getAttribute('lang'), { timeout: 30_000 })
    .toBe(variant.language === 'fr' ? 'fr' : 'en-GB');
  await expect
    .poll(() => bodyBackground(page), { timeout: 30_000 })
    .toBe(variant.theme === 'dark' ? darkBackground : lightBackground);
  await expectNoAxeViolations(page);
  const { viewport, theme, language } = variant;
  await screenshot(page, `${screen.name}-${viewport}-${theme}${language === 'fr' ? '-fr' : ''}`);
}

/** One screen on every page at once (one browser, a context each), with each failure named by its variant. */
async function checkAll(screen: Screen, pages: VariantPage[]): Promise<void> {
  const results = await Promise.allSettled(pages.map((entry) => check(screen, entry)));
  const failures = results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [];
    const { viewport, theme, language } = pages[index]!.variant;
    const reason: unknown = result.reason;
    return [
      `${language}, ${viewport}, ${theme}: ${reason instanceof Error ? reason.message : String(reason)}`,
    ];
  });
  expect(failures).toEqual([]);
}

/** The first record of an API list (a bare array or a page of `results`). */
async function first<T>(page: Page, apiPath: string, key: string): Promise<T> {
  const response = await page.request.get(url(`/api${apiPath}`));
  expect(response.status(), apiPath).toBe(200);
  const body = (await response.json()) as Record<string, T>[] | { results: Record<string, T>[] };
  const rows = Array.isArray(body) ? body : body.results;
  expect(rows.length, `${apiPath} lists a demo record`).toBeGreaterThan(0);
  return rows[0]![key]!;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
  await page.goto(url('/'));
  // A real sign-up, for a real confirmation link (reading it does not use it up).
  const csrf = await page.locator('#root').getAttribute('data-csrf');
  const email = uniqueEmail('a11y');
  const answer = await page.request.post(url('/api/auth/register/client/'), {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': csrf ?? '' },
    data: { first_name: 'Baraka', last_name: 'Otieno', email, country: 'TZ', locale: 'en' },
  });
  expect(answer.status()).toBe(200);
  demo.confirmPath = new URL(linkIn(await waitForMail(email), '/auth/register/confirm/')).pathname;
  demo.indicator = await first<string>(page, '/indicators/', 'slug');
  demo.restriction = await first<string>(page, '/restrictions/?page_size=1', 'slug');
  demo.publication = await first<string>(page, '/publications/', 'slug');
  demo.complaintReference = await first<string>(page, '/complaints/public/?page_size=1', 'reference');
  await signIn(page, accounts.admin);
  demo.complaint = await first<number>(page, '/manage/complaints/?page_size=1', 'id');
  demo.restrictionId = await first<number>(page, '/admin/restrictions/?page_size=1', 'id');
  demo.commitment = await first<number>(page, '/admin/commitments/?page_size=1', 'id');
  demo.page = await first<number>(page, '/admin/page-templates/?page_size=1', 'id');
  await context.close();
});
afterAll(() => browser.close());

it('has a screen for every route of routes.ts', () => {
  const routes = routeTable();
  expect(routes.length).toBeGreaterThan(30);
  const covered = (group: Group) => (group === 'signedIn' ? signedInScreens : publicScreens);
  const missing = routes.filter((route) => !covered(route.group)[route.id]).map((route) => route.id);
  expect(missing).toEqual([]);
});

describe('visitor screens: en and fr, light and dark, at 375 and 1280 px', () => {
  const pages: VariantPage[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const variants: Variant[] = [
      { language: 'en', theme: 'light', viewport: 'phone' },
      { language: 'en', theme: 'dark', viewport: 'desktop' },
      { language: 'fr', theme: 'dark', viewport: 'phone' },
      { language: 'fr', theme: 'light', viewport: 'desktop' },
    ];
    for (const variant of variants) {
      const { context, page } = await newPage(browser, {
        viewport: variant.viewport,
        colorScheme: variant.theme,
      });
      // A visitor's language choice, as the language switch keeps it.
      if (variant.language === 'fr')
        await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
      contexts.push(context);
      pages.push({ variant, page });
    }
  });
  afterAll(() => Promise.all(contexts.map((context) => context.close())));

  for (const screen of Object.values(publicScreens).flat()) it(screen.name, () => checkAll(screen, pages));
});

/** Sets the signed-in account's theme (its dark mode) through the header switch of `page`, then every page's media. */
async function useTheme(pages: VariantPage[], theme: 'light' | 'dark'): Promise<void> {
  const wanted = theme === 'dark' ? darkBackground : lightBackground;
  const first = pages[0]!.page;
  if ((await bodyBackground(first)) !== wanted) await first.getByTestId('theme-switch').click();
  await waitForBackground(first, wanted);
  for (const entry of pages) {
    entry.variant.theme = theme;
    await entry.page.emulateMedia({ colorScheme: theme });
  }
}

/** Sets the signed-in account's language (its profile locale) through the header switch of the widest page. */
async function useLanguage(pages: VariantPage[], language: 'en' | 'fr'): Promise<void> {
  await useAccountLanguage(pages.at(-1)!.page, language);
  for (const entry of pages) entry.variant.language = language;
}

// The theme and language of a signed-in user are their account's: the passes run one after the other,
// each at one width (both widths see both themes and both languages). The account is left as found.
describe('signed-in screens (admin@): en and fr, light and dark, at 375 and 1280 px', () => {
  const pages: VariantPage[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser, { viewport, colorScheme: 'light' });
      await signIn(page, accounts.admin);
      contexts.push(context);
      pages.push({ variant: { viewport, theme: 'light', language: 'en' }, page });
    }
  });
  afterAll(async () => {
    await open(pages[0]!.page, '/auth/dashboard');
    await useLanguage(pages, 'en');
    await useTheme(pages, 'light');
    await Promise.all(contexts.map((context) => context.close()));
  });

  const passes: Variant[] = [
    { language: 'en', theme: 'light', viewport: 'desktop' },
    { language: 'en', theme: 'dark', viewport: 'phone' },
    { language: 'fr', theme: 'dark', viewport: 'desktop' },
    { language: 'fr', theme: 'light', viewport: 'phone' },
  ];
  for (const pass of passes) {
    describe(`${pass.language}, ${pass.theme}, ${pass.viewport}`, () => {
      beforeAll(async () => {
        await open(pages[0]!.page, '/auth/dashboard');
        await useLanguage(pages, pass.language);
        await useTheme(pages, pass.theme);
      });
      const passPages = () => pages.filter((entry) => entry.variant.viewport === pass.viewport);
      for (const screen of Object.values(signedInScreens).flat())
        it(screen.name, () => checkAll(screen, passPages()));
    });
  }
});

// Access Denied: editor@ is staff without the Users permission.
describe('access denied (editor@) at 375 px, light and dark', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' }));
    await signIn(page, accounts.editor);
  });
  afterAll(async () => {
    await useTheme([{ variant: { viewport: 'phone', theme: 'light', language: 'en' }, page }], 'light');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const)
    it(theme, async () => {
      const entry: VariantPage = { variant: { viewport: 'phone', theme, language: 'en' }, page };
      await useTheme([entry], theme);
      await check(
        { name: 'access-denied', path: () => '/auth/admin/users', heading: 'Access Denied!' },
        entry,
      );
    });
});

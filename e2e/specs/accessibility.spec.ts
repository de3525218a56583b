import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';
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
  waitForBackground,
} from '../support/app.js';
import { linkIn, waitForMail } from '../support/mail.js';

/** A screen of the shell: where it is and the heading that says it is ready. */
interface Screen {
  name: string;
  path: () => string;
  heading: string | RegExp;
}

let confirmPath = '';

const publicScreens: Screen[] = [
  { name: 'home', path: () => '/', heading: 'Trade in services across the East African Community' },
  { name: 'login', path: () => '/auth/login', heading: 'Sign in' },
  { name: 'sign-up', path: () => '/auth/register/client', heading: 'Sign Up' },
  { name: 'forgot-password', path: () => '/auth/register/reset', heading: 'Forgot your password?' },
  {
    name: 'reset-password',
    // The form is shown for any token: it is checked when the new password is sent.
    path: () => `/auth/register/reset?token=${'a'.repeat(43)}`,
    heading: 'Choose a new password',
  },
  { name: 'confirm-registration', path: () => confirmPath, heading: 'Welcome, Baraka!' },
  { name: 'not-found', path: () => '/no/such/page', heading: "You're lost" },
];

// editor@ is staff without the Users permission: Access Denied there; Sectors is theirs to read.
const signedInScreens: Screen[] = [
  { name: 'dashboard', path: () => '/auth/dashboard', heading: /^Welcome, / },
  { name: 'profile', path: () => '/auth/profile', heading: 'Profile' },
  { name: 'settings', path: () => '/auth/settings', heading: 'Settings' },
  { name: 'access-denied', path: () => '/auth/admin/users', heading: 'Access Denied!' },
  { name: 'sectors-admin', path: () => '/auth/config/sectors', heading: 'Sectors' },
];

type Variant = { viewport: 'phone' | 'desktop'; theme: 'light' | 'dark' };
type VariantPage = { variant: Variant; page: Page };

async function check(screen: Screen, { variant, page }: VariantPage): Promise<void> {
  await open(page, screen.path());
  await expectHeading(page, screen.heading);
  expect(await bodyBackground(page)).toBe(variant.theme === 'dark' ? darkBackground : lightBackground);
  await expectNoAxeViolations(page);
  await screenshot(page, `${screen.name}-${variant.viewport}-${variant.theme}`);
}

/** One screen on every page at once (one browser, a context each), with each failure named by its variant. */
async function checkAll(screen: Screen, pages: VariantPage[]): Promise<void> {
  const results = await Promise.allSettled(pages.map((entry) => check(screen, entry)));
  const failures = results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [];
    const { viewport, theme } = pages[index]!.variant;
    const reason: unknown = result.reason;
    return [`${viewport}, ${theme}: ${reason instanceof Error ? reason.message : String(reason)}`];
  });
  expect(failures).toEqual([]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A real sign-up, for a real confirmation link (reading it does not use it up).
  const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
  await page.goto(url('/'));
  const csrf = await page.locator('#root').getAttribute('data-csrf');
  const email = uniqueEmail('a11y');
  const answer = await page.request.post(url('/api/auth/register/client/'), {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRFToken': csrf ?? '' },
    data: { first_name: 'Baraka', last_name: 'Otieno', email, country: 'TZ', locale: 'en' },
  });
  expect(answer.status()).toBe(200);
  confirmPath = new URL(linkIn(await waitForMail(email), '/auth/register/confirm/')).pathname;
  await context.close();
});
afterAll(() => browser.close());

describe('public screens at 375 and 1280 px, light and dark: WCAG 2.x A/AA', () => {
  const pages: VariantPage[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    for (const theme of ['light', 'dark'] as const)
      for (const viewport of ['phone', 'desktop'] as const) {
        const { context, page } = await newPage(browser, { viewport, colorScheme: theme });
        contexts.push(context);
        pages.push({ variant: { viewport, theme }, page });
      }
  });
  afterAll(() => Promise.all(contexts.map((context) => context.close())));

  for (const screen of publicScreens) it(screen.name, () => checkAll(screen, pages));
});

// The theme of a signed-in user is their account's dark mode: both widths take the light pass, then the dark.
describe('signed-in screens at 375 and 1280 px, light and dark: WCAG 2.x A/AA', () => {
  const pages: VariantPage[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser, { viewport, colorScheme: 'light' });
      await signIn(page, accounts.editor);
      contexts.push(context);
      pages.push({ variant: { viewport, theme: 'light' }, page });
    }
  });
  afterAll(async () => {
    // Leaves the demo account as it was.
    const page = pages[0]!.page;
    if ((await bodyBackground(page)) === darkBackground) await page.getByTestId('theme-switch').click();
    await waitForBackground(page, lightBackground);
    await Promise.all(contexts.map((context) => context.close()));
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(theme, () => {
      beforeAll(async () => {
        const wanted = theme === 'dark' ? darkBackground : lightBackground;
        const first = pages[0]!.page;
        if ((await bodyBackground(first)) !== wanted) await first.getByTestId('theme-switch').click();
        await waitForBackground(first, wanted);
        for (const entry of pages) {
          entry.variant.theme = theme;
          await entry.page.emulateMedia({ colorScheme: theme });
        }
      });

      for (const screen of signedInScreens) it(screen.name, () => checkAll(screen, pages));
    });
  }
});

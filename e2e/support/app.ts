import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Password of every demo account (apps/server/src/db/seed/demo/accounts.ts). */
export const demoPassword = 'Demo-Portal-2026';

export const accounts = {
  admin: 'admin@portal.example',
  regulator: 'regulator.ke@portal.example',
  editor: 'editor@portal.example',
  trader: 'trader@portal.example',
} as const;

/** An address no other spec (or earlier run on the same server) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.example`;
}

export function url(path: string): string {
  return `${inject('baseUrl')}${path}`;
}

/**
 * Waits until the screen is in place: the app running (a server-rendered page shows its heading before
 * its script has taken over, and a click then does nothing), a heading in the main area and no loading
 * overlay.
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
}

/** A full page load of `path`, then {@link settled}. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await settled(page);
}

/** Signs in through the login form (found by field names: any interface language) and waits to leave it. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  if (!page.url().includes('/auth/login')) await open(page, '/auth/login');
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL((address) => address.pathname !== '/auth/login');
  await settled(page);
}

/** Signs out through the account menu and waits for the visitor's header. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in').waitFor({ state: 'visible' });
}

/**
 * Sets the signed-in account's language (kept in its profile) with the header switch, then reloads
 * until a fresh load speaks it too, for up to a minute (the profile's save may lag on a loaded machine;
 * usable in hooks: no expect.poll).
 */
export async function useAccountLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  const wanted = language === 'fr' ? 'fr' : 'en-GB';
  const speaks = async () => (await page.locator('html').getAttribute('lang')) === wanted;
  if (!(await speaks())) await page.getByTestId('language-switch').click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, wanted);
  const deadline = Date.now() + 60_000;
  // The dashboard of the portal the page is on (a spec may run its own server beside the shared one).
  const dashboard = new URL('/auth/dashboard', page.url()).href;
  for (;;) {
    await page.goto(dashboard);
    await settled(page);
    if (await speaks()) return;
    if (Date.now() > deadline)
      throw new Error(`a fresh load does not speak ${wanted} a minute after the switch`);
    await page.waitForTimeout(1_000);
  }
}

/** The text of the screen's main heading, once it is `expected`. */
export async function expectHeading(page: Page, expected: string | RegExp, timeout?: number): Promise<void> {
  const heading = () => page.locator('main h1').first().textContent();
  if (typeof expected === 'string') await expect.poll(heading, { timeout }).toBe(expected);
  else await expect.poll(heading, { timeout }).toMatch(expected);
}

/** Whether the page fits its width: the document does not scroll sideways. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/**
 * How far the screen's widest table runs past its container, in pixels (0 when every table fits). A
 * table scrolls inside its own container, so the document can fit while a column is out of sight.
 */
export function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('main table')].map(
        (table) => table.scrollWidth - table.parentElement!.clientWidth,
      ),
    ),
  );
}

/**
 * The captions of the screen's tables that run past their box without a region to scroll them in: a
 * table wider than a phone scrolls sideways inside its own box, which is then a named region
 * (role region, aria-labelledby its caption) that a keyboard can reach (tabindex 0).
 */
export function unscrollableTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')]
      .filter((table) => table.scrollWidth > table.parentElement!.clientWidth)
      .filter((table) => {
        const box = table.parentElement!;
        const named = box.getAttribute('role') === 'region' && !!box.getAttribute('aria-labelledby');
        return !(named && box.tabIndex === 0 && getComputedStyle(box).overflowX === 'auto');
      })
      .map((table) => table.querySelector('caption')?.textContent ?? '(no caption)'),
  );
}

/**
 * Opens a list screen once at the first width, waits for its rows, then resizes the page to each width
 * in turn and calls `check` once the layout (and any re-render a media query starts) has followed:
 * columns fold with CSS media queries, so no reload is needed.
 */
export async function atEachWidth(
  page: Page,
  path: string,
  widths: number[],
  check: (width: number) => Promise<void>,
): Promise<void> {
  await page.setViewportSize({ width: widths[0]!, height: 900 });
  await open(page, path);
  await page.locator('main table tbody tr:not([data-testid="row-skeleton"]) td').first().waitFor();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await check(width);
  }
}

/** The computed background colour of the body: tells the light theme from the dark one. */
export function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

export const lightBackground = 'rgb(245, 247, 249)';
export const darkBackground = 'rgb(15, 20, 25)';

/** Waits for the body's background colour to be `colour` (usable in hooks, unlike expect.poll). */
export async function waitForBackground(page: Page, colour: string): Promise<void> {
  await page.waitForFunction((wanted) => getComputedStyle(document.body).backgroundColor === wanted, colour);
}

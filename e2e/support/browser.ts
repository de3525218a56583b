import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium through playwright-core (Playwright cannot download its own browser here). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  /** Smaller phones, under the common 360 px. */
  narrowPhone: { width: 320, height: 640 },
  desktop: { width: 1280, height: 900 },
} as const;

export async function newPage(
  browser: Browser,
  options: { viewport: keyof typeof viewports; colorScheme: 'light' | 'dark' },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport],
    colorScheme: options.colorScheme,
    locale: 'en-GB',
  });
  // Fail a missing element well before the test's own time-out, with the locator in the message.
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** A French-speaking visitor (a fr-FR browser) at any viewport and colour scheme, scripts on or off. */
export async function frenchVisitor(
  browser: Browser,
  viewport: { width: number; height: number },
  scheme: 'light' | 'dark',
  js = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    colorScheme: scheme,
    locale: 'fr-FR',
    javaScriptEnabled: js,
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/**
 * Collects the errors and warnings the page writes to its console, and the errors it throws (React's
 * hydration errors among them), from now on; `ignore` leaves out the console messages it matches.
 */
export function collectProblems(page: Page, ignore?: RegExp): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (ignore?.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Whether the focus is on `target` or inside it. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );
}

/** Waits (up to 3 s) for running transitions to end: a theme switch or a dialog fading in. */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      // An endless animation (a spinner, a skeleton's pulse) never finishes: only the finite ones count.
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    // A very long animation: go on anyway after the wait.
    .catch(() => undefined);
}

/**
 * A full-page screenshot in e2e/screenshots/ for people to look at. `E2E_SCREENSHOTS=0` skips them (CI
 * does: nobody sees them there, and the accessibility spec alone takes about 170).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await mkdir(screenshotDir, { recursive: true });
  await animationsDone(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * axe with the WCAG 2.0, 2.1 and 2.2 A and AA rules, and label-in-name: no violation allowed. It runs once the page is still: a dialog
 * fading in or a ripple half-way has, for that moment, colours no user reads, and axe would measure them.
 * Legacy mode runs `axe.run` in the page itself (same-origin frames included) instead of gathering each
 * frame's partial results in a blank page opened for every check: the same rules on the same nodes in
 * about half the time. What it gives up, cross-origin frames, the portal does not have (its only frame
 * is the publication's PDF, served by the portal itself).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name) is an axe rule still marked experimental, so no tag turns it on.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  // The rules and nodes in the message: a failure of several variants at once reports only the messages.
  expect(summary, `axe violations: ${summary.join('; ')}`).toEqual([]);
}

/**
 * Picks an option of a MUI select (`combobox`) and waits for its menu to close. The option is clicked
 * once the menu has finished growing in: on a busy machine an option can move between Playwright's
 * stability check and the click, which then lands beside it (a list subheader, the list's padding) and
 * leaves the menu open.
 */
export async function chooseOption(
  page: Page,
  combobox: Locator,
  option: string | RegExp,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  // The lists' filters are the browser's own selects (components/filters/filter-select.tsx).
  if ((await combobox.evaluate((element) => element.tagName)) === 'SELECT') {
    const labels = await combobox.locator('option').allTextContents();
    const label = labels.find((text) =>
      typeof option !== 'string'
        ? option.test(text)
        : exact
          ? text === option
          : text.toLowerCase().includes(option.toLowerCase()),
    );
    if (label === undefined) throw new Error(`No option ${String(option)} in ${labels.join(', ')}`);
    await combobox.selectOption({ label });
    return;
  }
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  await animationsDone(page);
  await listbox.getByRole('option', { name: option, exact }).first().click();
  await listbox.waitFor({ state: 'hidden' });
}

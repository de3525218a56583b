// Browse Restrictions on a 375 px phone puts the results first (issue 30, item 7): the filters fold behind
// "Filters (n)" (a disclosure), a chosen sector's overview follows the results, and the first result is
// above the fold; the panel opens and filters apply without a reload; no axe violation, in en and fr;
// without JavaScript the server-rendered panel filters as a plain GET form.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, url } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { apiCount, pick, search } from './catalogue-support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const sectorPath = '/public/browse/business-services';
const foldAt = 812;

/** The first result's box once the list has loaded. */
async function firstResult(page: Page) {
  const link = page.getByTestId('result-link').first();
  await link.waitFor({ state: 'visible' });
  const box = await link.boundingBox();
  if (!box) throw new Error('The first result has no box.');
  return box;
}

const panelOpen = (page: Page) =>
  page.locator('details#filters').evaluate((panel: HTMLDetailsElement) => panel.open);

describe('Browse Restrictions on a phone', () => {
  it('shows the first result above the fold with a sector chosen; "Filters (n)" opens the panel', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, sectorPath);
    expect((await firstResult(page)).y + 24).toBeLessThan(foldAt);
    const toggle = page.getByTestId('filters-toggle');
    expect(await toggle.textContent()).toBe('Filters (1)');
    expect(await panelOpen(page)).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).count()).toBe(0);
    // The sector's tables come after the results.
    const facts = await page.getByTestId('sector-facts').boundingBox();
    expect(facts?.y ?? 0).toBeGreaterThan((await firstResult(page)).y);

    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await toggle.click();
    expect(await panelOpen(page)).toBe(true);
    await pick(page, 'Country', ['Kenya']);
    await expect.poll(() => search(page).get('country')).toBe('KE');
    await expect.poll(() => toggle.textContent()).toBe('Filters (2)');
    // Applied in the page, as before: no reload.
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'browse-phone-filters-open-light');
    await context.close();
  });

  it('filters without JavaScript: the server-rendered panel is a plain GET form', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: foldAt },
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(url(sectorPath));
    const toggle = page.getByTestId('filters-toggle');
    expect(await toggle.textContent()).toBe('Filters (1)');
    await toggle.click();
    await page.locator('select[name="country"]').selectOption('KE');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/country=KE/);
    expect(search(page).getAll('category')).toContain('business-services');
    expect(await page.getByTestId('filters-toggle').textContent()).toBe('Filters (2)');
    const count = Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''));
    expect(count).toBe(await apiCount(page, 'category=business-services&country=KE'));
    await context.close();
  });

  it('says "Filtres (n)" in French, results first, no axe violation open or closed (dark)', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, `${sectorPath}?country=KE`);
    expect((await firstResult(page)).y + 24).toBeLessThan(foldAt);
    const toggle = page.getByTestId('filters-toggle');
    expect(await toggle.textContent()).toBe('Filtres (2)');
    await expectNoAxeViolations(page);
    await screenshot(page, 'browse-phone-fr-dark');
    await toggle.click();
    await page.getByRole('combobox', { name: 'Pays', exact: true }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
    await context.close();
  });
});

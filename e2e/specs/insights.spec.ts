import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBackground, darkBackground, expectHeading, fitsWidth, open } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Does the page fit its width (no sideways scroll)? */
const chart = (page: Page) => page.getByTestId('indicator-chart');

describe('indicators (public)', () => {
  it('lists every indicator as a card with its description', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/indicators');
    await expectHeading(page, 'Indicators');
    await page.getByTestId('indicator-restrictions-by-mode').waitFor({ state: 'visible' });
    expect(await page.locator('main li [data-testid^="indicator-"]').count()).toBe(4);
    expect(await page.getByTestId('indicator-restrictiveness-index').textContent()).toContain(
      'Services trade restrictiveness index',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'insights-indicators-desktop-light');
    await page.getByTestId('indicator-restrictions-by-mode').click();
    await expectHeading(page, 'Restrictions by mode of supply');
    await context.close();
  });

  it('draws a bar chart with a table alternative and a CSV download', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/indicator/restrictions-by-mode');
    await expectHeading(page, 'Restrictions by mode of supply');
    await chart(page).locator('svg').first().waitFor({ state: 'visible' });
    expect(await chart(page).getByRole('img').getAttribute('aria-label')).toContain(
      'Restrictions by mode of supply',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'insights-indicator-bar-desktop-light');

    await page.getByRole('switch', { name: 'Show as table' }).check();
    const table = chart(page).getByRole('table');
    await table.waitFor({ state: 'visible' });
    expect(await table.locator('caption').textContent()).toBe('Restrictions by mode of supply');
    expect(await table.locator('tbody tr').count()).toBe(4);
    expect(await table.locator('tbody tr').first().locator('th').textContent()).toBe(
      'Mode 1: Cross-border supply',
    );
    expect(await chart(page).locator('svg.MuiChartsSurface-root').count()).toBe(0);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('restrictions-by-mode.csv');
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('Category,Restrictions');
    expect(csv).toContain('Mode 3: Commercial presence,');
    await context.close();
  });

  it('shows the country × sector index as a colour-scaled table with a legend (dark, phone)', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await open(page, '/public/indicator/restrictiveness-index');
    await expectHeading(page, 'Services trade restrictiveness index');
    expect(await bodyBackground(page)).toBe(darkBackground);
    const table = chart(page).getByRole('table');
    await table.waitFor({ state: 'visible' });
    expect(await table.locator('caption').textContent()).toContain('average restrictiveness by sector');
    expect(await table.locator('thead th').count()).toBeGreaterThan(2);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await page.getByText('Colour scale').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'insights-indicator-heatmap-phone-dark');
    await context.close();
  });

  it('draws the line chart over the years, in dark on a desktop', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'dark' });
    await open(page, '/public/indicator/measures-over-time');
    await chart(page).locator('svg').first().waitFor({ state: 'visible' });
    expect(await chart(page).locator('.MuiLineChart-root, svg path').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'insights-indicator-line-desktop-dark');
    await context.close();
  });

  it('speaks French: labels, table switch and the CSV in French', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, '/public/indicators');
    await expectHeading(page, 'Indicateurs');
    await expect
      .poll(() => page.getByTestId('indicator-restrictions-by-mode').textContent())
      .toContain('Restrictions par mode de fourniture');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'insights-indicators-phone-fr');
    await open(page, '/public/indicator/restrictions-by-policy');
    await expectHeading(page, 'Restrictions par domaine de politique');
    await page.getByRole('switch', { name: 'Afficher sous forme de tableau' }).waitFor({ state: 'visible' });
    const href = await page.getByRole('link', { name: 'Télécharger le CSV' }).getAttribute('href');
    expect(href).toBe('/api/indicators/restrictions-by-policy/data.csv?lang=fr');
    await page.getByRole('switch', { name: 'Afficher sous forme de tableau' }).check();
    expect(await chart(page).getByRole('columnheader').first().textContent()).toBe('Catégorie');
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'insights-indicator-table-phone-fr');
    await context.close();
  });

  it('answers an unknown indicator with the not-found screen', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/indicator/no-such-indicator');
    await page.getByTestId('not-found').waitFor({ state: 'visible' });
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBackground, darkBackground, fitsWidth, open } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const featured = (page: Page) => page.getByRole('region', { name: /Featured insights|Analyses à la une/ });
const featuredReports = [
  'restrictions-by-partner-state',
  'average-restrictiveness-by-sector',
  'measures-introduced-per-year',
  'complaints-by-status',
];

/** Scrolls through the featured list so every report loads, and waits for each one's chart. */
async function loadFeaturedReports(page: Page, except: string[] = []) {
  for (const [i, slug] of featuredReports.entries()) {
    await featured(page).getByRole('article').nth(i).scrollIntoViewIfNeeded();
    const report = page.getByTestId(`report-${slug}`);
    if (!except.includes(slug)) await report.locator('svg').first().waitFor({ state: 'visible' });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('home page', () => {
  it('shows the figures, the featured insights drawn live, the latest notifications and entry points', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/');
    const figure = page.getByTestId('figure-restrictions_in_force');
    await expect.poll(() => figure.locator('dd').textContent()).toMatch(/^\d[\d,]*$/);
    expect(await figure.locator('dt').textContent()).toBe('Restrictions in force');
    expect(Number(await page.getByTestId('figure-partner_states').locator('dd').textContent())).toBe(8);

    expect(await featured(page).getByRole('article').count()).toBe(4);
    expect(await featured(page).getByRole('heading', { level: 3 }).first().textContent()).toBe(
      'Where services trade is most restricted',
    );
    await loadFeaturedReports(page);

    const notifications = page.getByRole('region', { name: 'Latest notifications' });
    const links = notifications.locator('li a');
    expect(await links.count()).toBe(5);
    expect(await links.first().getAttribute('href')).toMatch(
      /^\/public\/notifications\?notification=[\w-]+$/,
    );

    const sectors = page.getByRole('region', { name: 'Browse by sector' }).getByRole('link');
    expect(await sectors.count()).toBe(12);
    expect(await sectors.first().getAttribute('href')).toMatch(/^\/public\/browse\/[\w-]+$/);
    const countries = page.getByRole('region', { name: 'Browse by partner state' }).getByRole('link');
    expect(await countries.count()).toBe(8);
    expect(await page.getByTestId('home-countries-KE').getAttribute('href')).toBe(
      '/public/browse?country=KE',
    );

    await expectNoAxeViolations(page);
    await screenshot(page, 'home-page-desktop-light');
    await context.close();
  });

  it('shows the spec sentence in place of a report that fails; the others still show', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    // The home answer carries each report's data; one the server could not compute comes as null. The
    // page is reached by a client navigation, so its answer is the routed one whatever the server renders.
    await page.route('**/api/home/', async (route) => {
      const response = await route.fetch();
      const home = (await response.json()) as {
        featured: { report: { slug: string } | null; report_data: unknown }[];
      };
      for (const insight of home.featured)
        if (insight.report?.slug === 'complaints-by-status') insight.report_data = null;
      await route.fulfill({ response, json: home });
    });
    await open(page, '/public/about');
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await featured(page).getByRole('article').first().waitFor({ state: 'visible' });
    await loadFeaturedReports(page, ['complaints-by-status']);
    const failed = page.getByTestId('report-complaints-by-status');
    await expect.poll(() => failed.textContent()).toBe('The report could not be loaded at this time.');
    expect(
      await page.getByTestId('report-restrictions-by-partner-state').locator('svg').count(),
    ).toBeGreaterThan(0);
    await context.close();
  });

  it('draws the charts without the charting library, and loads it to explore one', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await open(page, '/');
    await loadFeaturedReports(page);
    const report = page.getByTestId('report-restrictions-by-partner-state');
    expect(await report.getByText('Kenya', { exact: true }).first().isVisible()).toBe(true);
    // The table alternative, behind its disclosure.
    await report.getByText('Show as table').click();
    expect(await report.getByRole('table').getByRole('rowheader').count()).toBe(8);
    expect(scripts.filter((url) => /BarChart|chart-panel/.test(url))).toEqual([]);
    await report.getByRole('button', { name: /Explore the chart/ }).click();
    await report.getByRole('switch', { name: 'Show as table' }).waitFor({ state: 'visible' });
    expect(scripts.some((url) => /chart-panel/.test(url))).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('works in dark on a phone, without sideways scroll', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await open(page, '/');
    expect(await bodyBackground(page)).toBe(darkBackground);
    await featured(page).getByRole('article').first().waitFor({ state: 'visible' });
    await loadFeaturedReports(page);
    expect(await fitsWidth(page)).toBe(true);
    // The pie takes the report's width, its legend under it (beside it, the legend left it a sliver).
    const pieShare = await page.getByTestId('report-complaints-by-status').evaluate((report) => {
      const arcs = [...report.querySelectorAll('svg path')].map((arc) => arc.getBoundingClientRect());
      const width = Math.max(...arcs.map((arc) => arc.right)) - Math.min(...arcs.map((arc) => arc.left));
      return width / report.getBoundingClientRect().width;
    });
    expect(pieShare).toBeGreaterThan(0.6);
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-page-phone-dark');
    await context.close();
  });

  it('speaks French', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, '/');
    await featured(page).getByRole('article').first().waitFor({ state: 'visible' });
    expect(await page.getByTestId('figure-restrictions_in_force').locator('dt').textContent()).toBe(
      'Restrictions en vigueur',
    );
    expect(await featured(page).getByRole('heading', { level: 3 }).first().textContent()).toBe(
      'Où le commerce des services est le plus restreint',
    );
    expect(await page.getByRole('heading', { name: 'Dernières notifications' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Parcourir par secteur' }).isVisible()).toBe(true);
    await loadFeaturedReports(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-page-desktop-dark-fr');
    await context.close();
  });
});

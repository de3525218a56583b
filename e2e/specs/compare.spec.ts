import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCompareResponse } from '@stp/shared';
import { open, settled, unscrollableTables, url } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { applyLook, checkScreen, lookName, looks, pageAt } from './journey-steps.js';

/**
 * Issue 34, item 6: compare partner states. From a restriction view, "Compare with other partner states"
 * opens the comparison with its country and sector chosen; the visitor adds states with the form and
 * sees them side by side, the figures the API gives, the differing rows marked; then changes the states.
 * en and fr, 375 and 1366 px, light and dark, axe (WCAG 2.0/2.1/2.2 A and AA) at zero, no sideways
 * scroll of the page (the table scrolls in its own named region). Without JavaScript the form works.
 */

const texts = {
  en: {
    link: 'Compare with other partner states',
    count: (n: number) => `${n} restriction${n === 1 ? '' : 's'}`,
    differs: 'Differs',
    submit: 'Compare',
  },
  fr: {
    link: "Comparer avec d'autres États partenaires",
    count: (n: number) => `${n} restriction${n > 1 ? 's' : ''}`,
    differs: 'Diffère',
    submit: 'Comparer',
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function api<T>(path: string): Promise<{ status: number; body: T }> {
  const answer = await fetch(url(`/api${path}`));
  return { status: answer.status, body: (await answer.json()) as T };
}

/** A visible Kenyan restriction of the demo data: its slug and sector. */
async function kenyanRestriction(): Promise<{ slug: string; sector: string }> {
  const { body } = await api<{ results: { slug: string; sector: { slug: string } }[] }>(
    '/restrictions/?country=KE&page_size=1',
  );
  return { slug: body.results[0]!.slug, sector: body.results[0]!.sector.slug };
}

const search = (page: Page) => new URL(page.url()).searchParams;
/** The states in an address's comma list, sorted (the form lists them by name in the reader's language). */
const chosen = (address: URL) => (address.searchParams.get('countries') ?? '').split(',').sort().join(',');

/** Ticks exactly these states in the form and sends it. */
async function chooseStates(page: Page, codes: string[], submit: string): Promise<void> {
  for (const code of ['KE', 'TZ', 'UG', 'RW', 'BI', 'SS', 'CD', 'SO'])
    await page.getByTestId(`compare-country-${code}`).setChecked(codes.includes(code));
  await page.getByRole('button', { name: submit, exact: true }).click();
  // The pointer leaves the button: axe measures the page as read, not the button's hover colours.
  await page.mouse.move(0, 0);
}

/** What the table shows against what the API answers for the same choice. */
async function expectTableMatches(page: Page, countries: string[], sector: string, lang: 'en' | 'fr') {
  const { status, body } = await api<TCompareResponse>(
    `/compare/?countries=${countries.join(',')}&sector=${sector}`,
  );
  expect(status).toBe(200);
  const table = page.getByTestId('compare-table');
  await table.waitFor();
  // The table of the previous choice may still be on screen while the new one loads.
  const headers = () =>
    table
      .locator('thead th[data-testid^="compare-column-"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-testid')));
  await expect
    .poll(headers, { timeout: 30_000 })
    .toEqual(body.countries.map((country) => `compare-column-${country.code}`));
  const totals = await page.getByTestId('compare-row-total').locator('td strong').allTextContents();
  expect(totals).toEqual(body.total.values.map((cell) => texts[lang].count(cell.count)));
  for (const row of body.by_mode) {
    const cells = await page.getByTestId(`compare-row-${row.mode}`).locator('td').allTextContents();
    cells.forEach((cell, column) => {
      const count = row.values[column]!.count;
      if (count > 0) expect(cell).toContain(texts[lang].count(count));
    });
  }
  const rows = [body.total, body.index, body.commitment, ...body.by_mode, ...body.by_policy];
  expect(await page.getByTestId('differs-marker').count()).toBe(rows.filter((row) => row.differs).length);
  if (rows.some((row) => row.differs))
    expect(await page.getByTestId('differs-marker').first().textContent()).toContain(texts[lang].differs);
  expect(await unscrollableTables(page)).toEqual([]);
}

describe('compare partner states (issue 34, item 6)', () => {
  for (const look of looks) {
    const t = texts[look.lang];
    it(
      `from a restriction view, then other states with the form (${lookName(look)})`,
      { timeout: 240_000 },
      async () => {
        const restriction = await kenyanRestriction();
        const { context, page } = await pageAt(browser, look.width);
        await open(page, `/public/restriction/${restriction.slug}`);
        await applyLook(page, look);
        await page.getByTestId('restriction').waitFor();
        await page.getByRole('link', { name: t.link, exact: true }).click();
        await page.waitForURL((address) => address.pathname === '/public/compare');
        await settled(page);
        expect(search(page).get('countries')).toBe('KE');
        expect(search(page).get('sector')).toBe(restriction.sector);
        await page.getByTestId('compare-incomplete').waitFor();
        expect(await page.getByTestId('compare-country-KE').isChecked()).toBe(true);
        expect(await page.getByTestId('compare-sector').inputValue()).toBe(restriction.sector);
        await checkScreen(page, 'compare-prefilled', look);

        await chooseStates(page, ['KE', 'TZ', 'UG'], t.submit);
        await page.waitForURL((address) => chosen(address) === 'KE,TZ,UG');
        await expectTableMatches(page, ['KE', 'TZ', 'UG'], restriction.sector, look.lang);
        await checkScreen(page, 'compare-three', look);

        // Five states: the most a comparison takes, still no sideways scroll of the page.
        await chooseStates(page, ['KE', 'RW', 'BI', 'SS', 'CD'], t.submit);
        await page.waitForURL((address) => chosen(address) === 'BI,CD,KE,RW,SS');
        await expectTableMatches(page, ['KE', 'RW', 'BI', 'SS', 'CD'], restriction.sector, look.lang);
        await checkScreen(page, 'compare-five', look);
        await context.close();
      },
    );
  }

  it(
    'works without JavaScript: the empty state, the plain form, the table and a refused choice',
    { timeout: 120_000 },
    async () => {
      const restriction = await kenyanRestriction();
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          javaScriptEnabled: false,
          viewport: { width: 375, height: 812 },
          colorScheme: scheme,
          locale: 'en-GB',
        });
        const page = await context.newPage();
        const answer = await page.goto(url('/public/compare'));
        expect(answer?.status()).toBe(200);
        expect(await page.title()).toBe('Compare partner states | Services Trade Portal');
        await page.getByTestId('compare-empty').waitFor();
        await page.getByTestId('compare-country-KE').check();
        await page.getByTestId('compare-country-TZ').check();
        await page.getByTestId('compare-sector').selectOption(restriction.sector);
        await page.getByRole('button', { name: 'Compare', exact: true }).click();
        await page.waitForURL((address) => address.searchParams.getAll('countries').length === 2);
        expect(search(page).getAll('countries')).toEqual(['KE', 'TZ']);
        await expectTableMatches(page, ['KE', 'TZ'], restriction.sector, 'en');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        // axe and the screenshot need scripts in the page: the looks above check this same server-rendered
        // HTML before it hydrates.

        const refused = await page.goto(
          url(`/public/compare?countries=KE,XX&sector=${restriction.sector}&lang=fr`),
        );
        expect(refused?.status()).toBe(400);
        expect(await page.getByTestId('compare-error').textContent()).toContain(
          'Choisissez les États partenaires dans la liste.',
        );
        await context.close();
      }
      const refused = await api<{ errors: Record<string, string> }>(
        '/compare/?countries=KE,TZ,UG,RW,BI,SS&sector=x',
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors.countries).toBe('Choose from 2 to 5 partner states.');
    },
  );

  it('is linked from the indicators', { timeout: 60_000 }, async () => {
    const { context, page } = await pageAt(browser, 1366);
    await open(page, '/public/indicators');
    await page.getByTestId('compare-link').click();
    await page.waitForURL((address) => address.pathname === '/public/compare');
    await settled(page);
    await page.getByTestId('compare-empty').waitFor();
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, settled, url } from '../support/app.js';
import { collectProblems, launchBrowser, viewports } from '../support/browser.js';
import { applyLook, checkScreen, lookName, looks, pageAt } from './journey-steps.js';

/**
 * Issue 34, item 7: documented open data. The footer leads to /public/open-data, which lists every
 * dataset with its files, its data dictionary, the licence, the date of the extract and the DCAT
 * catalogue; a CSV downloaded through the page's link has the header of the dictionary the page shows.
 * Server-rendered (readable without scripts) and hydrated without warnings; en and fr, 375 and 1366 px,
 * light and dark, axe (WCAG 2.0, 2.1, 2.2 A and AA) at zero.
 */

interface Index {
  licence: { url: string };
  catalog: string;
  datasets: { id: string; title: { en: string; fr: string }; fields: { name: string }[] }[];
}

const texts = {
  en: { openData: 'Open data', dictionary: 'Data dictionary', licence: 'Creative Commons Attribution 4.0' },
  fr: {
    openData: 'Données ouvertes',
    dictionary: 'Dictionnaire des données',
    licence: 'Creative Commons Attribution 4.0',
  },
} as const;

let browser: Browser;
let index: Index;
beforeAll(async () => {
  browser = await launchBrowser();
  const answer = await fetch(url('/api/open-data/'));
  expect(answer.status).toBe(200);
  index = (await answer.json()) as Index;
});
afterAll(async () => {
  await browser?.close();
});

/** The column names a dataset's dictionary shows on the page, in order. */
const shownColumns = (page: Page, dataset: string) =>
  page.getByTestId(`dictionary-${dataset}`).getByTestId('field-name').allTextContents();

describe('open data (issue 34, item 7)', () => {
  it(
    'is read without scripts: every dataset, its links and its dictionary',
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: viewports.phone,
        locale: 'en-GB',
      });
      const page = await context.newPage();
      const answer = await page.goto(url('/public/open-data'));
      expect(answer?.status()).toBe(200);
      expect(await page.locator('main h1').innerText()).toBe('Open data');
      expect(await page.title()).toBe('Open data | Services Trade Portal');
      for (const dataset of index.datasets) {
        const card = page.getByTestId(`dataset-${dataset.id}`);
        expect(await card.locator('h3').innerText()).toBe(dataset.title.en);
        expect(await card.getByTestId('download-csv').getAttribute('href')).toBe(
          `/api/open-data/${dataset.id}/data.csv`,
        );
        expect(await card.getByTestId('download-json').getAttribute('href')).toBe(
          `/api/open-data/${dataset.id}/data.json`,
        );
        expect(await shownColumns(page, dataset.id)).toEqual(dataset.fields.map((field) => field.name));
      }
      expect(await page.getByTestId('open-data-licence').getAttribute('href')).toBe(index.licence.url);
      expect(await page.getByTestId('open-data-catalog').getAttribute('href')).toBe(index.catalog);
      await context.close();
    },
  );

  it('hydrates the page it was sent without warnings', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({
      viewport: viewports.desktop,
      locale: 'en-GB',
      timezoneId: 'Africa/Nairobi',
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, '/public/open-data');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('open-data-extracted').getAttribute('datetime')).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const look of looks) {
    const t = texts[look.lang];
    it(
      `the footer's link, the datasets, a dictionary and a CSV whose header is that dictionary (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/');
        await applyLook(page, look);
        await page.locator('footer').getByRole('link', { name: t.openData, exact: true }).click();
        await page.waitForURL((address) => address.pathname === '/public/open-data');
        await settled(page);
        expect(await page.locator('main h1').innerText()).toBe(t.openData);
        for (const dataset of index.datasets)
          expect(await page.getByTestId(`dataset-${dataset.id}`).locator('h3').innerText()).toBe(
            dataset.title[look.lang],
          );
        expect(await page.getByTestId('open-data-licence').innerText()).toContain(t.licence);

        // The restrictions' dictionary, opened, then the CSV through the page's own link.
        const dictionary = page.getByTestId('dictionary-restrictions');
        await dictionary.locator('summary').click();
        expect(await dictionary.locator('summary').innerText()).toContain(t.dictionary);
        await dictionary.locator('table').waitFor({ state: 'visible' });
        const columns = await shownColumns(page, 'restrictions');
        expect(columns.length).toBeGreaterThan(10);
        await checkScreen(page, 'open-data', look);

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('dataset-restrictions').getByTestId('download-csv').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^restrictions-\d{4}-\d{2}-\d{2}\.csv$/);
        const file = await readFile(await download.path(), 'utf8');
        const header = file.slice(0, file.indexOf('\r\n')).split(',');
        expect(header).toEqual(columns);
        expect(file.split('\r\n').length).toBeGreaterThan(100);
        await context.close();
      },
    );
  }
});

import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, settled } from '../support/app.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { apiCount, expectCount, parseCsv, pick, search, shownCount } from './catalogue-support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('Browse Restrictions', () => {
  it('keeps the filters in the address: the results follow, a reload reproduces them and Back undoes', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/browse');
    expect(await page.locator('main h1').textContent()).toBe('Browse Restrictions');
    await expectCount(page, await apiCount(page, ''));

    await pick(page, 'Country', ['Kenya', 'Uganda']);
    await expect.poll(() => search(page).get('country')).toBe('KE,UG');
    await expectCount(page, await apiCount(page, 'country=KE,UG'));

    await pick(page, 'Type Of Restriction', ['Licensing requirement']);
    await expect.poll(() => search(page).get('restriction_type')).toBe('licensing');
    await page.getByLabel('From', { exact: true }).fill('2010');
    await expect.poll(() => search(page).get('year_from')).toBe('2010');
    const query = 'country=KE,UG&restriction_type=licensing&year_from=2010';
    const expected = await apiCount(page, query);
    expect(expected).toBeGreaterThan(0);
    await expectCount(page, expected);
    // Every row shown is one of the two countries.
    const countries = await page
      .getByTestId('results-table')
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    expect(new Set(countries)).toEqual(
      new Set(countries.filter((name) => ['Kenya', 'Uganda'].includes(name))),
    );

    await page.reload();
    await settled(page);
    await expectCount(page, expected);
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).textContent()).toBe(
      'Kenya, Uganda',
    );
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2010');

    await page.goBack();
    await expect.poll(() => search(page).get('year_from')).toBeNull();
    await expectCount(page, await apiCount(page, 'country=KE,UG&restriction_type=licensing'));
    await context.close();
  });

  it('puts the sector in the path and offers its sub-sectors and specific services', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/browse?country=KE');
    expect(await page.getByRole('combobox', { name: 'Sub Sector', exact: true }).isDisabled()).toBe(true);
    await pick(page, 'Sector', ['Business services']);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/public/browse/business-services');
    expect(search(page).get('country')).toBe('KE');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Business services');
    await pick(page, 'Sub Sector', ['Professional services']);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/public/browse/professional-services');
    await pick(page, 'Specific Service', ['Legal services']);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/public/browse/legal-services');
    await expectCount(page, await apiCount(page, 'category=legal-services&country=KE'));
    await context.close();
  });

  it('searches on Enter, marks the matches and orders by relevance', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/browse');
    await page.getByTestId('search-input').fill('licence');
    await page.getByTestId('search-input').press('Enter');
    await expect.poll(() => search(page).get('q')).toBe('licence');
    await expectCount(page, await apiCount(page, 'q=licence'));
    const marks = page.getByTestId('results-table').locator('mark');
    await marks.first().waitFor();
    for (const text of (await marks.allTextContents()).slice(0, 10))
      expect(text.toLowerCase()).toMatch(/^licen/);
    expect(
      await page
        .getByRole('combobox', { name: 'Sort by' })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
    ).toBe('Relevance');

    // Typing alone applies the search after a pause.
    await page.getByTestId('search-input').fill('work permit');
    await expect.poll(() => search(page).get('q')).toBe('work permit');
    await context.close();
  });

  it('pages and sorts on the server', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/browse');
    const table = page.getByTestId('results-table');
    await table.getByTestId('result-link').first().waitFor();
    const firstPage = await table.getByTestId('result-link').allTextContents();
    await page.getByRole('button', { name: 'Go to the next page' }).click();
    await expect.poll(() => search(page).get('page')).toBe('2');
    await expect.poll(() => table.getByTestId('result-link').first().textContent()).not.toBe(firstPage[0]);
    expect(await page.getByText(/^21–40 of \d+$/).count()).toBe(1);

    await pick(page, 'Sort by', ['Year introduced (newest first)']);
    await expect.poll(() => search(page).get('sort')).toBe('-year_introduced');
    expect(search(page).get('page')).toBeNull();
    const years = async () => (await table.locator('tbody tr td:nth-child(5)').allTextContents()).map(Number);
    const descending = async () => {
      const shown = await years();
      return shown.length > 0 && shown.every((year, index) => index === 0 || shown[index - 1]! >= year);
    };
    await expect.poll(descending).toBe(true);
    await context.close();
  });

  it('shows an empty state whose "Clear filters" brings every restriction back', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/public/browse/legal-services?q=zzzqqqxx&status=removed');
    await page.getByTestId('empty-state').waitFor();
    expect(await shownCount(page)).toBe(0);
    await page.getByTestId('empty-clear-filters').click();
    await expect.poll(() => page.url().replace(/^https?:\/\/[^/]+/, '')).toBe('/public/browse');
    await expectCount(page, await apiCount(page, ''));
    await context.close();
  });

  it('downloads the CSV of the current filter (the rows the API counts) and the Excel file', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const query = 'country=KE&restriction_type=licensing';
    await open(page, `/public/browse?${query}`);
    const expected = await apiCount(page, query);
    await expectCount(page, expected);
    const csvLink = page.getByTestId('download-csv');
    const href = new URL((await csvLink.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe('/api/restrictions/export/');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      country: 'KE',
      restriction_type: 'licensing',
      format: 'csv',
      lang: 'en',
    });

    const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(await readFile(await csv.path(), 'utf8')).filter((row) => row.length > 1);
    expect(rows[0]).toContain('Type Of Restriction');
    expect(rows.length - 1).toBe(expected);
    const country = rows[0]!.indexOf('Country');
    const type = rows[0]!.indexOf('Type Of Restriction');
    for (const row of rows.slice(1)) {
      expect(row[country]).toBe('Kenya');
      expect(row[type]).toBe('Licensing requirement');
    }

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await readFile(await xlsx.path());
    expect(file.subarray(0, 2).toString()).toBe('PK');
    await context.close();
  });

  it('folds the filters into a panel on phones, with the results as cards', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await open(page, '/public/browse?mode_of_supply=mode_4');
    const toggle = page.getByTestId('filters-toggle');
    expect(await toggle.textContent()).toBe('Filters (1)');
    expect(await page.locator('details#filters').evaluate((panel: HTMLDetailsElement) => panel.open)).toBe(
      false,
    );
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('combobox', { name: 'Country', exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Mode Of Supply Affected' }).textContent()).toBe(
      'Mode 4: Presence of natural persons',
    );
    await page.getByTestId('results-cards').getByTestId('result-link').first().waitFor();
    expect(await page.getByTestId('results-table').count()).toBe(0);
    await expectCount(page, await apiCount(page, 'mode_of_supply=mode_4'));
    await context.close();
  });
});

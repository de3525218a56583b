// Spec 3's record flag Deleted On (issue 33 item 6): a purge stays a purge (the row goes), and each admin
// list's Deleted view shows the purged records with their Deleted On and who deleted them, read-only.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminRow,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  searchAdminList,
} from '../support/admin.js';
import { accounts, fitsWidth, open, signIn, useAccountLanguage } from '../support/app.js';
import { launchBrowser, newPage, screenshot } from '../support/browser.js';

const path = '/auth/config/policies';
const name = `E2E purged policy ${Date.now().toString(36)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' }));
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, accounts.admin);
});
afterAll(async () => {
  // The admin account's language is its profile's: leave it as the other specs expect it.
  await useAccountLanguage(page, 'en').catch(() => undefined);
  await context.close();
  await browser.close();
});

const speaksLanguage = (html: string | null, language: string) => (html ?? '').startsWith(language);

const deletedRow = (text: string) =>
  page.getByTestId('admin-deleted-list').locator('tbody tr', { hasText: text });

/** The header cells' texts of the Deleted list. */
const headers = () => page.getByTestId('admin-deleted-list').locator('thead th').allTextContents();

/** Today as the list writes it in English (spec 9: "March 5th, 2026 2:07pm"). */
const monthOfToday = () => new Date().toLocaleString('en-US', { month: 'long' });

describe('Deleted records (spec 3 Deleted On)', () => {
  it('purges a record behind the confirmation; it leaves every list of records', async () => {
    await open(page, path);
    const created = await callApi(page, 'POST', '/admin/policies/', {
      name_en: name,
      name_fr: `${name} (fr)`,
      sort_order: 95,
    });
    expect(created.status).toBe(201);
    await open(page, path);
    await searchAdminList(page, name);
    await adminRow(page, name).getByTestId('row-purge').click();
    const question = page.getByTestId('dialog-confirm');
    await question.waitFor({ state: 'visible' });
    // The dialog says the purge is final: the Deleted view lists it but cannot bring it back.
    expect(await question.textContent()).toContain('This cannot be undone.');
    await confirmAndAcknowledge(page, `“${name}” was deleted permanently.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
    await page.getByTestId('state-all').click();
    await page.waitForURL((address) => address.searchParams.get('state') === 'all');
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
  });

  it('lists it under Deleted with its Deleted On and who deleted it, with no action on it', async () => {
    await page.getByTestId('state-deleted').click();
    await page.waitForURL((address) => address.searchParams.get('state') === 'deleted');
    const row = deletedRow(name);
    await row.waitFor({ state: 'visible' });
    expect(await headers()).toEqual(['Name', 'Deleted On', 'Deleted By']);
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe(name);
    expect(cells[1]).toContain(monthOfToday());
    expect(cells[1]).toContain(String(new Date().getFullYear()));
    expect(cells[2]).toBe('Portal Administrator');
    expect(await row.locator('button').count()).toBe(0);
    expect(await page.getByTestId('deleted-note').textContent()).toContain('cannot be restored');
    // The resource's own filters do not apply to purged records; the search does.
    expect(await page.getByTestId('admin-deleted-list').locator('tbody tr').count()).toBe(1);
    // Newest purge first, and Deleted On sorts both ways from its header.
    await page.getByRole('button', { name: 'Deleted On' }).click();
    await page.waitForURL((address) => address.searchParams.get('sort') === 'deleted_on');
    await row.waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page, 'deleted-records-en-1366-dark');
    await screenshot(page, 'deleted-records-en-1366-light');
  });

  it('the API answers the same list to the page’s user, and refuses a bad state', async () => {
    const answer = await callApi(page, 'GET', `/admin/policies/?state=deleted&q=${encodeURIComponent(name)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 1, results: [{ label: name, record: { name_en: name } }] });
    const bad = await callApi(page, 'GET', '/admin/policies/?state=gone');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { state: 'Select a valid choice.' } });
  });

  it('reads well on a phone and in French, in both themes', async () => {
    const address = `${path}?state=deleted&q=${encodeURIComponent(name)}`;
    for (const language of ['en', 'fr'] as const) {
      await useAccountLanguage(page, language);
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await open(page, address);
        expect(speaksLanguage(await page.locator('html').getAttribute('lang'), language)).toBe(true);
        await deletedRow(name).waitFor({ state: 'visible' });
        if (language === 'fr') {
          expect(await headers()).toEqual(['Nom', 'Supprimé le', 'Supprimé par']);
          expect(await page.getByTestId('state-deleted').textContent()).toBe('Supprimés');
        }
        expect(await fitsWidth(page)).toBe(true);
        await expectAccessibleInBothThemes(page, `deleted-records-${language}-${width}-dark`);
        await screenshot(page, `deleted-records-${language}-${width}-light`);
      }
    }
  });
});

describe('Deleted records for a non-archivable resource and a user without the permission', () => {
  it('a report tag purged through the contract shows under Deleted (Active / Deleted only)', async () => {
    await useAccountLanguage(page, 'en');
    await open(page, '/auth/config/report-tags');
    const tag = `E2E purged tag ${Date.now().toString(36)}`;
    const created = await callApi(page, 'POST', '/admin/report-tags/', {
      name_en: tag,
      name_fr: `${tag} fr`,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await callApi(page, 'DELETE', `/admin/report-tags/${id}/`)).status).toBe(200);
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, '/auth/config/report-tags');
    expect(await page.getByTestId('state-archived').count()).toBe(0);
    await page.getByTestId('state-deleted').click();
    await deletedRow(tag).waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
  });

  it('a user who may not view the list gets no Deleted view and a 403 from the API', async () => {
    const trader = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(trader.page, accounts.trader);
    await open(trader.page, '/auth/manage/notifications');
    expect(await trader.page.getByTestId('state-deleted').count()).toBe(0);
    const answer = await callApi(trader.page, 'GET', '/admin/notifications/?state=deleted');
    expect(answer.status).toBe(403);
    await trader.context.close();
  });
});

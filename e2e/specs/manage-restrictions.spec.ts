// Manage restrictions (issue 6 item 2): create, edit with the history's diff, archive, purge, the access
// rule across countries, a view-only user, and the bulk import with one bad row.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  expectRefused,
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, settled, signIn } from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';

const path = '/auth/manage/restrictions';
const tag = Date.now().toString(36);
const title = `E2E restriction ${tag}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' }));
  await signIn(page, accounts.admin);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const form = () => page.getByTestId('admin-form');

/** Picks an option of a MUI select found by its label. */
function choose(target: Page, label: RegExp, option: string | RegExp) {
  return chooseOption(
    target,
    target.getByTestId('admin-form').getByRole('combobox', { name: label }),
    option,
  );
}

/** How many restrictions the admin list finds for a search. */
async function countFor(target: Page, q: string) {
  const answer = await callApi(target, 'GET', `/admin/restrictions/?state=all&q=${encodeURIComponent(q)}`);
  return (answer.body as { count: number }).count;
}

describe('Manage restrictions', () => {
  it('lists restrictions with filters and sorting kept in the address', async () => {
    await open(page, path);
    await expectHeading(page, 'Restrictions');
    await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL((address) => address.searchParams.get('sort') === 'title');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-restrictions-desktop');
  });

  it('refuses an empty form field by field, then creates a restriction on its own page', async () => {
    await page.getByTestId('admin-create').click();
    await page.waitForURL((address) => address.pathname === `${path}/new`);
    await form().waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    expect(await form().getByText('This field is required.').count()).toBeGreaterThanOrEqual(4);
    await form()
      .getByRole('textbox', { name: /^Title \(English\)/ })
      .fill(title);
    await choose(page, /^Country/, 'Kenya');
    await choose(page, /^Sector/, /^1 /);
    await choose(page, /^Sub Sector/, /^1\.A /);
    await choose(page, /^Type Of Restriction/, 'Licensing requirement');
    await form()
      .getByRole('checkbox', { name: /Mode 3/ })
      .check();
    await form()
      .getByRole('textbox', { name: /^Year Measure Was Introduced/ })
      .fill('2015');
    await form()
      .getByRole('textbox', { name: /^Text Of Measure \(English\)/ })
      .fill('A licence is required.');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-restrictions-form');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await page.waitForURL((address) => /\/auth\/manage\/restrictions\/\d+$/.test(address.pathname));
  });

  it('edits the restriction; its history shows the change old → new', async () => {
    await form()
      .getByRole('textbox', { name: /^Title \(English\)/ })
      .fill(`${title} edited`);
    await form()
      .getByRole('textbox', { name: /^Remarks \(English\)/ })
      .fill('Checked by the secretariat.');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await page.getByTestId('tab-history').click();
    await page.waitForURL((address) => address.searchParams.get('tab') === 'history');
    const entries = page.getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBe(2);
    const latest = (await entries.first().textContent()) ?? '';
    expect(latest).toContain(title);
    expect(latest).toContain(`${title} edited`);
    expect(latest).toContain('Checked by the secretariat.');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-restrictions-history');
    // A second save on the same page carries the version of the first (no stale refusal).
    await page.getByRole('tab', { name: 'Details' }).click();
    await form()
      .getByRole('textbox', { name: /^Remarks \(English\)/ })
      .fill('Checked twice.');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await page.getByTestId('tab-history').click();
    await expect.poll(() => entries.count()).toBe(3);
  });

  it('archives the restriction (a version too), then purges it behind the confirm dialog', async () => {
    await page.getByTestId('archive').click();
    await confirmAndAcknowledge(page, `“${title} edited” was archived.`);
    await page.getByTestId('archived-chip').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(4);
    await page.getByTestId('purge').click();
    await page.getByTestId('dialog-confirm').waitFor({ state: 'visible' });
    await screenshot(page, 'manage-restrictions-purge-confirm');
    await confirmAndAcknowledge(page, `“${title} edited” was deleted permanently.`);
    await page.waitForURL((address) => address.pathname === path);
    expect(await countFor(page, title)).toBe(0);
  });

  it('imports nothing when one row is bad and reports the row; then imports the valid rows', async () => {
    await open(page, path);
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor({ state: 'visible' });
    const csv = [
      'title,country,sector,restriction_type,modes_of_supply',
      `E2E import ${tag} good,KE,1,licensing,mode_3`,
      `E2E import ${tag} bad,KE,1,not_a_type,mode_9`,
    ].join('\r\n');
    await page.getByTestId('import-file').setInputFiles({
      name: 'restrictions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('import-submit').click();
    await page.getByTestId('import-errors').waitFor({ state: 'visible' });
    const rows = page.getByTestId('import-error-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toMatch(/^3/);
    expect(await page.getByTestId('import-outcome').textContent()).toMatch(/Nothing was imported/);
    expect(await countFor(page, `E2E import ${tag}`)).toBe(0);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-restrictions-import-report');
    await page.getByTestId('import-valid-only').click();
    await page.getByTestId('import-submit').click();
    await acknowledgeSuccess(page, '1 restriction was imported.');
    expect(await page.getByTestId('import-outcome').textContent()).toBe('1 of 2 rows were imported.');
    expect(await countFor(page, `E2E import ${tag}`)).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await adminRow(page, `E2E import ${tag} good`).waitFor({ state: 'visible' });
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, path);
    await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-restrictions-phone');
    await page.getByTestId('admin-list').locator('tbody tr').first().getByTestId('row-open').click();
    await form().waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'manage-restrictions-form-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('Manage restrictions for officers with limited rights', () => {
  it("refuses a data officer another country's restriction, and says why", async () => {
    const officer = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(officer.page, accounts.editor);
    const list = await callApi(officer.page, 'GET', '/admin/restrictions/?country=TZ&page_size=1');
    const [tanzanian] = (list.body as { results: { id: number; title: string }[] }).results;
    expect(tanzanian).toBeDefined();
    await open(officer.page, `${path}/${tanzanian?.id}`);
    await officer.page.getByTestId('admin-form').waitFor({ state: 'visible' });
    await officer.page
      .getByTestId('admin-form')
      .getByRole('textbox', { name: /^Remarks \(English\)/ })
      .fill('Not mine');
    await officer.page.getByTestId('admin-save').click();
    const error = officer.page.getByTestId('dialog-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toMatch(/edit access to the restrictions of Tanzania/);
    await officer.context.close();
  });

  it('shows a view-only user the records read-only, and the server refuses the changes', async () => {
    // A reviewer group given only the view permission, through the groups admin as the superuser.
    const groups = await callApi(page, 'GET', '/admin/groups/?q=Council');
    const council = (
      groups.body as { results: { id: number; name: string; description: string; permissions: string[] }[] }
    ).results[0];
    expect(council).toBeDefined();
    const granted = await callApi(page, 'PUT', `/admin/groups/${council?.id}/`, {
      name: council?.name,
      description: council?.description,
      permissions: [...(council?.permissions ?? []), 'restrictions.view_restriction'],
    });
    expect(granted.status).toBe(200);
    const viewer = await newPage(browser, { viewport: 'desktop', colorScheme: 'dark' });
    await signIn(viewer.page, 'council@portal.example');
    await open(viewer.page, path);
    await viewer.page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    for (const id of ['admin-create', 'import-open', 'row-archive', 'row-purge'])
      expect(await viewer.page.getByTestId(id).count()).toBe(0);
    await viewer.page
      .getByTestId('admin-list')
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^View/ })
      .click();
    await viewer.page.getByTestId('read-only').waitFor({ state: 'visible' });
    await settled(viewer.page);
    expect(await viewer.page.getByTestId('admin-save').count()).toBe(0);
    expect(await viewer.page.getByTestId('record-actions').getByRole('button').count()).toBe(0);
    await expectAccessibleInBothThemes(viewer.page);
    await screenshot(viewer.page, 'manage-restrictions-read-only');
    // A valid body: the refusal is the permission's, not the validation's.
    const body = { title: 'X', country: 'KE', sector: 1, restriction_type: 'licensing' };
    await expectRefused(viewer.page, 'POST', '/admin/restrictions/', body);
    await expectRefused(viewer.page, 'PUT', '/admin/restrictions/1/', body);
    await expectRefused(viewer.page, 'POST', '/admin/restrictions/1/archive/');
    await expectRefused(viewer.page, 'DELETE', '/admin/restrictions/1/');
    await viewer.context.close();
  });
});

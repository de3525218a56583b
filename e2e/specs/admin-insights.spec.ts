// Reports (live preview, tags, featured), report tags, featured insights on the home page, and manage
// notifications with its read-only view for a user without the notification permissions (issue 6 item 5).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  closeAdminForm,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  expectRefused,
  searchAdminList,
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, settled, signIn, tableOverflow } from '../support/app.js';
import { chooseOption, hasFocus, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { typeDate } from './complaints-steps.js';

const run = Date.now().toString(36);
const tag = `E2E tag ${run}`;
const report = `E2E report ${run}`;
const insight = `E2E insight ${run}`;
const reference = `E2E/KE/${run}`;

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

const form = (target: Page = page) => target.getByTestId('admin-form');
const save = () => page.getByTestId('admin-save').click();

const choose = (label: string, option: string | RegExp) =>
  chooseOption(page, form().getByRole('combobox', { name: label }), option);

/** The list on a 320 px phone: neither the page nor its table runs past the screen. */
async function fitsPhone(target: Page, screen: string, name: string) {
  await target.setViewportSize({ width: 320, height: 740 });
  await open(target, screen);
  await target.getByTestId('admin-list').waitFor({ state: 'visible' });
  expect(await fitsWidth(target)).toBe(true);
  expect(await tableOverflow(target)).toBe(0);
  await expectAccessibleInBothThemes(target);
  await screenshot(target, name);
  await target.setViewportSize({ width: 1280, height: 900 });
}

describe('Report tags', () => {
  it('creates and renames a tag; a duplicate name is refused on its field', async () => {
    await open(page, '/auth/config/report-tags');
    await expectHeading(page, 'Report Tags');
    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Name (English)' }).fill(tag);
    await form().getByRole('textbox', { name: 'Name (French)' }).fill(`${tag} fr`);
    await save();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await adminRow(page, tag).waitFor({ state: 'visible' });
    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Name (English)' }).fill(tag.toUpperCase());
    await form().getByRole('textbox', { name: 'Name (French)' }).fill('Doublon');
    await save();
    await form().getByText('A report tag with this name already exists.').waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await closeAdminForm(page);
    await adminRow(page, tag).getByTestId('row-open').click();
    await form().getByRole('textbox', { name: 'Name (French)' }).fill(`${tag} (fr)`);
    await save();
    await acknowledgeSuccess(page);
    await adminRow(page, tag).waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-report-tags-desktop');
  }, 120_000);

  it('fits a phone screen', async () => {
    await fitsPhone(page, '/auth/config/report-tags', 'admin-report-tags-phone');
  });
});

describe('Reports', () => {
  it('creates a report with its params previewed live, tagged, and refuses a bad height', async () => {
    await open(page, '/auth/config/reports');
    await expectHeading(page, 'Reports');
    await page.getByTestId('admin-create').click();
    await form().waitFor({ state: 'visible' });
    const preview = form().getByTestId('report-preview');
    // The default params draw at once: a bar chart of restrictions by country.
    await preview.locator('svg').first().waitFor({ state: 'visible' });
    await form().getByRole('textbox', { name: 'Title (English)' }).fill(report);
    await form().getByRole('textbox', { name: 'Title (French)' }).fill(`${report} (fr)`);
    await choose('Metric', 'Restrictions by sector');
    await preview.getByRole('switch', { name: 'Show as table' }).check();
    await preview.getByText('Business services').first().waitFor({ state: 'visible' });
    await choose('Report Display Type', 'Key figure');
    await choose('Metric', 'Total restrictions');
    await expect.poll(async () => (await preview.textContent()) ?? '').toMatch(/\d/);
    const total = (await callApi(page, 'GET', '/reports/preview/?metric=restrictions_total')).body as {
      total: number;
    };
    await preview.getByText(total.total.toLocaleString('en-GB')).first().waitFor({ state: 'visible' });
    await choose('Report Display Type', 'Bar chart');
    await choose('Metric', 'Restrictions by country');
    await choose('Country', 'Kenya');
    await preview.locator('svg').first().waitFor({ state: 'visible' });
    await form().getByRole('combobox', { name: 'Tags' }).fill(tag.slice(0, 12));
    await page.getByRole('option', { name: `${tag}` }).click();
    await form().getByRole('spinbutton', { name: 'Display Height' }).fill('79');
    await save();
    await form().getByText('Enter a number from 80 to 2000.').waitFor({ state: 'visible' });
    await form().getByRole('spinbutton', { name: 'Display Height' }).fill('320');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-reports-form-desktop');
    await save();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await adminRow(page, report).getByText(tag).waitFor({ state: 'visible' });
  }, 120_000);

  it('features the report from the list: the public featured reports follow', async () => {
    await searchAdminList(page, report);
    const toggle = adminRow(page, report).getByRole('switch', { name: `Featured: ${report}` });
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect
      .poll(async () => JSON.stringify((await callApi(page, 'GET', '/reports/featured/')).body))
      .toContain(report);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-reports-desktop');
  });

  it('fits a phone screen, the form too', async () => {
    await fitsPhone(page, '/auth/config/reports', 'admin-reports-phone');
    await page.setViewportSize({ width: 375, height: 812 });
    // On a phone the Featured column is hidden and its switch, labelled, sits under the title.
    const toggle = adminRow(page, report).getByRole('switch', { name: `Featured: ${report}` });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await adminRow(page, report).getByText('Featured', { exact: true }).isVisible()).toBe(true);
    await adminRow(page, report).getByTestId('row-open').click();
    await form().getByTestId('report-preview').locator('svg').first().waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-reports-form-phone');
    await closeAdminForm(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 120_000);
});

describe('Featured insights', () => {
  it('creates an insight showing the report', async () => {
    await open(page, '/auth/config/featured-insights');
    await expectHeading(page, 'Featured Insights');
    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Title (English)' }).fill(insight);
    await form().getByRole('textbox', { name: 'Title (French)' }).fill(`${insight} (fr)`);
    await form().getByRole('textbox', { name: 'Link' }).fill('http://example.org/brief');
    await save();
    await form().getByText('Enter an https:// address.').waitFor({ state: 'visible' });
    await form().getByRole('textbox', { name: 'Link' }).fill('');
    await save();
    await form().getByText('Choose a report or enter a link.').waitFor({ state: 'visible' });
    await choose('Report', report);
    await form().getByRole('spinbutton', { name: 'Index' }).fill('99');
    await typeDate(page, 'Published on', new Date(2026, 2, 2));
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-featured-insights-form');
    await save();
    await acknowledgeSuccess(page);
    await adminRow(page, insight).getByText(report).waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-featured-insights-desktop');
  }, 120_000);

  it('draws the report of the new insight on the home page', async () => {
    await open(page, '/');
    const entry = page.getByRole('article').filter({ hasText: insight });
    await entry.scrollIntoViewIfNeeded();
    await entry.locator('svg').first().waitFor({ state: 'visible' });
    await screenshot(page, 'admin-featured-insight-on-home');
  });

  it('edits it to a link, archives and unarchives it', async () => {
    await open(page, '/auth/config/featured-insights');
    await adminRow(page, insight).getByTestId('row-open').click();
    await choose('Report', 'No report');
    await form().getByRole('textbox', { name: 'Link' }).fill('https://example.org/brief');
    await save();
    await acknowledgeSuccess(page);
    await adminRow(page, insight).getByRole('link', { name: 'https://example.org/brief' }).waitFor();
    await adminRow(page, insight).getByTestId('row-archive').click();
    await confirmAndAcknowledge(page, `“${insight}” was archived.`);
    await page.getByTestId('state-archived').click();
    await adminRow(page, insight).getByTestId('row-unarchive').click();
    await confirmAndAcknowledge(page, `“${insight}” is active again.`);
  });

  it('fits a phone screen', async () => {
    await fitsPhone(page, '/auth/config/featured-insights', 'admin-featured-insights-phone');
  });

  it('purges the insight, then archives and purges the report (its tag links go with it), then the tag', async () => {
    await open(page, '/auth/config/featured-insights');
    await adminRow(page, insight).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page, `“${insight}” was deleted permanently.`);

    await open(page, `/auth/config/reports?q=${encodeURIComponent(report)}`);
    await adminRow(page, report).getByTestId('row-archive').click();
    await confirmAndAcknowledge(page, `“${report}” was archived.`);
    await page.getByTestId('state-archived').click();
    await adminRow(page, report).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page, `“${report}” was deleted permanently.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });

    await open(page, `/auth/config/report-tags?q=${encodeURIComponent(tag)}`);
    await expect.poll(() => adminRow(page, tag).locator('td').nth(2).textContent()).toBe('0');
    await adminRow(page, tag).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page, `“${tag}” was deleted permanently.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
  });
});

describe('Manage notifications', () => {
  it('creates a notification with every field; a reference in use is refused on its field', async () => {
    await open(page, '/auth/manage/notifications');
    await expectHeading(page, 'Notifications');
    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Reference' }).fill(reference);
    await choose('Status', 'Notified');
    await choose('Country', 'Kenya');
    await typeDate(page, 'Notification date', new Date(2026, 3, 10));
    await choose('Sector', /Business services/);
    await form()
      .getByRole('textbox', { name: 'Description of measure (English)' })
      .fill('Boards of foreign-owned banks must have a majority of resident directors.');
    await form().getByRole('textbox', { name: 'Applicability' }).fill('Foreign-owned banks.');
    await form().getByRole('textbox', { name: 'Requirement' }).fill('Local board majority.');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-notifications-form');
    await save();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await adminRow(page, reference).waitFor({ state: 'visible' });

    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Reference' }).fill(reference);
    await choose('Status', 'Draft');
    await choose('Country', 'Kenya');
    await typeDate(page, 'Notification date', new Date(2026, 3, 11));
    await form().getByRole('textbox', { name: 'Description of measure (English)' }).fill('A copy.');
    await save();
    await form()
      .getByText('A notification with this reference already exists.')
      .waitFor({ state: 'visible' });
    // The server's field error takes the focus to its field.
    await expect.poll(() => hasFocus(form().getByRole('textbox', { name: 'Reference' }))).toBe(true);
    await closeAdminForm(page);
  }, 120_000);

  it('edits the notification', async () => {
    await searchAdminList(page, reference);
    await adminRow(page, reference).getByTestId('row-open').click();
    await choose('Status', 'In force');
    await save();
    await acknowledgeSuccess(page);
    await adminRow(page, reference).getByText('In force').waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-notifications-desktop');
  });

  it('shows the list read-only to a signed-in user without the permissions; the server refuses', async () => {
    const reader = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(reader.page, accounts.regulator);
    await open(reader.page, `/auth/manage/notifications?q=${encodeURIComponent(reference)}`);
    await adminRow(reader.page, reference).waitFor({ state: 'visible' });
    expect(await reader.page.getByTestId('admin-create').count()).toBe(0);
    expect(await reader.page.getByTestId('row-archive').count()).toBe(0);
    expect(await reader.page.getByTestId('row-purge').count()).toBe(0);
    await adminRow(reader.page, reference).getByRole('button', { name: /^View/ }).click();
    await reader.page.getByTestId('read-only').waitFor({ state: 'visible' });
    expect(await reader.page.getByTestId('admin-save').count()).toBe(0);
    await expectAccessibleInBothThemes(reader.page);
    await screenshot(reader.page, 'admin-notifications-reader');
    await closeAdminForm(reader.page);
    const listed = (
      await callApi(reader.page, 'GET', `/admin/notifications/?q=${encodeURIComponent(reference)}`)
    ).body as { results: { id: number }[] };
    const id = listed.results[0]?.id;
    expect(id).toBeTypeOf('number');
    // A valid body: the permission is checked after the body (a bad one would answer 422 first).
    const body = {
      reference: `${reference}-x`,
      status: 'notified',
      country_code: 'KE',
      notification_date: '2026-04-12',
      description_of_measure: 'Refused.',
    };
    await expectRefused(reader.page, 'POST', '/admin/notifications/', body);
    await expectRefused(reader.page, 'PUT', `/admin/notifications/${id}/`, body);
    await expectRefused(reader.page, 'POST', `/admin/notifications/${id}/archive/`);
    await expectRefused(reader.page, 'DELETE', `/admin/notifications/${id}/`);
    await fitsPhone(reader.page, '/auth/manage/notifications', 'admin-notifications-reader-phone');
    await reader.context.close();
  }, 120_000);

  it('archives, then purges the notification', async () => {
    await open(page, `/auth/manage/notifications?q=${encodeURIComponent(reference)}`);
    await adminRow(page, reference).getByTestId('row-archive').click();
    await confirmAndAcknowledge(page, `“${reference}” was archived.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
    await page.getByTestId('state-archived').click();
    await adminRow(page, reference).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page, `“${reference}” was deleted permanently.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
    await settled(page);
  });

  it('fits a phone screen', async () => {
    await fitsPhone(page, '/auth/manage/notifications', 'admin-notifications-phone');
  });
});

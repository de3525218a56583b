// Commitments, the sector tree and restriction access (issue 6 items 3 and 5) end to end.
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
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, signIn } from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';

const commitmentsPath = '/auth/manage/commitments';
const details = `E2E commitment ${Date.now().toString(36)}`;

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

/** Picks an option of a select of the form, found by its label. */
function choose(target: Page, label: RegExp, option: RegExp) {
  return chooseOption(
    target,
    target.getByTestId('admin-form').getByRole('combobox', { name: label }),
    option,
  );
}

/** No sideways scroll at the current width. */
describe('Commitments', () => {
  let id = 0;

  it('lists the commitments with filters in the address', async () => {
    await open(page, `${commitmentsPath}?country=KE`);
    await expectHeading(page, 'Commitments');
    await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Sector' }).click();
    await page.waitForURL((address) => address.searchParams.get('sort') === 'sector');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-commitments-desktop');
  });

  it('creates a commitment on its own page', async () => {
    // Burundi and a specific service: a pair the demo data never has (it seeds levels 1 and 2 only).
    await page.getByTestId('admin-create').click();
    await page.waitForURL((address) => address.pathname === `${commitmentsPath}/new`);
    await form().waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    await choose(page, /^Country/, /^Burundi$/);
    await choose(page, /^Sector/, /1\.A\.a Legal services/);
    await form().getByRole('checkbox', { name: 'Committed To Liberalise' }).check();
    await form().getByRole('spinbutton', { name: 'Year committed' }).fill('2016');
    await form().getByRole('textbox', { name: 'Details' }).fill(details);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-commitment-form');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await page.waitForURL((address) => /\/auth\/manage\/commitments\/\d+$/.test(address.pathname));
    id = Number(new URL(page.url()).pathname.split('/').pop());
    await expectHeading(page, 'Commitment of Burundi, 1.A.a Legal services');
  });

  it('edits the commitment', async () => {
    await form().getByRole('textbox', { name: 'Details' }).fill(`${details} edited`);
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    const saved = await callApi(page, 'GET', `/admin/commitments/${id}/`);
    expect(saved.body).toMatchObject({ details: `${details} edited`, year_committed: 2016 });
  });

  it('a duplicate pair shows the message and a link that opens the existing record', async () => {
    await open(page, `${commitmentsPath}/new`);
    await choose(page, /^Country/, /^Burundi$/);
    await choose(page, /^Sector/, /1\.A\.a Legal services/);
    const notice = page.getByTestId('commitment-duplicate');
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toContain(
      'A commitment for Burundi in 1.A.a Legal services already exists.',
    );
    // Saving anyway: the server refuses the pair, and the form says why on the field.
    await page.getByTestId('admin-save').click();
    await form().getByText('A commitment for this country and sector already exists.').waitFor();
    expect(await page.getByTestId('commitment-existing-link').textContent()).toBe(
      'Edit the existing commitment',
    );
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-commitment-duplicate');
    await page.getByTestId('commitment-existing-link').click();
    await page.waitForURL((address) => address.pathname === `${commitmentsPath}/${id}`);
    await expectHeading(page, 'Commitment of Burundi, 1.A.a Legal services');
    expect(await form().getByRole('textbox', { name: 'Details' }).inputValue()).toBe(`${details} edited`);
  });

  it('archives and unarchives on the record page, and fits a phone', async () => {
    await page.getByTestId('archive').click();
    await confirmAndAcknowledge(page, /was archived\.$/);
    await page.getByTestId('archived-chip').waitFor({ state: 'visible' });
    await page.getByTestId('unarchive').click();
    await confirmAndAcknowledge(page, /is active again\.$/);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('archived-chip').waitFor({ state: 'hidden' });
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-commitment-phone');
    await open(page, `${commitmentsPath}?country=BI`);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-commitments-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('purges the commitment behind the confirm dialog', async () => {
    await open(page, `${commitmentsPath}/${id}`);
    await page.getByTestId('purge').click();
    await confirmAndAcknowledge(page, /was deleted permanently\.$/);
    await page.waitForURL((address) => address.pathname === commitmentsPath);
    expect((await callApi(page, 'GET', `/admin/commitments/${id}/`)).status).toBe(404);
  });
});

describe('Sectors configuration', () => {
  const description = `Legal advice and representation (${Date.now().toString(36)}).`;

  it('lists the tree in order, filtered by branch and level', async () => {
    await open(page, '/auth/config/sectors');
    await expectHeading(page, 'Sectors');
    const rows = page.getByTestId('admin-list').locator('tbody tr');
    await rows.first().waitFor({ state: 'visible' });
    expect(await rows.nth(0).textContent()).toContain('1Business services');
    expect(await rows.nth(1).textContent()).toContain('1.AProfessional services');
    expect(await rows.nth(2).textContent()).toContain('1.A.aLegal services');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-sectors-desktop');
    // The level filter, kept in the address: the sub-sectors only, still in tree order.
    await open(page, '/auth/config/sectors?level=2');
    await expect.poll(() => rows.nth(0).textContent()).toContain('1.AProfessional services');
    expect(await rows.nth(1).textContent()).toContain('1.BComputer and related services');
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, '/auth/config/sectors');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-sectors-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('edits a specific service in a dialog', async () => {
    await adminRow(page, 'Legal services').first().getByTestId('row-open').click();
    await form().waitFor({ state: 'visible' });
    expect(await form().getByRole('textbox', { name: /^Code/ }).inputValue()).toBe('1.A.a');
    await form().getByRole('textbox', { name: 'Description (English)' }).fill(description);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-sector-dialog');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await form().waitFor({ state: 'hidden' });
    // The public sector page reads the change at once.
    const publicPage = await callApi(page, 'GET', '/sectors/legal-services/');
    expect(publicPage.body).toMatchObject({ sector: { description: { en: description } } });
  });
});

describe('Restriction access', () => {
  it('grants a group view access to a country, refuses the same rule twice, and purges it', async () => {
    await open(page, '/auth/config/restriction-access');
    await expectHeading(page, 'Restriction Access');
    await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-restriction-access-desktop');
    const grant = async () => {
      await page.getByTestId('admin-create').click();
      await form().waitFor({ state: 'visible' });
      await choose(page, /^Group/, /^Council$/);
      await choose(page, /^Country/, /^South Sudan$/);
      await page.getByTestId('admin-save').click();
    };
    await grant();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await form().waitFor({ state: 'hidden' });
    const row = adminRow(page, 'Council');
    await row.filter({ hasText: 'South Sudan' }).waitFor({ state: 'visible' });
    await grant();
    await form()
      .getByText('This group or user already has a rule for this country and sector.')
      .first()
      .waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-restriction-access-form');
    await closeAdminForm(page);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-restriction-access-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.filter({ hasText: 'South Sudan' }).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page, /was deleted permanently\.$/);
    await row.filter({ hasText: 'South Sudan' }).waitFor({ state: 'detached' });
  });
});

describe('A user who may only view the sectors', () => {
  it('sees no action buttons, reads the form, and the server refuses the changes', async () => {
    const viewer = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    // The editor's group (Data officers) holds restrictions.view_sector only.
    await signIn(viewer.page, accounts.editor);
    await open(viewer.page, '/auth/config/sectors');
    await adminRow(viewer.page, 'Legal services').first().waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-create').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-archive').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-purge').count()).toBe(0);
    await adminRow(viewer.page, 'Legal services').first().getByRole('button', { name: /^View/ }).click();
    await viewer.page.getByTestId('read-only').waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-save').count()).toBe(0);
    await expectAccessibleInBothThemes(viewer.page);
    await closeAdminForm(viewer.page);
    const body = { level: 1, code: '99', name_en: 'X', name_fr: 'X' };
    await expectRefused(viewer.page, 'POST', '/admin/sectors/', body);
    await expectRefused(viewer.page, 'PUT', '/admin/sectors/1/', body);
    await expectRefused(viewer.page, 'DELETE', '/admin/sectors/1/');
    expect((await callApi(viewer.page, 'GET', '/admin/restriction-access/')).status).toBe(403);
    await viewer.context.close();
  });
});

// The admin resource pattern end to end, through its first area: policies.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  closeAdminForm,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  expectRefused,
  searchAdminList,
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, signIn } from '../support/app.js';
import { launchBrowser, newPage, screenshot } from '../support/browser.js';

const path = '/auth/config/policies';
const name = `E2E policy ${Date.now().toString(36)}`;

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

describe('Policies (admin resource pattern)', () => {
  it('lists the policy areas with sorting kept in the address', async () => {
    await open(page, path);
    await expectHeading(page, 'Policies');
    await adminRow(page, 'Foreign entry').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL((address) => address.searchParams.get('sort') === 'name');
    await expectAccessibleInBothThemes(page, 'admin-policies-desktop-dark');
    await screenshot(page, 'admin-policies-desktop');
  });

  it('refuses an empty form field by field, then creates the record', async () => {
    await page.getByTestId('admin-create').click();
    await form().waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    expect(await form().getByText('This field is required.').count()).toBe(2);
    await expectAccessibleInBothThemes(page, 'admin-policies-form-dark');
    await screenshot(page, 'admin-policies-form');
    await form().getByRole('textbox', { name: 'Name (English)' }).fill(name);
    await form().getByRole('textbox', { name: 'Name (French)' }).fill(`${name} (fr)`);
    await form().getByRole('spinbutton', { name: 'Order' }).fill('90');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await form().waitFor({ state: 'hidden' });
    await adminRow(page, name).waitFor({ state: 'visible' });
  });

  it('searches by name, with the search in the address', async () => {
    await searchAdminList(page, name);
    await expect.poll(() => page.getByTestId('admin-list').locator('tbody tr').count()).toBe(1);
  });

  it('edits the record; a duplicate name is refused on its field', async () => {
    await adminRow(page, name).getByTestId('row-open').click();
    await form().getByRole('textbox', { name: 'Name (English)' }).fill('Foreign entry');
    await page.getByTestId('admin-save').click();
    await form().getByText('A policy area with this name already exists.').waitFor({ state: 'visible' });
    await form().getByRole('textbox', { name: 'Name (English)' }).fill(`${name} edited`);
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await adminRow(page, `${name} edited`).waitFor({ state: 'visible' });
  });

  it('archives the record out of the active list, and unarchives it from the archive', async () => {
    await adminRow(page, name).getByTestId('row-archive').click();
    await confirmAndAcknowledge(page, `“${name} edited” was archived.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
    await page.getByTestId('state-archived').click();
    await page.waitForURL((address) => address.searchParams.get('state') === 'archived');
    await adminRow(page, name).getByTestId('row-unarchive').click();
    await confirmAndAcknowledge(page, `“${name} edited” is active again.`);
    await page.getByTestId('state-active').click();
    await adminRow(page, name).waitFor({ state: 'visible' });
  });

  it('purges the record behind the confirm dialog', async () => {
    await adminRow(page, name).getByTestId('row-purge').click();
    await page.getByTestId('dialog-confirm').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-policies-purge-confirm');
    await confirmAndAcknowledge(page, `“${name} edited” was deleted permanently.`);
    await page.getByTestId('empty-state').waitFor({ state: 'visible' });
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, path);
    await adminRow(page, 'Foreign entry').first().waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page, 'admin-policies-phone-dark');
    await screenshot(page, 'admin-policies-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('Policies for a user who may only view them', () => {
  it('shows the records read-only, and the server refuses the changes', async () => {
    const viewer = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(viewer.page, accounts.editor);
    await open(viewer.page, path);
    await adminRow(viewer.page, 'Foreign entry').first().waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-create').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-archive').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-purge').count()).toBe(0);
    await adminRow(viewer.page, 'Foreign entry').first().getByRole('button', { name: /^View/ }).click();
    await viewer.page.getByTestId('read-only').waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-save').count()).toBe(0);
    await expectAccessibleInBothThemes(viewer.page);
    await closeAdminForm(viewer.page);
    await expectRefused(viewer.page, 'POST', '/admin/policies/', { name_en: 'X', name_fr: 'X' });
    await expectRefused(viewer.page, 'DELETE', '/admin/policies/1/');
    await viewer.context.close();
  });
});

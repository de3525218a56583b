import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  bodyBackground,
  darkBackground,
  expectHeading,
  fitsWidth,
  lightBackground,
  open,
  signIn,
  tableOverflow,
  waitForBackground,
} from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';

const path = '/auth/config/sms-services';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' }));
  await signIn(page, accounts.admin);
});
afterAll(async () => {
  // Leaves the demo account in the light theme, as it was.
  if ((await bodyBackground(page)) === darkBackground) await page.getByTestId('theme-switch').click();
  await waitForBackground(page, lightBackground);
  await context.close();
  await browser.close();
});

const row = (target: Page, country: string) => target.getByTestId(`sms-service-${country}`);

/** Does the page fit its width (no sideways scroll)? */
describe('SMS services (staff)', () => {
  it('lists the eight partner states with their SMS service', async () => {
    await open(page, path);
    await expectHeading(page, 'SMS services');
    expect(await page.title()).toBe('SMS services | Services Trade Portal');
    await row(page, 'KE').waitFor({ state: 'visible' });
    expect(await page.locator('tbody tr').count()).toBe(8);
    expect(await row(page, 'KE').getByTestId('sms-keyword').textContent()).toBe('NTB');
    expect(await row(page, 'KE').textContent()).toContain('20547');
    expect(await row(page, 'BI').textContent()).toContain('Not activated');
    await expectNoAxeViolations(page);
    await screenshot(page, 'sms-services-desktop-light');
  });

  it('edits Kenya’s keyword: a bad keyword is refused on its field, a good one is saved in capitals', async () => {
    await page.getByRole('button', { name: 'Edit the SMS service of Kenya' }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS service of Kenya' });
    await dialog.waitFor({ state: 'visible' });
    const keyword = dialog.getByRole('textbox', { name: 'Keyword' });
    expect(await keyword.inputValue()).toBe('NTB');
    await keyword.fill('two words');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Use 2 to 20 letters or digits, with no spaces.').waitFor({ state: 'visible' });
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'sms-services-dialog-desktop-light');

    await keyword.fill('ntbke');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const success = page.getByTestId('dialog-success');
    await success.waitFor({ state: 'visible' });
    expect(await success.textContent()).toContain('Your details were successfully saved');
    await success.getByRole('button').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'KE').getByTestId('sms-keyword').textContent()).toBe('NTBKE');

    // Saved on the server, not only in the list on screen.
    await page.reload();
    await row(page, 'KE').waitFor({ state: 'visible' });
    expect(await row(page, 'KE').getByTestId('sms-keyword').textContent()).toBe('NTBKE');
  });

  it('passes axe in the dark theme', async () => {
    await page.getByTestId('theme-switch').click();
    await waitForBackground(page, darkBackground);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'sms-services-desktop-dark');
    await page.getByRole('button', { name: 'Edit the SMS service of Burundi' }).click();
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'sms-services-dialog-desktop-dark');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('theme-switch').click();
    await waitForBackground(page, lightBackground);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('fits a phone, with the dialog, and passes axe there', async () => {
    const phone = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'light' });
    try {
      await signIn(phone.page, accounts.admin);
      await open(phone.page, path);
      await row(phone.page, 'KE').waitFor({ state: 'visible' });
      await screenshot(phone.page, 'sms-services-phone-light');
      expect(await fitsWidth(phone.page)).toBe(true);
      // On a 320 px phone the status chips wrap ("Not / activated"): the Edit column stays in sight.
      expect(await tableOverflow(phone.page)).toBe(0);
      await expectNoAxeViolations(phone.page);
      await phone.page.getByRole('button', { name: 'Edit the SMS service of Kenya' }).click();
      await phone.page.getByRole('dialog').waitFor({ state: 'visible' });
      await expectNoAxeViolations(phone.page);
      await screenshot(phone.page, 'sms-services-dialog-phone-light');
    } finally {
      await phone.context.close();
    }
  });

  it('shows Access Denied to a signed-in user without the permission', async () => {
    const other = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    try {
      await signIn(other.page, accounts.trader);
      await open(other.page, path);
      expect(await other.page.locator('main').textContent()).toContain('Access Denied!');
    } finally {
      await other.context.close();
    }
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, demoPassword, open, settled } from '../support/app.js';
import { hasFocus, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { pdfBuffer } from './complaints-steps.js';

// A trader signs in and lodges a complaint with the keyboard alone: Tab and Shift+Tab to move, typing,
// Enter, Space and the arrow keys in the selects, the date field and the dialog. No click anywhere: a
// control that Tab cannot reach, or that traps the focus, fails the test, as does a focus the eye cannot see.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A short description of the focused element, for the failure messages. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name =
      element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}[role=${element.getAttribute('role') ?? ''}] ${name.trim().slice(0, 40)}`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails with the stops passed when it never does. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const stops: string[] = [];
  for (let presses = 0; presses < 60; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(key);
    stops.push(await focused(page));
  }
  throw new Error(`${key} never reached ${target.toString()}; the focus went through:\n${stops.join('\n')}`);
}

/**
 * The focused control shows it: an outline, a focus ring (box shadow), MUI's focus-visible state (its
 * pulsing ripple) or a focused outlined field (its border thickens to 2 px in the primary colour).
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return 'outline';
    if (style.boxShadow !== 'none') return 'box-shadow';
    if (element.classList.contains('Mui-focusVisible')) return 'focus-visible';
    const field = element.closest('.MuiOutlinedInput-root, .MuiPickersOutlinedInput-root');
    const outline = field?.querySelector(
      '.MuiOutlinedInput-notchedOutline, .MuiPickersOutlinedInput-notchedOutline',
    );
    if (
      field?.classList.contains('Mui-focused') &&
      outline &&
      parseFloat(getComputedStyle(outline).borderTopWidth) >= 2
    )
      return 'focused field';
    return `none on ${element.tagName.toLowerCase()}.${element.className}`;
  });
  expect(['outline', 'box-shadow', 'focus-visible', 'focused field']).toContain(indicator);
}

/** Opens a focused MUI select with the keyboard, moves to the option named `option` with the arrow keys, picks it with Enter. */
async function chooseWithKeys(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  for (let presses = 0; presses < 40; presses += 1) {
    const name = (await focused(page)).replace(/^li\[role=option\] /, '');
    if (typeof option === 'string' ? name === option : option.test(name)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'hidden' });
  // The focus is back on the select, which shows the choice.
  expect(await hasFocus(select)).toBe(true);
}

describe('keyboard-only complaint', () => {
  it('signs in as trader@ and lodges a complaint without a click', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/auth/login');

    // Sign in.
    const email = page.locator('main input[name="email"]');
    await tabTo(page, email);
    await expectVisibleFocus(page);
    await page.keyboard.type(accounts.trader);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.locator('main input[name="password"]'))).toBe(true);
    await page.keyboard.type(demoPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL((address) => address.pathname !== '/auth/login');
    await settled(page);

    await open(page, '/public/complaints');
    const form = page.getByTestId('complaint-form');
    await form.waitFor({ state: 'visible' });

    // Type Of Restriction: a select, opened with Enter, an option reached with the arrow keys.
    const type = form.getByRole('combobox', { name: 'Type Of Restriction' });
    await tabTo(page, type);
    await expectVisibleFocus(page);
    await chooseWithKeys(page, type, /.+/);
    expect((await type.textContent())?.trim()).not.toBe('');

    const details = form.locator('textarea[name="details_of_occurrence"]');
    await tabTo(page, details);
    await expectVisibleFocus(page);
    await page.keyboard.type(
      'Our engineers were refused temporary work permits although the contract was signed with a public client.',
    );

    // Date Of Occurrence: the sections of the date field take digits (en-GB: dd/mm/yyyy).
    const date = form.getByRole('group', { name: 'Date Of Occurrence' });
    await tabTo(page, date);
    await expectVisibleFocus(page);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await page.keyboard.type(
      [lastWeek.getDate(), lastWeek.getMonth() + 1]
        .map((part) => String(part).padStart(2, '0'))
        .concat(String(lastWeek.getFullYear()))
        .join(''),
    );

    // Country Of Occurrence: past the group headings, down to Kenya.
    const country = form.getByRole('combobox', { name: 'Country Of Occurrence' });
    await tabTo(page, country);
    await expectVisibleFocus(page);
    await chooseWithKeys(page, country, 'Kenya');
    expect((await country.textContent())?.trim()).toBe('Kenya');

    // Back with Shift+Tab to the date and forward again: nothing traps the focus.
    await tabTo(page, date, 'Shift+Tab');
    await tabTo(page, country);

    const brief = form.locator('input[name="brief_description"]');
    await tabTo(page, brief);
    await expectVisibleFocus(page);
    const briefText = `Work permits refused (keyboard) ${Date.now()}`;
    await page.keyboard.type(briefText);

    // Sector (optional): opened with the space bar this time.
    const sector = form.getByRole('combobox', { name: /^Sector/ });
    await tabTo(page, sector);
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await page.getByRole('listbox').waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await hasFocus(sector)).toBe(true);

    // Supporting documents: the Add files button opens the file chooser from the keyboard.
    // The chooser is awaited before the first Tab: Playwright turns its interception on asynchronously when
    // the first listener is added, so a listener added together with the key press can miss the chooser on
    // a busy machine.
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 60_000 });
    const addFiles = form.getByTestId('attachments-add');
    await tabTo(page, addFiles);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'permit-refusal.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
    await form.getByTestId('attachments-list').getByText('permit-refusal.pdf').waitFor({ state: 'visible' });
    // The file's remove button is in the tab order too.
    await tabTo(page, form.getByRole('button', { name: /permit-refusal\.pdf/ }));
    await expectVisibleFocus(page);

    const submit = form.getByTestId('complaint-submit');
    await tabTo(page, submit);
    await expectVisibleFocus(page);
    await screenshot(page, 'keyboard-complaint-before-submit');
    await page.keyboard.press('Enter');

    // The success dialog takes the focus; Escape closes it.
    const dialog = page.getByTestId('complaint-created');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const reference = (await dialog.getByTestId('complaint-reference').textContent())?.trim() ?? '';
    expect(reference).not.toBe('');
    expect(await hasFocus(dialog)).toBe(true);
    await screenshot(page, 'keyboard-complaint-created');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The complaint is the trader's now, under the reference the dialog gave.
    const mine = await page.request.get(`${new URL(page.url()).origin}/api/manage/complaints/mine/`);
    expect(mine.status()).toBe(200);
    const listed = JSON.stringify(await mine.json());
    expect(listed).toContain(reference);
    expect(listed).toContain(briefText);
    await context.close();
  });
});

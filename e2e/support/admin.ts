import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { darkBackground, lightBackground, settled, url, waitForBackground, bodyBackground } from './app.js';
import { expectNoAxeViolations, screenshot } from './browser.js';

/** Calls the API as the page's signed-in user, with the session's CSRF value, as the web app would. */
export async function callApi(page: Page, method: string, path: string, data?: unknown) {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  const response = await page.request.fetch(url(`/api${path}`), {
    method,
    headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
    data,
  });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
}

/** The server refuses the page's user this call with 403 and the spec's text (not a CSRF or sign-in failure). */
export async function expectRefused(page: Page, method: string, path: string, data?: unknown) {
  const answer = await callApi(page, method, path, data ?? {});
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ detail: 'You do not have access to the specified resource.' });
}

/** Switches the signed-in user's theme with the header switch and waits for it. */
export async function switchTheme(page: Page, to: 'light' | 'dark') {
  const wanted = to === 'dark' ? darkBackground : lightBackground;
  // A script click: with a dialog open the header is under the modal's backdrop, and the dialog must
  // be checked in both themes too.
  if ((await bodyBackground(page)) !== wanted)
    await page.getByTestId('theme-switch').evaluate((button) => (button as HTMLElement).click());
  await waitForBackground(page, wanted);
}

/** axe on the screen in the light and the dark theme, with a screenshot of the dark one if named; leaves it light. */
export async function expectAccessibleInBothThemes(page: Page, darkScreenshot?: string) {
  await settled(page);
  await switchTheme(page, 'light');
  await expectNoAxeViolations(page);
  await switchTheme(page, 'dark');
  await expectNoAxeViolations(page);
  if (darkScreenshot) await screenshot(page, darkScreenshot);
  await switchTheme(page, 'light');
}

/**
 * Closes the admin form dialog with Escape and waits until it is gone. The dialog ignores Escape while
 * it saves, and a field's server error shows a moment before the save ends, so the key waits for the
 * form to be idle (CI once pressed it in that moment and the dialog stayed over the list).
 */
export async function closeAdminForm(page: Page) {
  const form = page.getByTestId('admin-form');
  await expect.poll(() => form.getAttribute('aria-busy')).not.toBe('true');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
}

/**
 * Types a search into the admin list's box and waits for its results: the address first, then a table
 * that is no longer busy and whose rows all show the text. The list keeps the earlier rows on screen
 * while the search loads, so a click aimed at a row found then can land on whatever takes its place
 * when the results arrive (CI once opened nothing that way).
 */
export async function searchAdminList(page: Page, text: string) {
  await page.getByTestId('admin-search').fill(text);
  await page.waitForURL((address) => address.searchParams.get('q') === text);
  const list = page.getByTestId('admin-list');
  await expect
    .poll(async () => {
      if ((await list.locator('table[aria-busy]').count()) > 0) return false;
      const rows = await list.locator('tbody tr').allTextContents();
      return rows.length > 0 && rows.every((row) => row.includes(text));
    })
    .toBe(true);
}

/** The admin list's row that contains `text`. */
export const adminRow = (page: Page, text: string) =>
  page.getByTestId('admin-list').locator('tbody tr', { hasText: text });

/** Closes the success dialog after checking its text (any interface language: by test id). */
export async function acknowledgeSuccess(page: Page, text?: string | RegExp) {
  const success = page.getByTestId('dialog-success');
  await success.waitFor({ state: 'visible' });
  if (text !== undefined) {
    const shown = (await success.locator('#app-dialog-text').textContent()) ?? '';
    if (typeof text === 'string') expect(shown).toBe(text);
    else expect(shown).toMatch(text);
  }
  await success.getByRole('button').click();
  await success.waitFor({ state: 'hidden' });
}

/** Answers Ok in the confirm dialog, then closes the success dialog that follows. */
export async function confirmAndAcknowledge(page: Page, text?: string | RegExp) {
  const question = page.getByTestId('dialog-confirm');
  await question.waitFor({ state: 'visible' });
  await question.getByRole('button').last().click();
  await acknowledgeSuccess(page, text);
}

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accounts, demoPassword, url } from '../support/app.js';
import { animationsDone } from '../support/browser.js';

/** The count the API gives for a browse query (the same query the screen sends). */
export async function apiCount(page: Page, query: string): Promise<number> {
  const response = await page.request.get(url(`/api/restrictions/?${query}`));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/** The "123 results" heading as a number, once the list has loaded. */
export async function shownCount(page: Page): Promise<number> {
  const heading = page.getByTestId('result-count');
  await expect.poll(async () => /\d/.test((await heading.textContent()) ?? '')).toBe(true);
  return Number(((await heading.textContent()) ?? '').replace(/\D/g, ''));
}

/** Waits until the results heading reads `count` results. */
export async function expectCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => shownCount(page)).toBe(count);
}

/** The query string of the page's address. */
export function search(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Picks options of a filter select (a native select, or MUI's combobox and listbox); closes a multiple one. */
export async function pick(page: Page, label: string, options: string[]): Promise<void> {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  // A one-value filter is the browser's own select; a multiple one opens MUI's menu of checkboxes.
  if ((await combobox.evaluate((element) => element.tagName)) === 'SELECT') {
    await combobox.selectOption(options.map((option) => ({ label: option })));
    return;
  }
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  // Clicked once the menu has grown in (see chooseOption in support/browser.ts).
  await animationsDone(page);
  const multiple = (await listbox.getAttribute('aria-multiselectable')) === 'true';
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
}

/** Signs the page's context in as the admin through the API (the host page's CSRF value first). */
export async function signInThroughApi(page: Page): Promise<string> {
  const host = await page.request.get(url('/'));
  const csrf = /data-csrf="([^"]*)"/.exec(await host.text())?.[1] ?? '';
  const login = await page.request.post(url('/api/auth/login/'), {
    headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: accounts.admin, password: demoPassword },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { csrf: string }).csrf;
}

/** A small CSV reader (quoted fields with commas, quotes and line breaks): the rows as arrays. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

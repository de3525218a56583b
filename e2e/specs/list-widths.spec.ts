// Every list screen from a large phone to a small laptop: no table runs past its box and the page does
// not scroll sideways. Phones (320-375 px) and desktop (1280 px) are checked by each screen's own spec
// and by accessibility.spec.ts; these are the widths between. Columns fold at 600, 900 and 1200 px
// (`hideBelow`, docs/decisions.md "Lists"), so each set of columns is checked at the narrowest width it
// shows at; from 900 px the signed-in navigation takes about 260 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, atEachWidth, fitsWidth, signIn, tableOverflow } from '../support/app.js';
import { launchBrowser, newPage } from '../support/browser.js';

const widths = [600, 900, 1200];

/** The public list screens with a table, and the staff ones (an admin sees every column). */
const publicLists = ['/public/notifications', '/public/complaints/list'];
const staffLists = [
  '/auth/manage/complaints?tab=all',
  '/auth/manage/notifications',
  '/auth/manage/restrictions',
  '/auth/manage/commitments',
  '/auth/manage/pages',
  '/auth/config/sectors',
  '/auth/config/policies',
  '/auth/config/restriction-access',
  '/auth/config/reports',
  '/auth/config/report-tags',
  '/auth/config/sms-services',
  '/auth/config/featured-insights',
  '/auth/admin/users',
  '/auth/admin/groups',
  '/auth/admin/sessions',
  '/auth/admin/audit-log',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens each path, then at each width lists where a table or the page is wider than its box. */
async function overflowsOf(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths)
    await atEachWidth(page, path, widths, async (width) => {
      const table = await tableOverflow(page);
      if (table > 0) found.push(`${path} at ${width} px: a table ${table} px past its box`);
      if (!(await fitsWidth(page))) found.push(`${path} at ${width} px: the page scrolls sideways`);
    });
  return found;
}

describe('list screens at tablet widths', () => {
  it('public lists, for a visitor', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    try {
      expect(await overflowsOf(page, publicLists)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff lists, for an administrator', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    try {
      await signIn(page, accounts.admin);
      expect(await overflowsOf(page, staffLists)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

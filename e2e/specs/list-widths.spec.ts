// Every list screen from a phone to a small laptop: the page never scrolls sideways. Columns fold at 600,
// 900 and 1200 px (`hideBelow`, docs/decisions.md "Lists"), so each set of columns is checked at the
// narrowest width it shows at; from 900 px the signed-in navigation takes about 260 px. A table keeps its
// words whole (only addresses, slugs, URLs and e-mails may break), so one whose columns are wider than its
// box scrolls sideways inside its own named region that a keyboard can reach, never the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, atEachWidth, fitsWidth, signIn, unscrollableTables } from '../support/app.js';
import { launchBrowser, newPage } from '../support/browser.js';

const widths = [375, 600, 900, 1200];

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

/** Opens each path, then at each width lists where a table or the page is wider than it may be. */
async function overflowsOf(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths)
    await atEachWidth(page, path, widths, async (width) => {
      const unscrollable = await unscrollableTables(page);
      if (unscrollable.length > 0)
        found.push(`${path} at ${width} px: no scroll region for ${unscrollable.join(', ')}`);
      if (!(await fitsWidth(page))) found.push(`${path} at ${width} px: the page scrolls sideways`);
    });
  return found;
}

describe('list screens from a phone to a laptop', () => {
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
  }, 240_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, atEachWidth, expectHeading, open, tableOverflow } from '../support/app.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import {
  checkScreens,
  choose,
  fillPublicRecord,
  lodgeComplaint,
  pdfBuffer,
  signedInPage,
} from './complaints-steps.js';

let browser: Browser;
let reference = '';
/** A second complaint, for the request for more information. */
let second = '';

/** A fresh Kenyan complaint by the trader: it waits at the regulator stage, in regulator.ke's queue. */
beforeAll(async () => {
  browser = await launchBrowser();
  const { page, context } = await signedInPage(browser, accounts.trader);
  await open(page, '/public/complaints');
  reference = await lodgeComplaint(page, {
    brief: `Licence renewal delayed ${Date.now().toString(36)}`,
    files: [{ name: 'letter.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() }],
  });
  await page.getByRole('button', { name: 'Close' }).click();
  second = await lodgeComplaint(page, { brief: `Branch licence refused ${Date.now().toString(36)}` });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the complaint from a staff list tab by its reference. */
async function openFromTab(page: Page, tab: string): Promise<void> {
  await open(page, `/auth/manage/complaints?tab=${tab}`);
  await page.getByRole('link', { name: reference }).click();
  await expectHeading(page, `Complaint ${reference}`);
}

describe('reviewing', () => {
  it('the regulator finds the complaint in the queue, forwards it, and the timeline shows the log', async () => {
    const { page, context } = await signedInPage(browser, accounts.regulator);
    await open(page, '/auth/manage/complaints?tab=queue');
    const queue = page.getByTestId('queue-table');
    await queue.getByRole('link', { name: reference }).waitFor();
    await screenshot(page, 'complaints-queue-regulator');
    await queue.getByRole('link', { name: reference }).click();
    await expectHeading(page, `Complaint ${reference}`);
    const entries = page.getByTestId('review-log-entry');
    const before = await entries.count();

    // A reject without comments is refused on the field, nothing sent.
    await choose(page, 'Decision', 'Reject');
    await page.getByTestId('review-submit').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );

    await choose(page, 'Decision', 'Forward to the next stage');
    await page
      .locator('textarea[name="comments"]')
      .fill('Permit refusal confirmed with the immigration office.');
    await page.getByTestId('review-submit').click();
    await page.getByTestId('dialog-success').waitFor();
    await page.getByTestId('dialog-success').getByRole('button').click();
    await expect.poll(() => entries.count()).toBe(before + 1);
    const log = (await entries.allTextContents()).join('\n');
    expect(log).toContain('Forwarded to the next stage');
    expect(log).toContain('Permit refusal confirmed with the immigration office.');
    // The applicant's "Please wait …" is not the reviewer's (issue 33): the stage says where it is.
    expect(await page.getByTestId('complaint-message').count()).toBe(0);
    expect(await page.getByTestId('stage-chip').textContent()).toBe('Regional');
    // The regulator holds no later stage: no review form any more.
    expect(await page.getByTestId('review-form').count()).toBe(0);
    await screenshot(page, 'complaints-reviewed-regulator');
    await context.close();
  });

  it('a stale version gets a clear message and the complaint reloads', async () => {
    const { page: first, context } = await signedInPage(browser, accounts.admin);
    await openFromTab(first, 'all');
    const second = await context.newPage();
    await open(second, first.url().replace(/^https?:\/\/[^/]+/, ''));
    await choose(second, 'Decision', 'Forward to the next stage');
    await second.getByTestId('review-submit').click();
    await second.getByTestId('dialog-success').waitFor();

    await choose(first, 'Decision', 'Resolve');
    await fillPublicRecord(first);
    await first.getByTestId('review-submit').click();
    await first.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
    const dialog = first.getByTestId('dialog-error');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Someone else reviewed first');
    await dialog.getByRole('button').click();
    await expect.poll(() => first.getByTestId('stage-chip').textContent()).toBe('Council');
    await context.close();
  });

  it('archive asks for confirmation first, and a cancel changes nothing', async () => {
    const { page, context } = await signedInPage(browser, accounts.admin);
    await openFromTab(page, 'all');
    // Only a reviewed complaint can be archived: the council resolves it first.
    expect(await page.getByTestId('archive').count()).toBe(0);
    await choose(page, 'Decision', 'Resolve');
    await fillPublicRecord(page);
    await page.getByTestId('review-submit').click();
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId('dialog-success').getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('complaint-message').textContent())
      .toBe('The complaint has already been reviewed.');
    await page.getByTestId('archive').click();
    const confirmDialog = page.getByTestId('dialog-confirm');
    await confirmDialog.waitFor();
    expect(await confirmDialog.textContent()).toContain('Archiving cannot be reversed.');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('Archived', { exact: true }).count()).toBe(0);

    await page.getByTestId('archive').click();
    await confirmDialog.getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId('dialog-success').waitFor();
    expect(await page.getByTestId('dialog-success').textContent()).toContain('The complaint was archived.');
    await page.getByTestId('dialog-success').getByRole('button').click();
    await page.getByText('Archived', { exact: true }).first().waitFor();
    expect(await page.getByTestId('archive').count()).toBe(0);
    await context.close();
  });
});

describe('asking for more information', () => {
  it('the regulator asks for information and the applicant answers with a document', async () => {
    const staff = await signedInPage(browser, accounts.regulator);
    await open(staff.page, '/auth/manage/complaints?tab=queue');
    await staff.page.getByRole('link', { name: second }).click();
    await expectHeading(staff.page, `Complaint ${second}`);
    await choose(staff.page, 'Decision', 'Ask for more information');
    await staff.page.locator('textarea[name="comments"]').fill('Please send the refusal letter.');
    await staff.page.getByTestId('review-submit').click();
    await staff.page.getByTestId('dialog-success').waitFor();
    await staff.context.close();

    const client = await signedInPage(browser, accounts.trader);
    await open(client.page, '/auth/manage/complaints?tab=mine');
    await client.page.getByRole('link', { name: second }).click();
    await expectHeading(client.page, `Complaint ${second}`);
    const form = client.page.getByTestId('respond-form');
    await form.waitFor();
    expect(await client.page.getByTestId('review-log').textContent()).toContain(
      'Please send the refusal letter.',
    );
    await form.locator('textarea[name="message"]').fill('The refusal letter is attached.');
    await form.getByTestId('attachments-input').setInputFiles({
      name: 'refusal.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBuffer(),
    });
    await client.page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
    await screenshot(client.page, 'complaints-respond-form');
    await form.getByRole('button', { name: 'Send the answer' }).click();
    const done = client.page.getByTestId('dialog-success');
    await done.waitFor();
    expect(await done.textContent()).toContain('Your answer was sent to the reviewers.');
    await done.getByRole('button').click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(() => client.page.getByTestId('review-log').textContent())
      .toContain('Information provided');
    expect(await client.page.getByTestId('attachment-links').getByRole('link').allTextContents()).toContain(
      'refusal.pdf',
    );
    await client.context.close();
  });
});

describe('the overview on a phone', () => {
  it('keeps the four columns of the stage table in a 360 px screen, medians as numbers under "Median days"', async () => {
    const { page, context } = await signedInPage(browser, accounts.admin);
    await page.setViewportSize({ width: 360, height: 800 });
    await open(page, '/auth/manage/complaints');
    const table = page.getByRole('region', { name: 'By review stage' });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Stage',
      'Complaints',
      'Overdue',
      'Median days',
    ]);
    for (const cell of await table.locator('tbody tr td:last-child').allTextContents())
      expect(cell).toMatch(/^(\d+(\.\d+)?|–No data yet)$/);
    expect(await tableOverflow(page)).toBe(0);
    await context.close();
  });
});

describe('the complaint lists from a phone to a laptop', () => {
  /** Phones, small and large tablets, the signed-in navigation's first width, laptops, desktop. */
  const widths = [360, 600, 768, 900, 1024, 1200, 1280];

  /**
   * The first row's brief description (on the public list: its reviewed summary, or the note that it has
   * none yet) shows exactly once: in its column, or under the reference.
   */
  async function briefShownOnce(page: Page): Promise<boolean> {
    const row = page.locator('main table tbody tr').first();
    const headers = await page.locator('main table thead th').allTextContents();
    const column = headers.includes('Brief Description') ? 'Brief Description' : 'Public summary';
    // The column is in the page even where it is folded away.
    const brief = (await row.locator('td').nth(headers.indexOf(column)).textContent()) ?? '';
    const shown = await row
      .getByText(brief, { exact: true })
      .evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length);
    return brief !== '' && shown === 1;
  }

  it.each([
    { list: 'the public list, for a visitor', account: null, path: '/public/complaints/list' },
    { list: "the trader's own", account: accounts.trader, path: '/auth/manage/complaints?tab=mine' },
    { list: 'all complaints, for staff', account: accounts.admin, path: '/auth/manage/complaints?tab=all' },
  ])('$list: no column out of its box at any width, the brief always shown', async ({ account, path }) => {
    const { page, context } = await signedInPage(browser, account);
    await atEachWidth(page, path, widths, async (width) => {
      expect({ width, overflow: await tableOverflow(page) }).toEqual({ width, overflow: 0 });
      expect({ width, briefShownOnce: await briefShownOnce(page) }).toEqual({ width, briefShownOnce: true });
    });
    await context.close();
  });
});

describe('manage screens: axe in light and dark, desktop and 320 px phone', () => {
  const firstRow = (page: Page, table: string) =>
    page.getByTestId(table).locator('tbody tr:not([data-testid="row-skeleton"])').first().waitFor();

  it('overview, queue, all, one complaint and the deadlines (regulator)', async () => {
    await checkScreens(browser, accounts.regulator, [
      {
        name: 'overview',
        path: '/auth/manage/complaints',
        ready: (page) => page.getByTestId('figure-total').waitFor(),
      },
      {
        name: 'queue',
        path: '/auth/manage/complaints?tab=queue',
        ready: (page) => firstRow(page, 'queue-table'),
      },
      { name: 'all', path: '/auth/manage/complaints?tab=all', ready: (page) => firstRow(page, 'all-table') },
      {
        name: 'manage-detail',
        path: async (page) =>
          (await page.getByTestId('all-table').locator('a').first().getAttribute('href')) ?? '/',
        ready: (page) => page.getByTestId('timeline-section').waitFor(),
      },
      {
        name: 'deadlines',
        path: '/auth/manage/complaints?tab=deadlines',
        ready: (page) => page.getByTestId('deadlines-form').waitFor(),
      },
    ]);
  }, 240_000);
});

import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, expectHeading, open, url } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { choose, pdfBuffer } from './complaints-steps.js';
import {
  applyLook,
  checkScreen,
  csrfHeaders,
  lodgeByApi,
  lookName,
  looks,
  pageAt,
  type Look,
} from './journey-steps.js';

/**
 * Issue 34 item 3 (docs/complaint-duplicates.md): Burundi's demo trader has complained that drone survey
 * pilots wait months for their aviation permits in Kenya. Kenya's demo trader, typing the same problem in
 * other words, sees that complaint among the hints (never its applicant or brief), adds their case to
 * it with a document, and Kenya's regulator reads the statement with its author on the complaint.
 */

const shots = '/tmp/shots-41';
const stamp = Date.now().toString(36);
const known = `Drone survey pilots wait months for aviation permits ${stamp}`;
const typed = 'aviation permits for our drone survey pilots take months';
const statement = `Our two drone pilots have waited since March for their permits (${stamp}).`;
const withoutJs = { email: 'commercant@portal.example' };

let browser: Browser;
let complaint = { id: 0, slug: '', reference: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(shots, { recursive: true });
  const { context, page } = await pageAt(browser, 1366, withoutJs);
  try {
    complaint = await lodgeByApi(page, known);
  } finally {
    await context.close();
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** Types the problem into the brief description and waits for the known complaint among the hints. */
async function typeProblem(page: Page): Promise<void> {
  await page.locator('input[name="brief_description"]').fill(typed);
  await page
    .getByTestId('duplicate-hint')
    .filter({ hasText: complaint.reference })
    .waitFor({ timeout: 20_000 });
}

describe('a trader typing a known problem', () => {
  it('sees the existing complaint (public fields only) and adds a statement to it with a document', async () => {
    const { context, page } = await pageAt(browser, 1366, { email: accounts.trader });
    try {
      await applyLook(page, { lang: 'en', width: 1366, theme: 'light' });
      await open(page, '/public/complaints');
      await expectHeading(page, 'Register a complaint');
      await choose(page, 'Country Of Occurrence', 'Kenya');
      await typeProblem(page);
      const hint = page.getByTestId('duplicate-hint').filter({ hasText: complaint.reference });
      const text = (await hint.textContent()) ?? '';
      expect(text).toContain('Submitted');
      expect(text).toContain('Summary published when the review ends');
      // Never the applicant's own words or identity.
      expect(await page.getByTestId('duplicate-hints').textContent()).not.toContain(known);
      expect(text).not.toContain('commercant');

      await hint.getByTestId('add-my-case').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Your statement/ }).fill(statement);
      await dialog
        .getByTestId('attachments-input')
        .setInputFiles([{ name: 'permit-receipt.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() }]);
      await dialog.getByTestId('support-submit').click();
      await expect
        .poll(() => page.getByTestId('support-added').textContent(), { timeout: 20_000 })
        .toContain(`Your case was added to complaint ${complaint.reference}.`);
    } finally {
      await context.close();
    }
  }, 300_000);

  it("is read by Kenya's regulator on the complaint, with the statement's author and document", async () => {
    const { context, page } = await pageAt(browser, 1366, { email: accounts.regulator });
    try {
      await open(page, `/auth/manage/complaints/${complaint.id}`);
      await expectHeading(page, `Complaint ${complaint.reference}`);
      const section = page.getByTestId('statements-section');
      await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain(statement);
      const text = (await section.textContent()) ?? '';
      expect(text).toContain(accounts.trader);
      expect(text).toContain('permit-receipt.pdf');
      await page.getByTestId('merge-form').waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('a duplicate merged into it', () => {
  it("brings its applicant's document onto the statement the regulator reads", async () => {
    const lodged = await pageAt(browser, 1366, { email: accounts.trader });
    const duplicate = await lodgeByApi(lodged.page, `Aviation permits for drone pilots again ${stamp}`, [
      { name: 'permit-refusal.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() },
    ]).finally(() => lodged.context.close());
    const { context, page } = await pageAt(browser, 1366, { email: accounts.regulator });
    try {
      await open(page, `/auth/manage/complaints/${complaint.id}`);
      const merged = await page.request.post(url(`/api/manage/complaints/${duplicate.id}/merge/`), {
        headers: await csrfHeaders(page),
        data: { into: complaint.reference, version: 1 },
      });
      expect(merged.status()).toBe(200);
      await open(page, `/auth/manage/complaints/${complaint.id}`);
      const section = page.getByTestId('statements-section');
      await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain(duplicate.reference);
      const link = section.getByRole('link', { name: /permit-refusal\.pdf/ });
      const href = await link.getAttribute('href');
      const download = await page.request.get(url(href ?? ''));
      expect(download.status()).toBe(200);
      expect((await download.body()).equals(pdfBuffer())).toBe(true);
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('the hints and the statements in en and fr, at 375 and 1366 px, light and dark: axe at zero', () => {
  it("the trader's form with its hints, and the regulator's statements", async () => {
    const runs: { email: string; name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
      { email: accounts.trader, name: 'duplicate-hints', path: '/public/complaints', ready: typeProblem },
      {
        email: accounts.regulator,
        name: 'complaint-statements',
        path: `/auth/manage/complaints/${complaint.id}`,
        ready: async (page) => {
          await expect.poll(() => page.getByTestId('statements-section').textContent()).toContain(statement);
          await page.getByTestId('statements-section').scrollIntoViewIfNeeded();
        },
      },
    ];
    for (const run of runs) {
      let context: BrowserContext | undefined;
      let page: Page | undefined;
      let last: Look | undefined;
      try {
        for (const width of [1366, 375] as const) {
          ({ context, page } = await pageAt(browser, width, { email: run.email }));
          for (const look of looks.filter((one) => one.width === width)) {
            await open(page, run.path);
            await applyLook(page, look);
            last = look;
            await run.ready(page);
            await checkScreen(page, run.name, look);
            // From the top: a full-page shot scrolled down draws the fixed header mid-page.
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.screenshot({ path: `${shots}/${run.name}-${lookName(look)}.png`, fullPage: true });
          }
          await context.close();
          context = undefined;
        }
      } finally {
        // The demo accounts are shared with other specs: back to English and light.
        if (!context && last) ({ context, page } = await pageAt(browser, 1366, { email: run.email }));
        if (page && last)
          await applyLook(page, { lang: 'en', width: 1366, theme: 'light' }).catch(() => undefined);
        await context?.close();
      }
    }
  }, 1_500_000);
});

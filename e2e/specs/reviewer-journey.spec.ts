import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, expectHeading, open, url } from '../support/app.js';
import { chooseOption, launchBrowser } from '../support/browser.js';
import { fillPublicRecord, pdfBuffer } from './complaints-steps.js';
import {
  applyLook,
  checkScreen,
  looks,
  lodgeByApi,
  pageAt,
  respondByApi,
  reviewByApi,
  type Look,
} from './journey-steps.js';

/**
 * Issue 33, item 2: the reviewer's path. Kenya's regulator opens a complaint the applicant has answered:
 * the documents and the answers come before the decision form, no decision is chosen for them, the
 * options keep one order, Resolve and Reject ask first, and the applicant's "Please wait …" is not theirs.
 */

const question = 'Which office refused the permits, and when?';
const answerText = 'The immigration office in Nairobi, on 3 March; the letter is attached.';
const reason = 'The permits were refused under a rule that applies to nationals alike.';

let browser: Browser;
/** Decided in the tests; the second stays open for the screens. */
let decided = { reference: '', slug: '', id: 0 };
let open2 = { reference: '', slug: '', id: 0 };

/** A complaint of the demo trader with a document, asked a question by the regulator, and answered. */
async function answeredComplaint(trader: Page, regulator: Page, brief: string) {
  const complaint = await lodgeByApi(trader, brief, [
    { name: 'refusal.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() },
  ]);
  await reviewByApi(regulator, complaint.id, 'request_info', question);
  await respondByApi(trader, complaint.slug, answerText);
  return complaint;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const trader = await pageAt(browser, 1366, { email: accounts.trader });
  const regulator = await pageAt(browser, 1366, { email: accounts.regulator });
  decided = await answeredComplaint(trader.page, regulator.page, `Permits ${Date.now().toString(36)}`);
  open2 = await answeredComplaint(trader.page, regulator.page, `Licence ${Date.now().toString(36)}`);
  await trader.context.close();
  await regulator.context.close();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

async function topOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

const decision = (page: Page) => page.getByRole('combobox', { name: /^(Decision|Décision)/ });

describe("the reviewer's path", () => {
  it('documents and answers come before the decision form; no "Please wait" banner; nothing chosen; one order of options', async () => {
    const { context, page } = await pageAt(browser, 1366, { email: accounts.regulator });
    await open(page, `/auth/manage/complaints/${decided.id}`);
    await expectHeading(page, `Complaint ${decided.reference}`);
    await page.getByTestId('review-form').waitFor();

    expect(await page.getByTestId('complaint-message').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain('Please wait');
    const form = await topOf(page, 'review-form');
    expect(await topOf(page, 'attachments-section')).toBeLessThan(form);
    expect(await topOf(page, 'answers-section')).toBeLessThan(form);
    expect(await page.getByTestId('answers-section').textContent()).toContain(answerText);
    expect(await page.getByTestId('attachment-links').textContent()).toContain('refusal.pdf');

    // Nothing chosen: an empty select, and sending it says a decision is needed.
    expect((await decision(page).textContent())?.replace(/\u200b/g, '').trim()).toBe('');
    await page.getByTestId('review-submit').click();
    await expect
      .poll(() => page.getByTestId('review-form').textContent(), { timeout: 10_000 })
      .toContain('Select a valid decision.');

    await decision(page).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toEqual(['Forward to the next stage', 'Resolve', 'Reject', 'Ask for more information']);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await context.close();
  }, 300_000);

  it('Resolve and Reject ask for confirmation: Cancel changes nothing, Ok records the decision', async () => {
    const { context, page } = await pageAt(browser, 1366, { email: accounts.regulator });
    await open(page, `/auth/manage/complaints/${decided.id}`);
    await page.getByTestId('review-form').waitFor();
    const status = async () =>
      (
        (await (await page.request.get(url(`/api/manage/complaints/${decided.id}/`))).json()) as {
          status: string;
        }
      ).status;

    await chooseOption(page, decision(page), 'Resolve');
    await fillPublicRecord(page);
    await page.getByTestId('review-submit').click();
    const confirm = page.getByTestId('dialog-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Resolve this complaint?');
    expect(await confirm.textContent()).toContain('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await status()).toBe('in_review');

    await chooseOption(page, decision(page), 'Reject');
    await page.locator('textarea[name="comments"]').fill(reason);
    await page.getByTestId('review-submit').click();
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Reject this complaint?');
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId('dialog-success').waitFor();
    await page.getByTestId('dialog-success').getByRole('button').click();
    await page.getByTestId('complaint-outcome').waitFor();
    expect(await page.getByTestId('complaint-reason').textContent()).toBe(reason);
    expect(await status()).toBe('rejected');
    await context.close();
  }, 300_000);
});

describe("the reviewer's screens in en and fr, at 375 and 1366 px, light and dark: axe at zero", () => {
  it('the complaint with its answer and decision form, and the confirmation', async () => {
    let context: BrowserContext | undefined;
    let last: Look | undefined;
    let page: Page | undefined;
    try {
      for (const width of [1366, 375] as const) {
        ({ context, page } = await pageAt(browser, width, { email: accounts.regulator }));
        for (const look of looks.filter((one) => one.width === width)) {
          await open(page, `/auth/manage/complaints/${open2.id}`);
          await applyLook(page, look);
          last = look;
          await page.getByTestId('review-form').waitFor();
          await checkScreen(page, 'reviewer-complaint', look);

          await chooseOption(page, decision(page), look.lang === 'fr' ? 'Résoudre' : 'Resolve');
          // The public record the decision asks for, on screen for axe and the screenshot.
          await page.getByTestId('public-record-fields').waitFor();
          await checkScreen(page, 'reviewer-public-record', look);
          await fillPublicRecord(page);
          await page.getByTestId('review-submit').click();
          const confirm = page.getByTestId('dialog-confirm');
          await confirm.waitFor();
          expect(await confirm.textContent()).toContain(
            look.lang === 'fr' ? 'Résoudre cette plainte\u202f?' : 'Resolve this complaint?',
          );
          await checkScreen(page, 'reviewer-confirm', look);
          await confirm.getByRole('button', { name: look.lang === 'fr' ? 'Annuler' : 'Cancel' }).click();
          await confirm.waitFor({ state: 'hidden' });
        }
        if (width === 375) break;
        await context.close();
        context = undefined;
      }
    } finally {
      // The demo account is shared with other specs: back to English and the light theme.
      if (page && last && context)
        await applyLook(page, { lang: 'en', width: last.width, theme: 'light' }).catch(() => undefined);
      await context?.close();
    }
  }, 1_200_000);
});

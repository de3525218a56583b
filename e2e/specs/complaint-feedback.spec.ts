import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accounts,
  bodyBackground,
  darkBackground,
  lightBackground,
  open,
  url,
  useAccountLanguage,
  waitForBackground,
} from '../support/app.js';
import { chooseOption, expectNoAxeViolations, launchBrowser, screenshot } from '../support/browser.js';
import { linkIn, waitForMail, type CaughtMail } from '../support/mail.js';
import { fillPublicRecord, signedInPage } from './complaints-steps.js';

/**
 * Issue 34 item 4, "Checked by": a reviewer resolves a complaint, the applicant is asked by mail whether
 * the barrier is gone, answers "not fixed" on the complaint's page, and the complaint is back at the stage
 * that resolved it with the reason in its review log (docs/complaint-feedback.md). The tests run in order
 * and share the complaint.
 */

let browser: Browser;
let reference = '';
let complaintId = 0;
/** The applicant's page, from the link in the question's mail. */
let applicantPath = '';
const reason = 'The licensing office still asks for a local partner before it issues the licence.';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The CSRF headers of the page's session (cookie-authenticated writes need them). */
async function csrfOf(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  return { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
}

/** Sets the signed-in account's theme with the header switch; answers whether it had to switch. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<boolean> {
  const wanted = theme === 'dark' ? darkBackground : lightBackground;
  if ((await bodyBackground(page)) === wanted) return false;
  await page.getByTestId('theme-switch').click();
  await waitForBackground(page, wanted);
  return true;
}

/** The applicant's page with its feedback block in place (the question or the answer). */
async function openApplicantPage(page: Page, block: 'feedback-question' | 'feedback-answered') {
  await open(page, applicantPath);
  await page.getByTestId(block).waitFor();
}

describe('feedback after a resolution', () => {
  it('the regulator resolves a complaint and the applicant is asked by mail whether the barrier is gone', async () => {
    const trader = await signedInPage(browser, accounts.trader);
    await open(trader.page, '/');
    const lodged = await trader.page.request.post(url('/api/complaints/'), {
      headers: await csrfOf(trader.page),
      multipart: {
        restriction_type: 'licensing',
        details_of_occurrence: 'A licence was refused to a partner-state firm without a local partner.',
        date_of_occurrence: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
        country_code: 'KE',
        brief_description: `Licence refused without a local partner ${Date.now().toString(36)}`,
      },
    });
    expect(lodged.status(), await lodged.text()).toBe(201);
    const { slug } = (await lodged.json()) as { slug: string };
    const detail = await trader.page.request.get(url(`/api/complaints/${slug}/`));
    ({ reference, id: complaintId } = (await detail.json()) as { reference: string; id: number });
    await trader.context.close();

    const { context, page } = await signedInPage(browser, accounts.regulator);
    await open(page, `/auth/manage/complaints/${complaintId}`);
    await chooseOption(
      page,
      page.getByRole('combobox', { name: /^(Decision|Décision)/ }),
      /^(Resolve|Résoudre)$/,
    );
    await page
      .locator('textarea[name="comments"]')
      .fill('The licensing office dropped the local-partner rule.');
    await fillPublicRecord(page);
    await page.getByTestId('review-submit').click();
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
    const done = page.getByTestId('dialog-success');
    await done.waitFor();
    await done.getByRole('button').click();
    await context.close();

    const mail = await waitForMail(
      accounts.trader,
      20_000,
      (one) =>
        one.subject.includes(reference) && /is the barrier gone|l'obstacle a-t-il disparu/.test(one.subject),
    );
    expect(mail.text).toMatch(
      /Answer "Fixed" or "Not fixed" on the complaint's page until \d{1,2} \w+ \d{4}|Répondez « Réglé » ou « Non réglé »/,
    );
    applicantPath = new URL(linkIn(mail, '/public/complaints/')).pathname;
    expect(applicantPath).toBe(`/public/complaints/${slug}`);
  }, 120_000);

  // One test per language and theme (each at both widths): a signed-in account's language and theme are
  // kept on its profile, so each test sets them with the header's switches and puts them back.
  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['fr', 'light'],
    ['fr', 'dark'],
  ] as const)(
    'shows the question with its deadline (%s, %s) at 1366 and 375 px with no axe violation',
    async (language, theme) => {
      const { context, page } = await signedInPage(browser, accounts.trader, {
        viewport: 'desktop',
        colorScheme: theme,
      });
      await open(page, '/');
      let switched = false;
      try {
        switched = await useTheme(page, theme);
        if (language === 'fr') await useAccountLanguage(page, 'fr');
        for (const width of [1366, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await openApplicantPage(page, 'feedback-question');
          const block = page.getByTestId('feedback-question');
          expect(await block.getByRole('heading').textContent()).toBe(
            language === 'fr' ? "L'obstacle a-t-il disparu\u202f?" : 'Is the barrier gone?',
          );
          expect(await page.getByTestId('feedback-deadline').textContent()).toMatch(
            language === 'fr' ? /^Vous pouvez répondre jusqu'au .*\d{4}/ : /^You can answer until .*\d{4}/,
          );
          expect(await block.getByRole('radio').count()).toBe(2);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
          await expectNoAxeViolations(page);
          await screenshot(page, `complaint-feedback-question-${language}-${width}-${theme}`);
        }
      } finally {
        if (language === 'fr') await useAccountLanguage(page, 'en');
        if (switched) await useTheme(page, theme === 'dark' ? 'light' : 'dark');
        await context.close();
      }
    },
    120_000,
  );

  it('"Not fixed" needs a reason, asks before reopening, and puts the complaint back at the regulator stage with the reason in the log', async () => {
    const { context, page } = await signedInPage(browser, accounts.trader);
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await openApplicantPage(page, 'feedback-question');
      const block = page.getByTestId('feedback-question');
      await block.getByRole('radio', { name: /^Not fixed/ }).check();
      await block.getByRole('button', { name: 'Send my answer' }).click();
      const field = page.locator('textarea[name="reason"]');
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await block.textContent()).toContain('Tell the reviewers why the barrier is not gone.');
      expect(await page.getByTestId('dialog-confirm').count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, 'complaint-feedback-reason-required-en-1366-light');

      await field.fill(reason);
      await block.getByRole('button', { name: 'Send my answer' }).click();
      const confirmation = page.getByTestId('dialog-confirm');
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain('Reopen this complaint?');
      expect(await confirmation.textContent()).toContain('(Regulator)');
      await expectNoAxeViolations(page);
      await screenshot(page, 'complaint-feedback-confirm-en-1366-light');
      await confirmation.getByRole('button', { name: 'Ok' }).click();
      const done = page.getByTestId('dialog-success');
      await done.waitFor();
      expect(await done.textContent()).toContain('Your complaint was reopened at the Regulator stage.');
      await done.getByRole('button').click();
      await done.waitFor({ state: 'hidden' });

      const answered = page.getByTestId('feedback-answered');
      await answered.waitFor();
      expect(await answered.getAttribute('data-outcome')).toBe('not_fixed');
      expect(await answered.textContent()).toContain(reason);
      expect(await page.getByTestId('feedback-question').count()).toBe(0);
      const lastEntry = page.getByTestId('review-log-entry').last();
      expect(await lastEntry.textContent()).toContain('Reopened by the applicant');
      expect(await lastEntry.textContent()).toContain(reason);
      expect(await lastEntry.textContent()).toContain('Regulator');

      const detail = await page.request.get(url(`/api${applicantPath.replace('/public', '')}/`));
      expect(await detail.json()).toMatchObject({
        status: 'in_review',
        stage: 'regulator',
        date_resolved: null,
      });
      await expectNoAxeViolations(page);
      await screenshot(page, 'complaint-feedback-reopened-en-1366-light');
      await page.setViewportSize({ width: 375, height: 900 });
      await openApplicantPage(page, 'feedback-answered');
      await expectNoAxeViolations(page);
      await screenshot(page, 'complaint-feedback-reopened-en-375-light');
    } finally {
      await context.close();
    }

    // The regulator stage's reviewers are told as for a complaint entering their queue: a second time.
    const queued = async () => {
      const mails = (await (await fetch(inject('mailUrl'))).json()) as CaughtMail[];
      return mails.filter(
        (one) =>
          one.to.includes(accounts.regulator) &&
          one.subject === `Complaint ${reference} to review (KE)` &&
          one.text.includes(`/auth/manage/complaints/${complaintId}`),
      ).length;
    };
    await expect.poll(queued, { timeout: 20_000, interval: 200 }).toBe(2);
  }, 120_000);
});

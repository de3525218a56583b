import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, expectHeading, open, url } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { lodgeComplaint } from './complaints-steps.js';
import { applyLook, checkScreen, looks, pageAt, type Look } from './journey-steps.js';

/**
 * Issue 34 item 5 (docs/complaint-confidentiality.md): Burundi's demo trader complains about Kenya and
 * asks that their identity be withheld. Kenya's regulator reads "Identity withheld at the applicant's
 * request" and never the name or address; the regional reviewer, of Burundi, reads them; the public never
 * does. Before review starts the trader redacts their own name from the brief description.
 */

const applicant = { email: 'commercant@portal.example', name: 'Ndayishimiye' };
const regional = 'regional@portal.example';
const withheld = {
  en: "Identity withheld at the applicant's request",
  fr: 'Identité non communiquée à la demande du plaignant',
};
const stamp = Date.now().toString(36);
const brief = `Tour guide licence refused to Claudine ${stamp}`;

let browser: Browser;
let complaint = { id: 0, slug: '', reference: '' };

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Selects `part` of a read-only text field (focus, then the selection a user's drag makes) and marks it. */
async function markPassage(page: Page, testId: string, text: string, part: string) {
  const at = text.indexOf(part);
  await page.getByTestId(testId).evaluate(
    (field, [start, end]) => {
      (field as HTMLTextAreaElement).focus();
      (field as HTMLTextAreaElement).setSelectionRange(start!, end!);
    },
    [at, at + part.length],
  );
  await page.getByRole('button', { name: /^(Mark for redaction|Marquer pour masquage)$/ }).click();
  await expect.poll(() => page.getByTestId('marked-passages').textContent()).toContain(part);
}

/** The complaint's detail as the page's account gets it from the API. */
async function detailAs(page: Page, path: string) {
  const answer = await page.request.get(url(path));
  expect(answer.status()).toBe(200);
  return answer.text();
}

describe('an applicant asking for confidentiality', () => {
  it('asks when lodging and redacts their name from the brief before review starts', async () => {
    const { context, page } = await pageAt(browser, 1366, { email: applicant.email });
    try {
      await applyLook(page, { lang: 'en', width: 1366, theme: 'light' });
      await open(page, '/public/complaints');
      await expectHeading(page, 'Register a complaint');
      complaint.reference = await lodgeComplaint(page, { brief, withholdIdentity: true });
      const mine = (await (
        await page.request.get(url(`/api/manage/complaints/mine/?q=${encodeURIComponent(stamp)}`))
      ).json()) as { results: { id: number; slug: string; reference: string }[] };
      complaint = mine.results[0]!;
      expect(complaint.reference).not.toBe('');

      await open(page, `/public/complaints/${complaint.slug}`);
      const section = page.getByTestId('confidentiality-section');
      await section.waitFor();
      expect(await section.locator('input[type="checkbox"]').isChecked()).toBe(true);
      await markPassage(page, 'redact-brief_description', brief, 'Claudine');
      expect(await page.getByTestId('redaction-preview').textContent()).toContain(
        `Tour guide licence refused to [redacted] ${stamp}`,
      );
      await page.getByRole('button', { name: 'Redact 1 passage' }).click();
      await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
      await page.getByTestId('dialog-success').waitFor();
      await page.getByTestId('dialog-success').getByRole('button').first().click();
      await expect
        .poll(() => page.getByTestId('redact-brief_description').inputValue())
        .toBe(`Tour guide licence refused to [redacted] ${stamp}`);
      await page.getByTestId('redacted-on').waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);

  it("is not named to Kenya's regulator, is named to the reviewer of their own country, never to the public", async () => {
    const regulator = await pageAt(browser, 1366, { email: accounts.regulator });
    try {
      const page = regulator.page;
      await open(page, `/auth/manage/complaints/${complaint.id}`);
      await expectHeading(page, `Complaint ${complaint.reference}`);
      await page.getByTestId('identity-withheld').waitFor();
      expect(await page.getByTestId('identity-withheld').textContent()).toContain(withheld.en);
      const main = (await page.locator('main').textContent()) ?? '';
      for (const text of [applicant.name, applicant.email, 'Claudine']) expect(main).not.toContain(text);
      // The queue and the export say the same (the server decides; the screen only shows it).
      const queue = await detailAs(page, `/api/manage/complaints/queue/?q=${encodeURIComponent(stamp)}`);
      expect(queue).toContain(complaint.reference);
      expect(queue).not.toContain(applicant.name);
      const csv = await detailAs(page, `/api/manage/complaints/export/?q=${encodeURIComponent(stamp)}`);
      expect(csv).toContain(withheld.en);
      expect(csv).not.toContain(applicant.name);
    } finally {
      await regulator.context.close();
    }

    const own = await pageAt(browser, 1366, { email: regional });
    try {
      await open(own.page, `/auth/manage/complaints/${complaint.id}`);
      // The regional reviewer of Burundi reads the portal in French (the demo account's language).
      await expectHeading(own.page, `Plainte ${complaint.reference}`);
      await expect.poll(() => own.page.locator('main').textContent()).toContain(applicant.email);
      expect(await own.page.getByTestId('identity-withheld').count()).toBe(0);
    } finally {
      await own.context.close();
    }

    const visitor = await pageAt(browser, 1366);
    try {
      await open(visitor.page, `/public/complaints/${complaint.reference}`);
      const text = (await visitor.page.locator('main').textContent()) ?? '';
      expect(text).toContain(complaint.reference);
      for (const part of [applicant.name, applicant.email, 'Claudine']) expect(text).not.toContain(part);
    } finally {
      await visitor.context.close();
    }
  }, 300_000);
});

describe('the confidentiality screens in en and fr, at 375 and 1366 px, light and dark: axe at zero', () => {
  it("the applicant's section with a marked passage, and the regulator's complaint", async () => {
    const runs: {
      email: string;
      name: string;
      path: string;
      ready: (page: Page, look: Look) => Promise<void>;
    }[] = [
      {
        email: applicant.email,
        name: 'confidentiality-applicant',
        path: `/public/complaints/${complaint.slug}`,
        ready: async (page) => {
          await page.getByTestId('confidentiality-section').scrollIntoViewIfNeeded();
          const text = await page.getByTestId('redact-details_of_occurrence').inputValue();
          await markPassage(page, 'redact-details_of_occurrence', text, 'engineers');
        },
      },
      {
        email: accounts.regulator,
        name: 'confidentiality-regulator',
        path: `/auth/manage/complaints/${complaint.id}`,
        ready: async (page, look) => {
          await expect
            .poll(() => page.getByTestId('identity-withheld').textContent())
            .toContain(withheld[look.lang]);
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
            await run.ready(page, look);
            await checkScreen(page, run.name, look);
          }
          await context.close();
          context = undefined;
        }
      } finally {
        // The demo accounts are shared with other specs: the trader back to French and dark, the regulator to English and light.
        const home: Look =
          run.email === applicant.email
            ? { lang: 'fr', width: 1366, theme: 'dark' }
            : { lang: 'en', width: 1366, theme: 'light' };
        if (!context && last) ({ context, page } = await pageAt(browser, 1366, { email: run.email }));
        if (page && last) await applyLook(page, home).catch(() => undefined);
        await context?.close();
      }
    }
  }, 1_500_000);
});

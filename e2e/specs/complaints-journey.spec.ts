import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accounts,
  bodyBackground,
  darkBackground,
  expectHeading,
  lightBackground,
  open,
  url,
} from '../support/app.js';
import {
  chooseOption,
  expectNoAxeViolations,
  frenchVisitor,
  launchBrowser,
  screenshot,
} from '../support/browser.js';
import { linkIn, waitForMail, type CaughtMail } from '../support/mail.js';
import { checkScreens, lodgeComplaint, pdfBuffer, signedInPage } from './complaints-steps.js';

/**
 * Issue 5, "Checked by": one Kenyan complaint from lodging to archive, through the three review stages,
 * with the mails of each step, the country rule, the staff refusal and the upload checks. The tests run
 * in order and share the complaint.
 */

const reviewers = {
  regulatorTz: 'regulator.tz@portal.example',
  regional: 'regional@portal.example',
  council: 'council@portal.example',
} as const;

/** A real 1×1 PNG. */
const pngBuffer = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A Windows executable ("MZ" header) under a PDF name. */
const exeAsPdf = {
  name: 'invoice.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0)]),
};

let browser: Browser;
let mbMax = 10;
let reference = '';
/** `/public/complaints/{slug}`: the applicant's page. */
let clientPath = '';
/** `/auth/manage/complaints/{id}`: the staff page. */
let managePath = '';
let complaintId = 0;
/** The brief description the client typed: never on the public side. */
let brief = '';

/** What the council writes for the public when it resolves the complaint (issue 34, item 2). */
const publicRecord = {
  summary: 'A partner state refused work permits to engineers from another partner state.',
  summaryFr: 'Un État partenaire a refusé des permis de travail à des ingénieurs d’un autre État partenaire.',
  note: 'The Council directed that the permits be issued within 30 days.',
  noteFr: 'Le Conseil a demandé que les permis soient délivrés dans les 30 jours.',
};

beforeAll(async () => {
  browser = await launchBrowser();
  const constants = (await (await fetch(url('/api/cache/constants/'))).json()) as {
    limits: { uploadMaxMb: number };
  };
  mbMax = constants.limits.uploadMaxMb;
});
afterAll(async () => {
  await browser?.close();
});

/** Every caught mail to `address` about the journey's complaint. */
async function mailsAbout(address: string): Promise<CaughtMail[]> {
  const mails = (await (await fetch(inject('mailUrl'))).json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()) && mail.subject.includes(reference));
}

/** Waits for a mail to `address` about the complaint whose subject matches `subject`. */
function waitForMailAbout(address: string, subject: RegExp): Promise<CaughtMail> {
  return waitForMail(
    address,
    15_000,
    (mail) => mail.subject.includes(reference) && subject.test(mail.subject),
  );
}

/** axe on the screen as it is, after checking it is the light theme (the dark pass is the last test). */
async function expectAccessibleLight(page: Page): Promise<void> {
  // A list refresh can bring the loading overlay back for a moment: axe checks the screen, not its fade.
  await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
  expect(await bodyBackground(page)).toBe(lightBackground);
  await expectNoAxeViolations(page);
}

/** The session's CSRF value, which the app page carries (needed by cookie-authenticated writes). */
async function csrfOf(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  return { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
}

/** The complaint's form fields as the API takes them (multipart or JSON). */
function apiFormFields(brief: string): Record<string, string> {
  return {
    restriction_type: 'foreign_equity_limit',
    details_of_occurrence: 'Sent straight to the API by the journey spec.',
    date_of_occurrence: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    country_code: 'KE',
    brief_description: brief,
  };
}

const forward = /^(Forward to the next stage|Transmettre à l'étape suivante)$/;
const resolve = /^(Resolve|Résoudre)$/;

/** A decision in the staff review form; the labels in English or French (the account's language). */
async function decide(page: Page, decision: RegExp, comments: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: /^(Decision|Décision)/ }), decision);
  await page.locator('textarea[name="comments"]').fill(comments);
  if (decision === resolve) await writePublicRecord(page);
  await page.getByTestId('review-submit').click();
  // Resolve cannot be undone: it asks first (issue 33).
  if (decision === resolve)
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
  const done = page.getByTestId('dialog-success');
  await done.waitFor();
  await done.getByRole('button').click();
  await done.waitFor({ state: 'hidden' });
  await page.getByTestId('review-form').waitFor({ state: 'detached' });
}

/**
 * Resolving asks for the public record: without the summary and the note the form says so on those
 * fields (English or French) and keeps what was typed; then the reviewer writes them.
 */
async function writePublicRecord(page: Page): Promise<void> {
  const fields = page.getByTestId('public-record-fields');
  await fields.waitFor();
  await page.getByTestId('review-submit').click();
  const summary = page.locator('textarea[name="public_summary"]');
  await expect.poll(() => summary.getAttribute('aria-invalid')).toBe('true');
  expect(await fields.textContent()).toMatch(
    /Write the public summary: the public list shows it|Rédigez le résumé public\u202f: la liste publique le montre/,
  );
  expect(await page.getByTestId('dialog-confirm').count()).toBe(0);
  expect(await page.locator('textarea[name="comments"]').inputValue()).not.toBe('');
  await summary.fill(publicRecord.summary);
  await page.locator('textarea[name="public_summary_fr"]').fill(publicRecord.summaryFr);
  await page.locator('textarea[name="resolution_note"]').fill(publicRecord.note);
  await page.locator('textarea[name="resolution_note_fr"]').fill(publicRecord.noteFr);
  await expectNoAxeViolations(page);
  await screenshot(page, 'complaints-journey-public-record-form');
}

type Scheme = 'light' | 'dark';

/** A visitor in English or French (the browser's language) at a width, in a colour scheme. */
async function visitor(
  lang: 'en' | 'fr',
  width: number,
  scheme: Scheme,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const viewport = { width, height: 900 };
  const { context, page } =
    lang === 'fr'
      ? await frenchVisitor(browser, viewport, scheme)
      : await (async () => {
          const created = await browser.newContext({ viewport, colorScheme: scheme, locale: 'en-GB' });
          created.setDefaultTimeout(15_000);
          return { context: created, page: await created.newPage() };
        })();
  return { page, close: () => context.close() };
}

const staffHeading = () => new RegExp(`^(Complaint|Plainte) ${reference}$`);

/** Finds the complaint in the reviewer's queue with the list's search box (the queue has many pages). */
async function openFromQueue(page: Page): Promise<void> {
  await open(page, '/auth/manage/complaints?tab=queue');
  await page.getByRole('search').locator('input[type="search"]').fill(reference);
  await page.keyboard.press('Enter');
  await page.waitForURL((address) => address.searchParams.get('q') === reference);
  const link = page.getByTestId('queue-table').getByRole('link', { name: reference });
  await link.waitFor();
  await expectAccessibleLight(page);
  await link.click();
  await expectHeading(page, staffHeading());
  expect(new URL(page.url()).pathname).toBe(managePath);
  await page.getByTestId('review-form').waitFor();
}

/** The applicant's page of the complaint, loaded afresh, with its status message. */
async function clientSees(message: string, stage: string | null): Promise<Page> {
  const { page } = await signedInPage(browser, accounts.trader);
  await open(page, clientPath);
  await expectHeading(page, `Complaint ${reference}`);
  await page.getByTestId('timeline-section').waitFor();
  await expect.poll(() => page.getByTestId('complaint-message').textContent()).toBe(message);
  if (stage) expect(await page.getByTestId('stage-chip').textContent()).toBe(stage);
  else expect(await page.getByTestId('stage-chip').count()).toBe(0);
  await expectAccessibleLight(page);
  return page;
}

/** The applicant's complaints, counted by the API (to show a refused upload created nothing). */
async function myComplaintCount(page: Page): Promise<number> {
  const answer = await page.request.get(url('/api/manage/complaints/mine/?page_size=1'));
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

describe('a complaint from lodging to archive', () => {
  it('1. the client lodges a Kenyan complaint with a PDF and a PNG, sees the reference and gets the mail', async () => {
    const { page } = await signedInPage(browser, accounts.trader);
    await open(page, '/public/complaints');
    await expectHeading(page, 'Register a complaint');
    await expectAccessibleLight(page);
    brief = `Journey: work permits refused ${Date.now().toString(36)}`;
    reference = await lodgeComplaint(page, {
      brief,
      country: 'Kenya',
      files: [
        { name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() },
        { name: 'site-photo.png', mimeType: 'image/png', buffer: pngBuffer },
      ],
    });
    const dialog = page.getByTestId('complaint-created');
    expect(await dialog.textContent()).toContain(reference);
    await expectNoAxeViolations(page);
    await screenshot(page, 'complaints-journey-lodged');

    const lodged = await waitForMailAbout(accounts.trader, /registered/);
    expect(lodged.text).toContain(`registered under the reference number ${reference}`);
    clientPath = new URL(linkIn(lodged, '/public/complaints/')).pathname;
    // The regulator of Kenya is told the complaint waits in their queue; the one of Tanzania is not.
    const queued = await waitForMailAbout(accounts.regulator, /to review \(KE\)/);
    managePath = new URL(linkIn(queued, '/auth/manage/complaints/')).pathname;
    complaintId = Number(/(\d+)\/?$/.exec(managePath)?.[1]);
    expect(complaintId).toBeGreaterThan(0);
    expect(await mailsAbout(reviewers.regulatorTz)).toEqual([]);

    // The applicant's page: both documents, at the regulator stage.
    await open(page, clientPath);
    await expectHeading(page, `Complaint ${reference}`);
    expect(await page.getByTestId('complaint-message').textContent()).toBe(
      'Please wait for the regulator review process to end.',
    );
    expect(await page.getByTestId('attachment-links').getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['contract.pdf', 'site-photo.png']),
    );
    expect(await page.getByTestId('attachment-links').getByRole('link').count()).toBe(2);
    await expectAccessibleLight(page);
    await page.close();
  });

  it('5. a regulator of another country neither sees it in a list, nor opens it, nor reviews it (404)', async () => {
    const { page, context } = await signedInPage(browser, reviewers.regulatorTz);
    for (const tab of ['queue', 'all']) {
      // Searched by its reference: nothing found (the Kenyan regulator's search finds it, step 2).
      await open(page, `/auth/manage/complaints?tab=${tab}&q=${reference}`);
      await page.getByTestId(`${tab}-table`).getByTestId('empty-state').waitFor();
      expect(await page.getByRole('link', { name: reference }).count()).toBe(0);
      await expectAccessibleLight(page);
    }
    await open(page, managePath);
    await page.getByTestId('complaint-not-found').waitFor();
    await expectHeading(page, 'This complaint could not be found.');
    expect(await page.getByText(reference).count()).toBe(0);
    await expectAccessibleLight(page);
    await screenshot(page, 'complaints-journey-other-country');

    const headers = await csrfOf(page);
    const review = await page.request.post(url(`/api/manage/complaints/${complaintId}/review/`), {
      headers,
      data: { decision: 'forward', comments: 'Not my country.', version: 1 },
    });
    expect(review.status()).toBe(404);
    const detail = await page.request.get(url(`/api/manage/complaints/${complaintId}/`));
    expect(detail.status()).toBe(404);
    await context.close();
  });

  it('2. the regulator of Kenya forwards it from the queue; the client sees the regional stage; the mails go out', async () => {
    const { page, context } = await signedInPage(browser, accounts.regulator);
    await openFromQueue(page);
    await expectAccessibleLight(page);
    await decide(page, forward, 'Permit refusal confirmed with the immigration office.');
    await context.close();

    const client = await clientSees('Please wait for the regional review process to end.', 'Regional');
    await client.close();
    const update = await waitForMailAbout(accounts.trader, /next review stage/);
    expect(update.text).toContain(`forwarded to the regional review`);
    // The regional reviewers (regional@, in French) are told; the national regulators are not again.
    const queued = await waitForMailAbout(reviewers.regional, /à examiner \(KE\)/);
    expect(new URL(linkIn(queued, '/auth/manage/complaints/')).pathname).toBe(managePath);
    expect(await mailsAbout(reviewers.council)).toEqual([]);
    expect((await mailsAbout(accounts.regulator)).length).toBe(1);
  });

  it('3. the regional reviewer forwards it; the client sees the council stage and gets a mail', async () => {
    const { page, context } = await signedInPage(browser, reviewers.regional);
    await openFromQueue(page);
    await expectAccessibleLight(page);
    await decide(page, forward, 'A barrier of regional concern: the council should decide.');
    await context.close();

    const client = await clientSees('Please wait for the council review process to end.', 'Council');
    await client.close();
    await expect
      .poll(async () => (await mailsAbout(accounts.trader)).map((mail) => mail.text).join('\n'))
      .toContain('forwarded to the council review');
    const queued = await waitForMailAbout(reviewers.council, /to review \(KE\)/);
    expect(new URL(linkIn(queued, '/auth/manage/complaints/')).pathname).toBe(managePath);
  });

  it('4. the council resolves it; the client sees it reviewed, the date resolved, the three log entries, and a mail', async () => {
    const { page, context } = await signedInPage(browser, reviewers.council);
    // The council follows the link of its queue mail.
    await open(page, managePath);
    await expectHeading(page, staffHeading());
    await page.getByTestId('review-form').waitFor();
    await expectAccessibleLight(page);
    await decide(page, resolve, 'The permits are to be issued within 30 days.');
    await context.close();

    const client = await clientSees('The complaint has already been reviewed.', null);
    const resolved = client
      .locator('dt', { hasText: 'Date Resolved' })
      .locator('xpath=following-sibling::dd[1]');
    const resolvedText = (await resolved.textContent()) ?? '';
    expect(resolvedText).not.toBe('Not yet resolved');
    expect(resolvedText).toMatch(/\d{4}/);
    const entries = client.getByTestId('review-log-entry');
    expect(await entries.count()).toBe(3);
    const log = await entries.allTextContents();
    expect(log.join('\n')).toContain('Permit refusal confirmed with the immigration office.');
    expect(log.join('\n')).toContain('A barrier of regional concern: the council should decide.');
    expect(log.join('\n')).toContain('The permits are to be issued within 30 days.');
    expect(log.filter((entry) => entry.includes('Forwarded to the next stage'))).toHaveLength(2);
    await screenshot(client, 'complaints-journey-resolved');
    await client.close();

    const mail = await waitForMailAbout(accounts.trader, /resolved/);
    expect(mail.text).toContain(`Your complaint ${reference} has been resolved.`);
    expect(mail.text).toContain('The permits are to be issued within 30 days.');
    expect(await mailsAbout(reviewers.regulatorTz)).toEqual([]);
  });

  it('4b. the resolved complaint is on the public list and view only with its reviewed summary (en/fr, 375/1366 px, light/dark)', async () => {
    /** axe at zero in the look asked for (the theme follows the browser's colour scheme). */
    const accessible = async (page: Page, scheme: Scheme) => {
      await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
      expect(await bodyBackground(page)).toBe(scheme === 'dark' ? darkBackground : lightBackground);
      await expectNoAxeViolations(page);
    };
    for (const [lang, width, scheme] of (['en', 'fr'] as const).flatMap((one) =>
      [375, 1366].flatMap((px) => (['light', 'dark'] as const).map((look) => [one, px, look] as const)),
    )) {
      const { page, close } = await visitor(lang, width, scheme);
      const look = `${lang}-${width}-${scheme}`;
      const summary = lang === 'fr' ? publicRecord.summaryFr : publicRecord.summary;
      await open(page, '/public/complaints/list?status=resolved&country=KE');
      await expectHeading(page, lang === 'fr' ? 'Plaintes' : 'Complaints');
      const link = page.getByTestId('complaints-table').getByRole('link', { name: reference });
      await link.waitFor();
      const row = page
        .getByTestId('complaints-table')
        .locator('tbody tr', { has: page.getByRole('link', { name: reference }) });
      await expect.poll(() => row.textContent()).toContain(summary);
      const listText = (await page.locator('main').textContent()) ?? '';
      expect(listText).not.toContain(brief);
      expect(listText).not.toMatch(/trader@|Amina|Odhiambo/);
      await accessible(page, scheme);
      await screenshot(page, `complaints-journey-public-list-${look}`);

      await link.click();
      await page.getByTestId('public-complaint').waitFor();
      const view = page.getByTestId('public-complaint');
      await expect.poll(() => view.getByTestId('public-summary').textContent()).toBe(summary);
      expect(await view.getByTestId('resolution-note').textContent()).toBe(
        lang === 'fr' ? publicRecord.noteFr : publicRecord.note,
      );
      expect(await view.getByTestId('stage-dates').locator('li').count()).toBe(3);
      const viewText = (await view.textContent()) ?? '';
      for (const hidden of [brief, 'Permit refusal confirmed', 'The permits are to be issued'])
        expect(viewText).not.toContain(hidden);
      await accessible(page, scheme);
      await screenshot(page, `complaints-journey-public-view-${look}`);
      await close();
    }
  }, 360_000);

  it('6. a staff account cannot lodge: the form explains why, and the API answers 403', async () => {
    const { page, context } = await signedInPage(browser, accounts.editor);
    await open(page, '/public/complaints');
    await expectHeading(page, 'Staff accounts may not register complaints.');
    expect(await page.getByTestId('complaint-form').count()).toBe(0);
    await expectAccessibleLight(page);
    const answer = await page.request.post(url('/api/complaints/'), {
      headers: await csrfOf(page),
      multipart: apiFormFields('A staff member tries the API'),
    });
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      'Staff accounts may not register complaints.',
    );
    await context.close();
  });

  it('7. an executable renamed .pdf is refused by the browser ("Invalid File") and by the server', async () => {
    const { page } = await signedInPage(browser, accounts.trader);
    await open(page, '/public/complaints');
    await expectHeading(page, 'Register a complaint');
    await page.getByTestId('attachments-input').setInputFiles(exeAsPdf);
    const dialog = page.getByTestId('dialog-error');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('heading').textContent()).toContain('Invalid File');
    expect(await dialog.textContent()).toContain(
      'You can not upload this file as the file format is not allowed at this time',
    );
    await expectAccessibleLight(page);
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('attachments-list').count()).toBe(0);

    // Past the browser's check, straight to the API: the server reads the bytes too.
    const before = await myComplaintCount(page);
    const answer = await page.request.post(url('/api/complaints/'), {
      headers: await csrfOf(page),
      multipart: { ...apiFormFields('An executable in disguise'), attachments: exeAsPdf },
    });
    expect(answer.status()).toBe(422);
    const body = (await answer.json()) as { detail: string; errors: Record<string, string> };
    expect(body.detail).toBe('You can not upload this file as the file format is not allowed at this time');
    expect(body.errors.attachments).toBe(body.detail);
    expect(await myComplaintCount(page)).toBe(before);
    await page.close();
  });

  it('8. a file over the limit of the constants is refused with the limit in the text', async () => {
    const { page } = await signedInPage(browser, accounts.trader);
    await open(page, '/public/complaints');
    await expectHeading(page, 'Register a complaint');
    const tooBig = {
      name: 'too-big.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBuffer((mbMax + 1) * 1024 * 1024),
    };
    await page.getByTestId('attachments-input').setInputFiles(tooBig);
    await expect
      .poll(() => page.getByTestId('attachments-help').textContent())
      .toBe(`One can not upload files larger than ${mbMax}MB`);
    expect(await page.getByTestId('attachments-list').count()).toBe(0);
    await expectAccessibleLight(page);

    const before = await myComplaintCount(page);
    const answer = await page.request.post(url('/api/complaints/'), {
      headers: await csrfOf(page),
      multipart: { ...apiFormFields('A file over the limit'), attachments: tooBig },
    });
    expect(answer.status()).toBe(422);
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      `One can not upload files larger than ${mbMax}MB`,
    );
    expect(await myComplaintCount(page)).toBe(before);
    await page.close();
  });

  it('9. an administrator archives the resolved complaint after confirming; nothing can change it after', async () => {
    const { page, context } = await signedInPage(browser, accounts.admin);
    await open(page, managePath);
    await expectHeading(page, staffHeading());
    const archive = page.getByTestId('archive');
    await archive.waitFor();
    await expectAccessibleLight(page);
    const archived = async () =>
      (await (await page.request.get(url(`/api/manage/complaints/${complaintId}/`))).json()) as {
        archived: boolean;
        version: number;
      };

    await archive.click();
    const confirmDialog = page.getByTestId('dialog-confirm');
    await confirmDialog.waitFor();
    expect(await confirmDialog.textContent()).toContain('Archiving cannot be reversed.');
    await expectNoAxeViolations(page);
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'hidden' });
    expect((await archived()).archived).toBe(false);
    expect(await archive.isVisible()).toBe(true);

    await archive.click();
    await confirmDialog.getByRole('button', { name: 'Ok' }).click();
    const done = page.getByTestId('dialog-success');
    await done.waitFor();
    expect(await done.textContent()).toContain('The complaint was archived.');
    await done.getByRole('button').click();
    await done.waitFor({ state: 'hidden' });
    await page.getByText('Archived', { exact: true }).first().waitFor();
    expect(await archive.count()).toBe(0);
    expect(await page.getByRole('button', { name: /archive/i }).count()).toBe(0);
    expect(await page.getByTestId('review-form').count()).toBe(0);
    await expectAccessibleLight(page);
    await screenshot(page, 'complaints-journey-archived');

    const now = await archived();
    expect(now.archived).toBe(true);
    const headers = await csrfOf(page);
    const review = await page.request.post(url(`/api/manage/complaints/${complaintId}/review/`), {
      headers,
      data: {
        decision: 'reject',
        comments: 'After the archive.',
        public_summary: publicRecord.summary,
        resolution_note: publicRecord.note,
        version: now.version,
      },
    });
    expect(review.status()).toBe(409);
    const again = await page.request.post(url(`/api/manage/complaints/${complaintId}/archive/`), {
      headers,
      data: { version: now.version },
    });
    expect(again.status()).toBe(409);
    expect((await archived()).version).toBe(now.version);
    await context.close();
  });

  it('10. the applicant page of the archived complaint passes axe in light and dark, desktop and 320 px', async () => {
    await checkScreens(browser, accounts.trader, [
      {
        name: 'journey-archived',
        path: clientPath,
        ready: (page) => page.getByTestId('timeline-section').waitFor(),
      },
    ]);
  }, 180_000);
});

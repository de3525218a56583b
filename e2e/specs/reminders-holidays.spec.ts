// Issue 31 item 3 end to end: the Deadlines tab counts the regulator stage in working days, staff add a
// public holiday and see a complaint's due date move, edit and delete it (with confirmation), and the
// reminders reach the SMTP server once time is moved forward (the test-only hook, NODE_ENV=test);
// axe (WCAG 2.x A/AA) on the holiday screen in English and French, light and dark.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  switchTheme,
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, signIn, url } from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { waitForMail } from '../support/mail.js';

const dayMs = 86_400_000;
const holidayName = `Declared day ${Date.now().toString(36)}`;

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let trader: { context: BrowserContext; page: Page };
let complaint = { id: 0, reference: '', slug: '' };
let originalStages: { stage: string; deadline_days: number; deadline_unit: string }[] = [];

async function csrfOf(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  return { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
}

/** The complaint's due date as staff read it on its page. */
async function shownDue(page: Page): Promise<string> {
  await open(page, `/auth/manage/complaints/${complaint.id}`);
  return (await page.locator('dt:text-is("Stage due") + dd').textContent()) ?? '';
}

async function dueAt(page: Page): Promise<string> {
  const answer = await callApi(page, 'GET', `/manage/complaints/${complaint.id}/`);
  return (answer.body as { stage_due_at: string }).stage_due_at;
}

/** The first day after today (UTC) that is not a weekend and not a Kenyan holiday of the table. */
async function firstWorkingDay(page: Page): Promise<string> {
  const year = new Date().getUTCFullYear();
  const taken = new Set<string>();
  for (const y of [year, year + 1]) {
    const answer = await callApi(page, 'GET', `/admin/holidays/?country=KE&year=${y}&page_size=100`);
    for (const item of (answer.body as { results: { date: string }[] }).results) taken.add(item.date);
  }
  for (let day = Date.now() + dayMs; ; day += dayMs) {
    const date = new Date(day);
    const iso = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6 && !taken.has(iso)) return iso;
  }
}

/** Types a yyyy-MM-dd date into the form's date field (en-GB sections: dd/mm/yyyy). */
async function typeDate(page: Page, iso: string) {
  const [year, month, day] = iso.split('-');
  const group = page.getByTestId('admin-form').getByRole('group', { name: /^Date/ });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
  trader = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
  await signIn(admin.page, accounts.admin);
  await signIn(trader.page, accounts.trader);
  const stages = await callApi(admin.page, 'GET', '/manage/complaints/stages/');
  originalStages = (stages.body as { results: typeof originalStages }).results.map((row) => ({
    stage: row.stage,
    deadline_days: row.deadline_days,
    deadline_unit: row.deadline_unit,
  }));
});
afterAll(async () => {
  // The stages as found, for the specs that follow on this server.
  if (originalStages.length > 0)
    await callApi(admin.page, 'PUT', '/manage/complaints/stages/', { stages: originalStages });
  await admin.context.close();
  await trader.context.close();
  await browser.close();
});

// Generous limits: a loaded 2-core machine (axe runs several times per test).
describe('working-day deadlines and the holiday table', { timeout: 240_000 }, () => {
  it('counts the regulator stage in working days (Deadlines tab)', async () => {
    const { page } = admin;
    await open(page, '/auth/manage/complaints?tab=deadlines');
    const form = page.getByTestId('deadlines-form');
    await form.waitFor({ state: 'visible' });
    await chooseOption(
      page,
      page.getByTestId('deadline-unit-regulator').getByRole('combobox'),
      /^Working days$/,
    );
    await form.getByRole('spinbutton', { name: /regulator/i }).fill('10');
    await screenshot(page, 'deadlines-working-days-1366');
    await page.setViewportSize({ width: 375, height: 900 });
    await screenshot(page, 'deadlines-working-days-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Save deadlines' }).click();
    await acknowledgeSuccess(page);
    const stages = await callApi(page, 'GET', '/manage/complaints/stages/');
    expect((stages.body as { results: unknown[] }).results[0]).toMatchObject({
      stage: 'regulator',
      deadline_days: 10,
      deadline_unit: 'working',
    });

    // A trader lodges a complaint about Kenya: its due date counts ten working days.
    await open(trader.page, '/auth/dashboard');
    const lodged = await trader.page.request.post(url('/api/complaints/'), {
      headers: await csrfOf(trader.page),
      multipart: {
        restriction_type: 'licensing',
        details_of_occurrence: 'Lodged by the reminders and holidays spec.',
        date_of_occurrence: new Date(Date.now() - 7 * dayMs).toISOString().slice(0, 10),
        country_code: 'KE',
        brief_description: 'Holiday spec complaint',
      },
    });
    expect(lodged.status()).toBe(201);
    const body = (await lodged.json()) as { reference: string; slug: string };
    const list = await callApi(page, 'GET', `/manage/complaints/?q=${body.reference}`);
    const found = (list.body as { results: { id: number; reference: string }[] }).results.find(
      (row) => row.reference === body.reference,
    );
    expect(found).toBeDefined();
    complaint = { id: found!.id, reference: body.reference, slug: body.slug };
  });

  let before = '';
  let beforeShown = '';
  let holiday = '';

  it('adds a holiday on the holiday screen, and the complaint’s due date moves', async () => {
    const { page } = admin;
    before = await dueAt(page);
    beforeShown = await shownDue(page);
    holiday = await firstWorkingDay(page);

    await open(page, `/auth/config/holidays?country=KE&year=${holiday.slice(0, 4)}`);
    await expectHeading(page, 'Public Holidays');
    await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
    await page.getByTestId('admin-create').click();
    const form = page.getByTestId('admin-form');
    await form.waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    await chooseOption(page, form.getByRole('combobox', { name: /^Partner state/ }), /^Kenya$/);
    await typeDate(page, holiday);
    await page.getByTestId('field-name_en').fill(holidayName);
    await page.getByTestId('field-name_fr').fill(`${holidayName} (fr)`);
    await expectAccessibleInBothThemes(page);
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await adminRow(page, holidayName).waitFor({ state: 'visible' });

    const after = await dueAt(page);
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    const afterShown = await shownDue(page);
    expect(afterShown).not.toBe(beforeShown);
  });

  it('a reviewer’s digest and an applicant’s reminder arrive once time is moved forward', async () => {
    const { page } = admin;
    await open(page, '/auth/dashboard');
    const hook = async (days: number) => {
      const answer = await page.request.post(url('/test-hooks/reminders/run/'), {
        headers: await csrfOf(page),
        data: { advance_days: days },
      });
      expect(answer.status()).toBe(200);
    };
    // Twenty days on, the complaint is overdue: Kenya's regulator gets it in the day's digest.
    await hook(20);
    const digest = await waitForMail(
      accounts.regulator,
      60_000,
      (mail) => mail.subject.startsWith('Complaints to review') && mail.text.includes(complaint.reference),
    );
    expect(digest.subject).toMatch(/^Complaints to review: \d+ due soon or overdue$/);
    expect(digest.text).toContain(`${url('/auth/manage/complaints/')}${complaint.id}`);
    expect(digest.text).toContain(`${complaint.reference} (KE, regulator review) – overdue since`);

    // Information requested; eight days on, the trader is reminded.
    const detail = await callApi(page, 'GET', `/manage/complaints/${complaint.id}/`);
    const requested = await callApi(page, 'POST', `/manage/complaints/${complaint.id}/review/`, {
      decision: 'request_info',
      comments: 'Please send the refusal letter.',
      version: (detail.body as { version: number }).version,
    });
    expect(requested.status).toBe(200);
    await hook(8);
    const reminder = await waitForMail(accounts.trader, 60_000, (mail) =>
      mail.subject.includes(`${complaint.reference}: your answer is awaited`),
    );
    expect(reminder.text).toContain(url(`/public/complaints/${complaint.slug}`));
  });

  it('edits and deletes the holiday (after confirmation): the due date comes back', async () => {
    const { page } = admin;
    await open(page, `/auth/config/holidays?country=KE&year=${holiday.slice(0, 4)}`);
    const row = adminRow(page, holidayName);
    await row.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('admin-form');
    await form.waitFor({ state: 'visible' });
    await page.getByTestId('field-name_en').fill(`${holidayName} renamed`);
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await form.waitFor({ state: 'detached' });
    const renamed = adminRow(page, `${holidayName} renamed`);
    await renamed.waitFor({ state: 'visible' });
    await renamed.getByRole('button', { name: 'Delete permanently' }).click();
    await confirmAndAcknowledge(page);
    await renamed.waitFor({ state: 'detached' });
    expect(await shownDue(page)).toBe(beforeShown);
  });
});

describe(
  'the holiday screen in English and French, light and dark, 375 and 1366 px',
  { timeout: 240_000 },
  () => {
    afterAll(async () => {
      await open(admin.page, '/auth/dashboard');
      if ((await admin.page.locator('html').getAttribute('lang')) === 'fr')
        await admin.page.getByTestId('language-switch').click();
      await admin.page.waitForFunction(() => document.documentElement.lang === 'en-GB');
      await switchTheme(admin.page, 'light');
    });

    for (const language of ['en', 'fr'] as const) {
      it(`${language}: no axe violation, fits the phone`, async () => {
        const { page } = admin;
        await page.setViewportSize({ width: 1366, height: 900 });
        await open(page, '/auth/dashboard');
        const wanted = language === 'fr' ? 'fr' : 'en-GB';
        if ((await page.locator('html').getAttribute('lang')) !== wanted)
          await page.getByTestId('language-switch').click();
        await page.waitForFunction((lang) => document.documentElement.lang === lang, wanted);
        await open(page, `/auth/config/holidays?country=KE&year=${new Date().getUTCFullYear()}`);
        await expectHeading(page, language === 'fr' ? 'Jours fériés' : 'Public Holidays');
        await page.getByTestId('admin-list').locator('tbody tr').first().waitFor({ state: 'visible' });
        expect(await page.getByTestId('admin-list').textContent()).toContain(
          language === 'fr' ? 'Fête de la République (Jamhuri)' : 'Jamhuri Day',
        );
        await expectAccessibleInBothThemes(page);
        for (const theme of ['light', 'dark'] as const) {
          await switchTheme(page, theme);
          for (const width of [1366, 375]) {
            await page.setViewportSize({ width, height: 900 });
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
            expect(await fitsWidth(page)).toBe(true);
            await screenshot(page, `holidays-${language}-${theme}-${width}`);
          }
        }
        // The add form in the language, phone width.
        await page.getByTestId('admin-create').click();
        await page.getByTestId('admin-form').waitFor({ state: 'visible' });
        await expectAccessibleInBothThemes(page, `holidays-form-${language}-375`);
        await page.keyboard.press('Escape');
        await page.getByTestId('admin-form').waitFor({ state: 'detached' });
        await switchTheme(page, 'light');
      });
    }
  },
);

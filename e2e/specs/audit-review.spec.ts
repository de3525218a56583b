// Issue 31, item 5: a reviewer's decision on a complaint is in the audit log, and the superuser reads
// it in the audit viewer and on the dashboard with model and field names as words, in en and fr; axe
// in light and dark, at 375 and 1366 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from '../support/admin.js';
import { accounts, expectHeading, open, useAccountLanguage } from '../support/app.js';
import { chooseOption, launchBrowser, screenshot } from '../support/browser.js';
import { choose, lodgeComplaint, signedInPage } from './complaints-steps.js';

const auditPath = '/auth/admin/audit-log';
const comments = `Audited forward ${Date.now().toString(36)}`;
/** Codenames the screens must not show in place of words. */
const codenames = ['complaints.complaint', 'stage_due_at', 'date_resolved', 'restriction_type'];

let browser: Browser;
let reference = '';
let admin: Page;
const contexts: BrowserContext[] = [];

/** The audit list filtered to complaints, the reviewed one's row visible. */
async function openComplaintEntries(page: Page): Promise<void> {
  await open(page, `${auditPath}?model=complaints.complaint`);
  await page
    .getByTestId('audit-table')
    .locator('tbody tr', { hasText: reference })
    .first()
    .waitFor({ state: 'visible' });
}

async function expectNoCodenames(page: Page): Promise<void> {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const codename of codenames) expect(text, codename).not.toContain(codename);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const trader = await signedInPage(browser, accounts.trader);
  contexts.push(trader.context);
  await open(trader.page, '/public/complaints');
  reference = await lodgeComplaint(trader.page, { brief: `Audited complaint ${Date.now().toString(36)}` });

  const superuser = await signedInPage(browser, accounts.admin);
  contexts.push(superuser.context);
  admin = superuser.page;
  await admin.setViewportSize({ width: 1366, height: 900 });
  await open(admin, '/auth/dashboard');
  await useAccountLanguage(admin, 'en');
});

afterAll(async () => {
  // The account is left speaking English, as the other specs expect it.
  if (admin) await useAccountLanguage(admin, 'en').catch(() => undefined);
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a review decision in the audit log', () => {
  it('the Kenyan regulator forwards the complaint in the review form', async () => {
    const regulator = await signedInPage(browser, accounts.regulator);
    contexts.push(regulator.context);
    await open(regulator.page, '/auth/manage/complaints?tab=queue');
    await regulator.page.getByTestId('queue-table').getByRole('link', { name: reference }).click();
    await expectHeading(regulator.page, `Complaint ${reference}`);
    await choose(regulator.page, 'Decision', 'Forward to the next stage');
    await regulator.page.locator('textarea[name="comments"]').fill(comments);
    await regulator.page.getByTestId('review-submit').click();
    await regulator.page.getByTestId('dialog-success').waitFor();
  });

  it('the audit viewer lists it with the model, the action and the record in words (en)', async () => {
    await open(admin, auditPath);
    await chooseOption(admin, admin.getByRole('combobox', { name: 'Model' }), 'Complaint', { exact: true });
    await admin.waitForURL((address) => address.searchParams.get('model') === 'complaints.complaint');
    const row = admin.getByTestId('audit-table').locator('tbody tr', { hasText: reference }).first();
    await row.waitFor({ state: 'visible' });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Forwarded');
    expect(text).toContain('Complaint');
    expect(text).toContain('regulator.ke@portal.example');
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-list-1366-dark-en');
    await screenshot(admin, 'audit-review-list-1366-light-en');
  });

  it('its entry shows who, and each changed field by name, old → new (en)', async () => {
    const row = admin.getByTestId('audit-table').locator('tbody tr', { hasText: reference }).first();
    await row.getByTestId('audit-open').click();
    const entry = admin.getByTestId('audit-entry');
    await entry.getByTestId('audit-diff').waitFor({ state: 'visible' });
    expect(await admin.getByRole('dialog').getByRole('heading').textContent()).toMatch(
      new RegExp(`^Forwarded: Complaint ${reference} \\(#\\d+\\)$`),
    );
    expect(await entry.textContent()).toContain('regulator.ke@portal.example');
    const status = entry.getByTestId('diff-status');
    expect(await status.getAttribute('data-changed')).toBe('true');
    expect(await status.textContent()).toMatch(/^Status\s*Changed\s*submitted\s*in_review$/);
    expect(await entry.getByTestId('diff-stage').textContent()).toMatch(
      /^Review stage\s*Changed\s*regulator\s*regional$/,
    );
    expect(await entry.getByTestId('diff-stage_due_at').textContent()).toMatch(/^Stage due\s*Changed/);
    expect(await entry.getByTestId('diff-comments').textContent()).toContain(comments);
    // The fields the decision did not change wait behind the switch.
    expect(await entry.getByTestId('diff-country_code').count()).toBe(0);
    await entry.getByRole('switch', { name: 'Show unchanged fields' }).check();
    expect(await entry.getByTestId('diff-country_code').textContent()).toMatch(/^Country\s*KE\s*KE$/);
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-entry-1366-dark-en');
    await screenshot(admin, 'audit-review-entry-1366-light-en');
    await admin.getByTestId('audit-entry-close').click();
    await entry.waitFor({ state: 'hidden' });
  });

  it("the dashboard's recent changes name it in words and link to it (en)", async () => {
    await open(admin, '/auth/dashboard');
    const change = admin.getByTestId('dashboard-change').filter({ hasText: reference }).first();
    await change.waitFor({ state: 'visible' });
    expect(await change.textContent()).toMatch(
      new RegExp(`^Forwarded Complaint ${reference} \\(#\\d+\\).*by .*regulator\\.ke@portal\\.example`),
    );
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-dashboard-1366-dark-en');
    await screenshot(admin, 'audit-review-dashboard-1366-light-en');
    await change.getByRole('link').click();
    await admin.waitForURL((address) => address.searchParams.get('model') === 'complaints.complaint');
    await admin.getByTestId('audit-table').locator('tbody tr', { hasText: reference }).first().waitFor();
  });

  it('the viewer, the entry and the dashboard speak French', { timeout: 180_000 }, async () => {
    await useAccountLanguage(admin, 'fr');
    await openComplaintEntries(admin);
    const row = admin.getByTestId('audit-table').locator('tbody tr', { hasText: reference }).first();
    expect(await row.textContent()).toContain('Transmise');
    expect(await row.textContent()).toContain('Plainte');
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-list-1366-dark-fr');
    await screenshot(admin, 'audit-review-list-1366-light-fr');

    await row.getByTestId('audit-open').click();
    const entry = admin.getByTestId('audit-entry');
    await entry.getByTestId('audit-diff').waitFor({ state: 'visible' });
    expect(await admin.getByRole('dialog').getByRole('heading').textContent()).toMatch(
      new RegExp(`^Transmise\\s:\\sPlainte ${reference} \\(#\\d+\\)$`),
    );
    expect(await entry.getByTestId('diff-status').textContent()).toMatch(/^Statut\s*Modifié/);
    expect(await entry.getByTestId('diff-stage').textContent()).toMatch(/^Étape d’examen\s*Modifié/);
    expect(await entry.getByTestId('diff-stage_due_at').textContent()).toMatch(/^Échéance de l’étape/);
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-entry-1366-dark-fr');
    await screenshot(admin, 'audit-review-entry-1366-light-fr');
    await admin.getByTestId('audit-entry-close').click();
    await entry.waitFor({ state: 'hidden' });

    await open(admin, '/auth/dashboard');
    const change = admin.getByTestId('dashboard-change').filter({ hasText: reference }).first();
    await change.waitFor({ state: 'visible' });
    expect(await change.textContent()).toMatch(new RegExp(`^Transmise Plainte ${reference}`));
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, 'audit-review-dashboard-1366-dark-fr');
    await screenshot(admin, 'audit-review-dashboard-1366-light-fr');
  });

  // Each language's three screens, each checked by axe in both themes: more than the default minute.
  it.each(['fr', 'en'] as const)('fits a 375 px phone (%s)', { timeout: 180_000 }, async (language) => {
    await admin.setViewportSize({ width: 375, height: 812 });
    await useAccountLanguage(admin, language);
    const words = language === 'fr' ? 'Transmise Plainte' : 'Forwarded Complaint';
    const change = admin.getByTestId('dashboard-change').filter({ hasText: reference }).first();
    await change.waitFor({ state: 'visible' });
    expect(await change.textContent()).toContain(`${words} ${reference}`);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(admin, `audit-review-dashboard-375-dark-${language}`);
    await screenshot(admin, `audit-review-dashboard-375-light-${language}`);

    await openComplaintEntries(admin);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(admin, `audit-review-list-375-dark-${language}`);
    await screenshot(admin, `audit-review-list-375-light-${language}`);
    const row = admin.getByTestId('audit-table').locator('tbody tr', { hasText: reference }).first();
    await row.getByTestId('audit-open').click();
    const entry = admin.getByTestId('audit-entry');
    await entry.getByTestId('audit-diff').waitFor({ state: 'visible' });
    expect(await entry.getByTestId('diff-stage').textContent()).toContain(
      language === 'fr' ? 'Étape d’examen' : 'Review stage',
    );
    await expectNoCodenames(admin);
    await expectAccessibleInBothThemes(admin, `audit-review-entry-375-dark-${language}`);
    await screenshot(admin, `audit-review-entry-375-light-${language}`);
    await admin.getByTestId('audit-entry-close').click();
    await entry.waitFor({ state: 'hidden' });
  });
});

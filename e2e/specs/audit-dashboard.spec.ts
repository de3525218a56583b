// Issue 6 items 7 and 8: an admin's change found in the audit log with its before and after, and the
// staff dashboard's queue counts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectAccessibleInBothThemes } from '../support/admin.js';
import { accounts, expectHeading, open, signIn } from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';

const name = `E2E audited policy ${Date.now().toString(36)}`;
const auditPath = '/auth/admin/audit-log';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(email: string, viewport: 'desktop' | 'phone'): Promise<Page> {
  const { context, page } = await newPage(browser, { viewport, colorScheme: 'light' });
  contexts.push(context);
  await signIn(page, email);
  // A full load: the host page then carries the session's CSRF value that callApi sends.
  await open(page, '/auth/dashboard');
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('Audit log', () => {
  let page: Page;
  let policyId: number;

  it("records the admin's change and finds it filtered by model and user, with before and after", async () => {
    page = await signedIn(accounts.admin, 'desktop');
    const created = await callApi(page, 'POST', '/admin/policies/', {
      name_en: name,
      name_fr: `${name} (fr)`,
      sort_order: 11,
    });
    expect(created.status).toBe(201);
    policyId = (created.body as { id: number }).id;
    const changed = await callApi(page, 'PUT', `/admin/policies/${policyId}/`, {
      name_en: name,
      name_fr: `${name} (fr)`,
      description_en: 'Now described.',
      sort_order: 12,
    });
    expect(changed.status).toBe(200);

    await open(page, auditPath);
    await expectHeading(page, 'Audit Log');
    await chooseOption(page, page.getByRole('combobox', { name: 'Model' }), 'Policy', { exact: true });
    await page.waitForURL((address) => address.searchParams.get('model') === 'restrictions.policy');
    await page.getByTestId('admin-search').fill(accounts.admin);
    await page.waitForURL((address) => address.searchParams.get('q') === accounts.admin);
    const rows = page.getByTestId('audit-table').locator('tbody tr', { hasText: name });
    await rows.nth(1).waitFor({ state: 'visible' });
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Changed');
    expect(await rows.last().textContent()).toContain('Created');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'audit-log-desktop');
  });

  it('shows the change field by field, the changed ones labelled', async () => {
    const row = page.getByTestId('audit-table').locator('tbody tr', { hasText: name }).first();
    await row.getByTestId('audit-open').click();
    const entry = page.getByTestId('audit-entry');
    await entry.getByTestId('audit-diff').waitFor({ state: 'visible' });
    const sortOrder = entry.getByTestId('diff-sort_order');
    expect(await sortOrder.getAttribute('data-changed')).toBe('true');
    expect(await sortOrder.textContent()).toMatch(/Sort order\s*Changed\s*11\s*12/);
    expect(await entry.getByTestId('diff-description_en').textContent()).toContain('Now described.');
    // Unchanged fields are hidden until asked for.
    expect(await entry.getByTestId('diff-name_en').count()).toBe(0);
    await entry.getByRole('switch', { name: 'Show unchanged fields' }).check();
    expect(await entry.getByTestId('diff-name_en').getAttribute('data-changed')).toBe('false');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'audit-log-entry-desktop');
    await page.getByTestId('audit-entry-close').click();
    await entry.waitFor({ state: 'hidden' });
  });

  it('keeps the filters in the address: a date range with no change shows the empty state', async () => {
    await page.getByTestId('filter-date_to').fill('2001-01-01');
    await page.waitForURL((address) => address.searchParams.get('date_to') === '2001-01-01');
    await page.getByText('No changes match these filters.').waitFor({ state: 'visible' });
    await page.goBack();
    await page.getByTestId('audit-table').locator('tbody tr', { hasText: name }).nth(1).waitFor();
  });

  it("shows the admin's dashboard with everyone's recent changes linked into the log", async () => {
    await open(page, '/auth/dashboard');
    const recent = page.getByTestId('dashboard-recent');
    await recent.getByText(name).first().waitFor({ state: 'visible' });
    expect(await recent.getByRole('heading').textContent()).toBe('Recent changes by staff');
    await recent
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    await page.waitForURL((address) => address.searchParams.get('object_id') === String(policyId));
    const rows = page.getByTestId('audit-table').locator('tbody tr', { hasText: name });
    await rows.nth(1).waitFor({ state: 'visible' });
    expect(await rows.count()).toBe(2);
    await callApi(page, 'DELETE', `/admin/policies/${policyId}/`);
  });

  it('is refused to staff who are not superusers', async () => {
    const editor = await signedIn(accounts.editor, 'desktop');
    const answer = await callApi(editor, 'GET', '/admin/audit-log/');
    expect(answer.status).toBe(403);
  });

  it('fits a phone', async () => {
    const phone = await signedIn(accounts.admin, 'phone');
    await open(phone, `${auditPath}?model=restrictions.policy`);
    await phone.getByTestId('audit-table').locator('tbody tr').first().waitFor({ state: 'visible' });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'audit-log-phone');
    await phone.getByTestId('audit-open').first().click();
    await phone.getByTestId('audit-diff').waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(phone);
    await screenshot(phone, 'audit-log-entry-phone');
  });
});

describe('Staff dashboard', () => {
  it("shows the regulator's queue counts, the same as the queue itself", async () => {
    const page = await signedIn(accounts.regulator, 'desktop');
    await open(page, '/auth/dashboard');
    const queue = page.getByTestId('dashboard-queue');
    await queue.waitFor({ state: 'visible' });
    const list = await callApi(page, 'GET', '/manage/complaints/queue/');
    const overdue = await callApi(page, 'GET', '/manage/complaints/queue/?overdue=true');
    const total = (list.body as { count: number }).count;
    const late = (overdue.body as { count: number }).count;
    expect(total).toBeGreaterThan(0);
    expect(await queue.getByTestId('queue-total').textContent()).toBe(
      `${total} complaint${total === 1 ? ' awaits' : 's await'} you`,
    );
    expect(await queue.getByTestId('queue-overdue').textContent()).toBe(`${late} overdue`);
    expect(await page.getByTestId('dashboard-recent').getByRole('heading').textContent()).toBe(
      'Your recent changes',
    );
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'dashboard-regulator-desktop');
    await queue.getByRole('link', { name: 'Open the queue' }).click();
    await page.waitForURL((address) => address.searchParams.get('tab') === 'queue');
  });

  it('fits a phone', async () => {
    const page = await signedIn(accounts.regulator, 'phone');
    await open(page, '/auth/dashboard');
    await page.getByTestId('dashboard-queue').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'dashboard-regulator-phone');
  });

  it("shows a client their own complaints' counts", async () => {
    const page = await signedIn(accounts.trader, 'desktop');
    await open(page, '/auth/dashboard');
    await page.getByTestId('dashboard-mine').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dashboard-queue').count()).toBe(0);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'dashboard-client-desktop');
  });
});

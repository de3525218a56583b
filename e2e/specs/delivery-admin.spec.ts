// Issue 31, items 2 and 4 (the web side): a mail fails for real (the server's SMTP points at a port
// where nothing listens, two attempts a second apart), the superuser sees it counted on the dashboard
// and listed on the Delivery screen with its error, starts nothing until an SMTP server listens on that
// port, resends it after confirming, and it arrives once. This spec runs a server of its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../../apps/server/src/test/mail-catcher.js';
import { expectAccessibleInBothThemes, switchTheme } from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, settled, signIn, useAccountLanguage } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { freePort, startPortal, type PortalServer } from '../support/server.js';

const deliveryPath = '/auth/admin/delivery';
const recipient = accounts.trader;

interface Item {
  id: number;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

let portal: PortalServer | undefined;
let smtpPort = 0;
let catcher: MailCatcher | undefined;
let browser: Browser;
let admin: Page;
const contexts: BrowserContext[] = [];

/** A full load of `path` on this spec's server, then the screen in place. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${portal!.baseUrl}${path}`);
  await settled(page);
}

/** Calls this spec's server's API as the page's user, with the page's CSRF value (as support/admin.ts callApi). */
async function callApi(page: Page, method: string, path: string, data?: unknown) {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  const response = await page.request.fetch(`${portal!.baseUrl}/api${path}`, {
    method,
    headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
    data,
  });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
}

/** The outbox rows to the trader, as the admin's API reads them. */
async function tradersMessages(status: string): Promise<Item[]> {
  const answer = await callApi(admin, 'GET', `/admin/delivery/?status=${status}&days=1`);
  expect(answer.status).toBe(200);
  return (answer.body as { results: Item[] }).results.filter((item) => item.recipient === recipient);
}

/** The screen at 1366 px and 375 px, light and dark: fits the phone, axe at zero, a screenshot of each. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await fitsWidth(page), `${name} at ${width} px`).toBe(true);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoAxeViolations(page);
      await screenshot(page, `${name}-${width}-${theme}`);
    }
    await switchTheme(page, 'light');
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

beforeAll(async () => {
  // Nothing listens here until the resend: every attempt is refused.
  smtpPort = await freePort();
  portal = await startPortal({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    DELIVERY_RETRY_LIMIT: '1',
    DELIVERY_RETRY_DELAY_SECONDS: '1',
    DELIVERY_RETRY_DELAY_MAX_SECONDS: '1',
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await catcher?.stop();
  await portal?.stop();
});

// Each test checks its screens at two widths in two themes (axe each time): more than the suite's minute.
describe('Delivery', { timeout: 240_000 }, () => {
  it('lists a mail the SMTP server never took as failed, with its error, and counts it on the dashboard', async () => {
    const visitor = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    contexts.push(visitor.context);
    await open(visitor.page, '/auth/register/reset');
    const reset = await callApi(visitor.page, 'POST', '/auth/register/reset/', { email: recipient });
    expect(reset.status).toBe(200);

    const signedIn = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    contexts.push(signedIn.context);
    admin = signedIn.page;
    await admin.setViewportSize({ width: 1366, height: 900 });
    await open(admin, '/auth/login');
    await signIn(admin, accounts.admin);
    await open(admin, '/auth/dashboard');
    // Two attempts a second apart, both refused: then the message is failed.
    await expect.poll(() => tradersMessages('failed'), { timeout: 60_000, interval: 500 }).toHaveLength(1);
    const [failed] = await tradersMessages('failed');
    expect(failed).toMatchObject({ attempts: 2 });
    expect(failed?.last_error).toContain('ECONNREFUSED');

    await open(admin, '/auth/dashboard');
    const figure = admin.getByTestId('dashboard-delivery');
    expect(await figure.getByTestId('delivery-failed-count').textContent()).toBe(
      '1 message could not be delivered',
    );
    await figure.getByRole('link', { name: 'Open the failed messages' }).click();
    await admin.waitForURL((address) => address.pathname === deliveryPath);
    await expectHeading(admin, 'Delivery');

    const item = admin.getByTestId('delivery-item').filter({ hasText: recipient });
    await item.waitFor({ state: 'visible' });
    expect(await admin.getByRole('tab', { name: 'Failed (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(await item.getByTestId('delivery-kind').textContent()).toBe('Password reset');
    expect(await item.getByTestId('delivery-attempts').textContent()).toBe('2');
    expect(await item.getByTestId('delivery-error').textContent()).toContain('ECONNREFUSED');
    for (const task of ['sessions', 'uploads', 'rate-limits', 'sms-log', 'outbox']) {
      const card = admin.getByTestId(`maintenance-${task}`);
      expect(await card.getByTestId('maintenance-next').textContent()).toMatch(/\d{4}/);
    }
    await checkWidths(admin, 'delivery-failed-en');
    await open(admin, '/auth/dashboard');
    await checkWidths(admin, 'dashboard-delivery-en');
  });

  it('speaks French', async () => {
    await useAccountLanguage(admin, 'fr');
    expect(await admin.getByTestId('delivery-failed-count').textContent()).toBe(
      '1 message n’a pas pu être remis',
    );
    await checkWidths(admin, 'dashboard-delivery-fr');
    await open(admin, deliveryPath);
    await expectHeading(admin, 'Envois');
    const item = admin.getByTestId('delivery-item').filter({ hasText: recipient });
    await item.waitFor({ state: 'visible' });
    expect(await admin.getByRole('tab', { name: 'En échec (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(await item.getByTestId('delivery-kind').textContent()).toBe('Réinitialisation du mot de passe');
    expect(await item.textContent()).toContain('Dernière erreur');
    expect(await admin.getByRole('heading', { name: 'Maintenance planifiée' }).isVisible()).toBe(true);
    await checkWidths(admin, 'delivery-failed-fr');
    await useAccountLanguage(admin, 'en');
  });

  it('resends the mail after a confirmation, and it arrives once', async () => {
    catcher = new MailCatcher();
    await catcher.start(smtpPort);
    await open(admin, deliveryPath);
    const resend = admin.getByRole('button', { name: `Resend the message to ${recipient}` });

    // Cancelled: nothing changes.
    await resend.click();
    const confirm = admin.getByTestId('dialog-confirm');
    expect(await confirm.textContent()).toContain(`to ${recipient} will be queued again`);
    await expectNoAxeViolations(admin);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await tradersMessages('failed')).toHaveLength(1);

    await resend.click();
    await confirm.getByRole('button', { name: 'Ok' }).click();
    const success = admin.getByTestId('dialog-success');
    expect(await success.textContent()).toContain('The message is queued again and will be sent shortly.');
    await success.getByRole('button', { name: 'Ok' }).click();
    await success.waitFor({ state: 'detached' });

    const mail = await catcher.waitFor(recipient, 30_000);
    expect(mail.subject).toMatch(/password/i);
    await expect.poll(() => tradersMessages('sent'), { timeout: 30_000 }).toHaveLength(1);
    // Nothing more comes: the job that delivered it was the only one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(catcher.messages.filter((message) => JSON.stringify(message.to).includes(recipient))).toHaveLength(
      1,
    );

    await open(admin, deliveryPath);
    await admin.getByTestId('delivery-empty').waitFor({ state: 'visible' });
    expect(await admin.getByRole('tab', { name: 'Failed (0)' }).isVisible()).toBe(true);
    await admin.getByTestId('delivery-tab-sent').click();
    await admin.waitForURL((address) => address.searchParams.get('tab') === 'sent');
    const sent = admin.getByTestId('delivery-item').filter({ hasText: recipient });
    await sent.waitFor({ state: 'visible' });
    expect(await sent.getByTestId('delivery-attempts').textContent()).toBe('3');
    await expectAccessibleInBothThemes(admin);
    await screenshot(admin, 'delivery-sent-en-1366-light');

    await open(admin, '/auth/dashboard');
    // The card reads its count after the dashboard's own data: waited for, not sampled at once.
    await admin.getByTestId('delivery-failed-none').waitFor({ state: 'visible' });
  });
});

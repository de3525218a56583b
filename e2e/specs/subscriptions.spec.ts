import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accounts, expectHeading, open, settled, uniqueEmail, url } from '../support/app.js';
import { callApi } from '../support/admin.js';
import { launchBrowser } from '../support/browser.js';
import { waitForMail, type CaughtMail } from '../support/mail.js';
import { applyLook, checkScreen, looks, pageAt } from './journey-steps.js';

/**
 * Issue 34, item 1 (the e-mail part): a visitor follows a restriction with "Follow", confirms the mailed
 * link, staff change the restriction, the alert arrives with the change and its RFC 8058 headers, and one
 * POST to its List-Unsubscribe address stops it: no mail after. The pages in en and fr, at 375 and
 * 1366 px, light and dark, with axe (WCAG 2.0, 2.1, 2.2 A and AA) at zero.
 */

let browser: Browser;
let restriction: { id: number; slug: string; title: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(url('/api/restrictions/?country=KE&page_size=1'))).json()) as {
    results: { id: number; slug: string; title: string }[];
  };
  restriction = list.results[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** Archives or restores the restriction as the superuser (a new version each time). */
async function setArchived(archived: boolean) {
  const { context, page } = await pageAt(browser, 1366, { email: accounts.admin });
  try {
    // A page loaded after the sign-in carries the session's CSRF value.
    await open(page, '/auth/dashboard');
    const answer = await callApi(
      page,
      'POST',
      `/admin/restrictions/${restriction.id}/${archived ? 'archive' : 'unarchive'}/`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  } finally {
    await context.close();
  }
}

const pathOf = (address: string) => {
  const parsed = new URL(address);
  return `${parsed.pathname}${parsed.search}`;
};

async function follow(page: Page, email: string) {
  await open(page, `/public/restriction/${restriction.slug}`);
  await page.getByTestId('follow-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'As it happens' }).click();
  await dialog.getByTestId('follow-email').fill(email);
  await dialog.getByTestId('follow-submit').click();
  await expect
    .poll(() => dialog.getByTestId('follow-outcome').textContent())
    .toBe('We have sent a link to this address. The alert starts once it is confirmed.');
}

describe('e-mail alerts', () => {
  const email = uniqueEmail('alerts');
  let confirmLink = '';
  let alert: CaughtMail;

  it('a visitor follows a restriction and confirms the mailed link', async () => {
    const { context, page } = await pageAt(browser, 1366);
    try {
      await follow(page, email);
      const mail = await waitForMail(email, 30_000, (one) => one.subject === 'Confirm your alert');
      expect(mail.listUnsubscribe).toBeNull();
      confirmLink = /https?:\/\/\S+\/public\/subscriptions\/confirm\?\S+/.exec(mail.text)![0];
      await open(page, pathOf(confirmLink));
      await expectHeading(page, 'Confirm your alert');
      await page.getByTestId('confirm-subscription').click();
      await expect
        .poll(() => page.getByTestId('confirm-subscription-outcome').textContent())
        .toBe('Your alert is confirmed.');
    } finally {
      await context.close();
    }
  });

  it('staff archive the followed restriction; the alert arrives with the change and RFC 8058 headers', async () => {
    await setArchived(true);
    try {
      // The immediate alerts run every minute.
      alert = await waitForMail(email, 150_000, (one) => one.subject === 'Alert: 1 change');
    } finally {
      await setArchived(false);
    }
    expect(alert.text).toContain(`Archived: ${restriction.title}`);
    expect(alert.text).toContain(`/public/restriction/${restriction.slug}`);
    expect(alert.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(new URL(alert.listUnsubscribe!).pathname).toBe('/api/subscriptions/unsubscribe/');
  }, 200_000);

  it('the manage page and the link pages, in every look', async () => {
    const manage = /https?:\/\/\S+\/public\/subscriptions\?\S+/.exec(alert.text)![0];
    const unsubscribe = /https?:\/\/\S+\/public\/subscriptions\/unsubscribe\?\S+/.exec(alert.text)![0];
    for (const look of looks) {
      const { context, page } = await pageAt(browser, look.width);
      try {
        await open(page, pathOf(manage));
        await applyLook(page, look);
        await page.getByTestId('subscription-list').waitFor();
        await checkScreen(page, 'subscriptions-manage', look);
        await open(page, pathOf(unsubscribe));
        await settled(page);
        await checkScreen(page, 'subscriptions-unsubscribe', look);
        await open(page, `/public/restriction/${restriction.slug}`);
        await page.getByTestId('follow-button').click();
        await page.getByRole('dialog').waitFor();
        await checkScreen(page, 'subscriptions-follow', look);
      } finally {
        await context.close();
      }
    }
  }, 300_000);

  it('one POST to the List-Unsubscribe address unsubscribes; no mail after', async () => {
    // The restoring after the alert above is a change of its own, mailed while still subscribed.
    await waitForMail(email, 150_000, (one) => one.text.includes(`Restored: ${restriction.title}`));
    const alertsTo = async () =>
      ((await (await fetch(inject('mailUrl'))).json()) as CaughtMail[]).filter(
        (one) => one.to.includes(email) && one.subject.startsWith('Alert'),
      ).length;
    const before = await alertsTo();
    const answer = await fetch(alert.listUnsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    // The link is used up: the subscription is gone.
    const again = await fetch(url(pathOf(alert.listUnsubscribe!)), { method: 'POST' });
    expect(again.status).toBe(404);
    await setArchived(true);
    await setArchived(false);
    // Two runs of the immediate alerts later, nothing more has arrived.
    await new Promise((resolve) => setTimeout(resolve, 130_000));
    expect(await alertsTo()).toBe(before);
  }, 400_000);
});

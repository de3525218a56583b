import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, expectHeading, open, settled, uniqueEmail, url } from '../support/app.js';
import { chooseOption, launchBrowser } from '../support/browser.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { applyLook, checkScreen, looks, lodgeByApi, pageAt, reviewByApi } from './journey-steps.js';

/**
 * Issue 33, item 1: the trader's path. A visitor reports a barrier from a restriction, signs up, follows
 * the mailed link in a new tab and lands back on the complaint form, filled from the restriction; finds
 * their complaints from the dashboard and the menus; reads a question and a rejection at the top of
 * their complaints; and is told when their session ended elsewhere. The tests run in order.
 */

const trader = {
  email: uniqueEmail('trader.journey'),
  password: 'Journey-Barrier-2026!',
  firstName: 'Amina',
};
const question = 'Please send the letter that refused the branch licence.';
const reason = 'The licence rule applies to every firm alike: it is not a barrier under the protocol.';

let browser: Browser;
/** A Kenyan restriction of the demo data. */
let restriction: { slug: string; title: string; country: { code: string; name: { en: string } } };
/** The trader's complaint that waits on their answer, and the one that was rejected. */
let waiting = { reference: '', slug: '', id: 0 };
let rejected = { reference: '', slug: '', id: 0 };

beforeAll(async () => {
  browser = await launchBrowser();
  const answer = await fetch(url('/api/restrictions/?country=KE&page_size=1'));
  const list = (await answer.json()) as { results: (typeof restriction)[] };
  restriction = list.results[0]!;
  expect(restriction?.slug).toBeTruthy();
});
afterAll(async () => {
  await browser?.close();
});

/** The y of an element's top on the page. */
async function topOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

describe("the trader's path", () => {
  it('"Report a barrier" → sign up → confirm in a new tab → complete registration → the complaint form, filled from the restriction', async () => {
    const { context, page } = await pageAt(browser, 1366);
    await open(page, `/public/restriction/${restriction.slug}`);
    await page.getByRole('link', { name: 'Report a barrier about this restriction' }).click();
    await page.getByTestId('complaint-sign-in').waitFor();
    expect(new URL(page.url()).searchParams.get('restriction')).toBe(restriction.slug);

    await page.getByTestId('complaint-sign-up-button').click();
    await expectHeading(page, 'Sign Up');
    const form = page.locator('main form');
    await form.getByRole('textbox', { name: 'First Name' }).fill(trader.firstName);
    await form.getByRole('textbox', { name: 'Last Name' }).fill('Wanjiru');
    await form.getByRole('textbox', { name: 'Email' }).fill(trader.email);
    await chooseOption(page, form.getByRole('combobox', { name: 'Country Of Residence' }), 'Kenya', {
      exact: true,
    });
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.getByTestId('register-sent').waitFor();

    // The mail's link opens in a new tab, as a mail client does: nothing of the first tab's session storage.
    const link = linkIn(await waitForMail(trader.email, 20_000), '/auth/register/confirm/');
    const tab = await context.newPage();
    await tab.goto(link);
    await expectHeading(tab, `Welcome, ${trader.firstName}!`);
    await tab.getByRole('textbox', { name: 'New Password' }).fill(trader.password);
    await tab.getByRole('textbox', { name: 'Confirm Password' }).fill(trader.password);
    await tab.locator('main').getByRole('button', { name: 'Complete registration' }).click();

    await expect.poll(() => new URL(tab.url()).pathname, { timeout: 30_000 }).toBe('/public/complaints');
    expect(new URL(tab.url()).searchParams.get('restriction')).toBe(restriction.slug);
    await tab.getByTestId('complaint-form').waitFor();
    await tab.getByTestId('complaint-prefilled').waitFor();
    const field = (name: string) => tab.getByRole('combobox', { name }).textContent();
    await expect
      .poll(() => field('Country Of Occurrence'), { timeout: 20_000 })
      .toBe(restriction.country.name.en);
    expect(await field('Type Of Restriction')).not.toMatch(/^\s*$/);
    expect(await field('Sector (optional)')).not.toBe('No sector');
    expect(await tab.getByTestId('restriction-link').textContent()).toContain(restriction.title);
    await context.close();
  }, 300_000);

  it('the dashboard offers "Lodge a complaint"; "My complaints" is in the account menu and the phone menu', async () => {
    const { context, page } = await pageAt(browser, 1366, trader);
    await open(page, '/auth/dashboard');
    await page.getByTestId('dashboard-lodge-complaint').click();
    await page.getByTestId('complaint-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/public/complaints');

    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-my-complaints').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), { timeout: 20_000 }).toBe('mine');
    expect(new URL(page.url()).pathname).toBe('/auth/manage/complaints');

    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, '/');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByTestId('phone-menu-myComplaints').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), { timeout: 20_000 }).toBe('mine');
    await settled(page);
    await context.close();

    // Staff lodge no complaints: neither the action nor the menu entry for them.
    const staff = await pageAt(browser, 1366, { email: accounts.regulator });
    await open(staff.page, '/auth/dashboard');
    expect(await staff.page.getByTestId('dashboard-lodge-complaint').count()).toBe(0);
    await staff.page.getByTestId('account-menu').click();
    await staff.page.getByRole('menu').waitFor();
    expect(await staff.page.getByTestId('account-my-complaints').count()).toBe(0);
    await staff.context.close();
  }, 300_000);

  it("a question waits at the top with the answer form; a rejection shows its reason, without a green check or 'Not yet resolved'", async () => {
    const { context, page } = await pageAt(browser, 375, trader);
    waiting = await lodgeByApi(page, `Branch licence refused ${Date.now().toString(36)}`);
    rejected = await lodgeByApi(page, `Work permits delayed ${Date.now().toString(36)}`);
    const reviewer = await pageAt(browser, 1366, { email: accounts.regulator });
    await reviewByApi(reviewer.page, waiting.id, 'request_info', question);
    await reviewByApi(reviewer.page, rejected.id, 'reject', reason);
    await reviewer.context.close();

    await open(page, `/public/complaints/${waiting.slug}`);
    await page.getByTestId('respond-form').waitFor();
    expect(await page.getByTestId('reviewer-question').textContent()).toContain(question);
    expect(await page.getByTestId('complaint-message').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain('Please wait');
    expect(await topOf(page, 'respond-section')).toBeLessThan(await topOf(page, 'fact-reference'));
    // The reference stays on one line in the title, even at 375 px.
    const referenceLines = await page
      .locator('main h1 span')
      .evaluate((span) => span.getClientRects().length);
    expect(referenceLines).toBe(1);
    expect(await page.locator('main h1 span').textContent()).toBe(waiting.reference);

    await open(page, `/public/complaints/${rejected.slug}`);
    const outcome = page.getByTestId('complaint-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-outcome')).toBe('rejected');
    expect(await page.getByTestId('complaint-reason').textContent()).toBe(reason);
    expect(await outcome.textContent()).toMatch(/^Rejected on /);
    expect(await page.locator('main .MuiAlert-colorSuccess').count()).toBe(0);
    expect(await page.locator('main [data-testid="CheckCircleOutlinedIcon"]').count()).toBe(0);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toContain('Date Resolved');
    expect(main).not.toContain('Not yet resolved');
    expect(main).toContain('Date Rejected');
    expect(await topOf(page, 'complaint-outcome')).toBeLessThan(await topOf(page, 'fact-reference'));
    await context.close();
  }, 300_000);

  it('a session ended in another tab: the next call says "Your session has expired. Please log into the portal." and the signed-in state is gone', async () => {
    const { context, page } = await pageAt(browser, 1366, trader);
    await open(page, '/auth/dashboard');
    const other: Page = await context.newPage();
    await open(other, '/auth/dashboard');
    await other.getByTestId('account-menu').click();
    await other.getByTestId('sign-out').click();
    await other.getByTestId('sign-in').waitFor();

    // The first tab still believes it is signed in, until its next call.
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-my-complaints').click();
    const dialog = page.getByTestId('dialog-error');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Your session has expired. Please log into the portal.');
    expect(await dialog.textContent()).not.toContain('Authentication credentials were not provided.');
    await dialog.getByRole('button').click();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    await context.close();
  }, 300_000);
});

describe("the trader's screens in en and fr, at 375 and 1366 px, light and dark: axe at zero", () => {
  it('dashboard, the filled complaint form, a complaint with a question, a rejected one, the phone menu', async () => {
    let context: BrowserContext | undefined;
    try {
      for (const width of [1366, 375] as const) {
        ({ context } = await pageAt(browser, width, trader));
        const page = context.pages()[0]!;
        for (const look of looks.filter((one) => one.width === width)) {
          await open(page, '/auth/dashboard');
          await applyLook(page, look);
          const lodge = page.getByTestId('dashboard-lodge-complaint');
          expect(await lodge.textContent()).toBe(
            look.lang === 'fr' ? 'Déposer une plainte' : 'Lodge a complaint',
          );
          await checkScreen(page, 'trader-dashboard', look);

          await open(page, `/public/complaints?restriction=${restriction.slug}`);
          await page.getByTestId('complaint-prefilled').waitFor();
          await checkScreen(page, 'trader-form-prefilled', look);

          await open(page, `/public/complaints/${waiting.slug}`);
          await page.getByTestId('respond-form').waitFor();
          await checkScreen(page, 'trader-complaint-question', look);

          await open(page, `/public/complaints/${rejected.slug}`);
          await page.getByTestId('complaint-outcome').waitFor();
          await checkScreen(page, 'trader-complaint-rejected', look);

          if (width === 375) {
            await page.getByTestId('open-navigation').click();
            await page.getByTestId('phone-menu-myComplaints').waitFor();
            await checkScreen(page, 'trader-phone-menu', look);
            await page.keyboard.press('Escape');
            await page.getByTestId('phone-menu').waitFor({ state: 'detached' });
          }
        }
        await context.close();
        context = undefined;
      }
    } finally {
      await context?.close();
    }
  }, 1_200_000);
});

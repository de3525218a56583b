import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProblems, launchBrowser, viewports } from '../support/browser.js';
import { settled, url } from '../support/app.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// The document's own 404 (a missing record) is reported as a failed resource: that is the point.
const pageProblems = (page: Page) => collectProblems(page, /status of 404/);

const mainHeading = (page: Page) => page.locator('main h1').first().innerText();

describe('server-rendered public pages', () => {
  it('reads pages and follows links with JavaScript off', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: viewports.phone,
      locale: 'en-GB',
    });
    const page = await context.newPage();
    const home = await page.goto(url('/'));
    expect(home?.status()).toBe(200);
    expect(await mainHeading(page)).toBe('Trade in services across the East African Community');
    // The home page's data came with it: its latest notifications are links.
    expect(await page.locator('main a[href^="/public/notifications"]').count()).toBeGreaterThan(0);

    // The header's links are real links (on a phone the menu button needs scripts; the home page's
    // shortcuts do not).
    await page.locator('main a[href="/public/browse"]').first().click();
    await page.waitForURL(/\/public\/browse$/);
    expect(await mainHeading(page)).toBe('Browse Restrictions');
    const first = page.locator('main a[href^="/public/restriction/"]').first();
    const title = (await first.innerText()).trim();
    expect(title.length).toBeGreaterThan(5);

    await first.click();
    await page.waitForURL(/\/public\/restriction\//);
    expect(await mainHeading(page)).toBe(title);
    expect(await page.title()).toBe(`${title} | Services Trade Portal`);

    const missing = await page.goto(url('/public/restriction/no-such-restriction'));
    expect(missing?.status()).toBe(404);
    expect(await mainHeading(page)).toBe('Restriction not found');
    await context.close();
  });

  it('hydrates the HTML it was sent, without warnings, then navigates in the page', async () => {
    // Nairobi's clock (UTC+3) while the server, knowing no zone yet, writes date-times in UTC: the page
    // must hydrate with the server's text and then show local time.
    const context = await browser.newContext({
      viewport: viewports.desktop,
      locale: 'en-GB',
      timezoneId: 'Africa/Nairobi',
    });
    const page = await context.newPage();
    const problems = pageProblems(page);
    for (const path of ['/public/browse', '/']) {
      // Hold the app's script until the server's heading has been noted: hydration keeps that element,
      // a render in the browser would replace it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/static/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url(path), { waitUntil: 'commit' });
      await page.locator('main h1').first().waitFor({ state: 'attached' });
      await page.evaluate(() => {
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('main h1');
      });
      release();
      await settled(page);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { serverHeading: Element | null }).serverHeading ===
            document.querySelector('main h1'),
        ),
        `${path}: the server's heading is the one on screen`,
      ).toBe(true);
      await page.unroute('**/static/assets/index-*.js');
    }

    // Navigation after hydration stays in the page (no new document) and shows the loading overlay's
    // screen change as before.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse Restrictions' })
      .click();
    await page.waitForURL(/\/public\/browse$/);
    await settled(page);
    await page.locator('main a[href^="/public/restriction/"]').first().click();
    await page.waitForURL(/\/public\/restriction\//);
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // A restriction opened as a first visit: its date-times hydrate, then read in Nairobi's time.
    const address = new URL(page.url()).pathname;
    await page.goto(url(address));
    await settled(page);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks French to a French browser on its first visit, and remembers a choice for the server', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, locale: 'fr-FR' });
    const page = await context.newPage();
    const problems = pageProblems(page);
    const response = await page.goto(url('/public/browse'));
    expect(await response?.text()).toContain('<html lang="fr"');
    await settled(page);
    expect(await mainHeading(page)).toBe('Parcourir les restrictions');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // The visitor picks English: the server renders their next page in English, whatever the browser says.
    await page.getByTestId('language-switch').click();
    await expect.poll(() => mainHeading(page)).toBe('Browse Restrictions');
    const next = await page.request.get(url('/public/indicators'), { headers: { 'accept-language': 'fr' } });
    expect(await next.text()).toContain('<html lang="en-GB"');
    expect(problems).toEqual([]);
    await context.close();
  });
});

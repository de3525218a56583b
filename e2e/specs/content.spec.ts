import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  screenshot,
  type viewports,
} from '../support/browser.js';
import { expectHeading, open, tableOverflow, url } from '../support/app.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type Scheme = 'light' | 'dark';
const schemes: Scheme[] = ['light', 'dark'];

/** Opens `path` at desktop and phone size in both themes: axe finds nothing, screenshots are taken. */
async function checkEveryLook(path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const colorScheme of schemes)
    for (const viewport of ['desktop', 'phone'] as (keyof typeof viewports)[]) {
      const { context, page } = await newPage(browser, { viewport, colorScheme });
      await open(page, path);
      await ready(page);
      await expectNoAxeViolations(page);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport === 'phone' ? 375 : 1280,
      );
      await screenshot(page, `content-${name}-${viewport}-${colorScheme}`);
      await context.close();
    }
}

/** Waits until the notifications table has no request in flight. */
async function listIdle(page: Page): Promise<void> {
  await page.locator('[data-testid="notifications-table"] table:not([aria-busy])').waitFor();
}

describe('notifications', () => {
  it('filters change the address and the results; a linkable detail shows every field', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/notifications');
    await expectHeading(page, 'Notifications');
    const rows = page.getByTestId('notification-link');
    await rows.first().waitFor();
    const total = await page.getByTestId('displayed-rows').textContent();

    await chooseOption(page, page.getByTestId('filter-country'), 'Kenya');
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBe('KE');
    await listIdle(page);
    await expect.poll(() => page.getByTestId('displayed-rows').textContent()).not.toBe(total);
    for (const reference of await rows.allTextContents()) expect(reference).toContain('/KE/');

    await chooseOption(page, page.getByTestId('filter-status'), 'In force');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_force');
    await listIdle(page);

    await page.getByTestId('filter-q').locator('input').fill('zzzznothing');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zzzznothing');
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.getByTestId('filter-from').locator('input').fill('2021-01-01');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2021-01-01');
    await listIdle(page);

    await rows.first().click();
    const dialog = page.getByTestId('notification-detail');
    await dialog.getByTestId('field-description').waitFor();
    const slug = new URL(page.url()).searchParams.get('notification');
    expect(slug).toBeTruthy();
    for (const label of [
      'Status',
      'Applicability',
      'Requirement',
      'Notification Date',
      'Reference',
      'Description Of Measure',
      'Indicator',
      'Country',
      'Sector',
    ])
      expect(await dialog.locator('dt').allTextContents()).toContain(label);
    await screenshot(page, 'content-notification-detail-desktop-light');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('notification')).toBeNull();
    expect(new URL(page.url()).searchParams.get('from')).toBe('2021-01-01');

    // The detail is linkable: the address alone opens it.
    await open(page, `/public/notifications?notification=${slug}`);
    await page.getByTestId('notification-detail').getByTestId('field-reference').waitFor();
    await context.close();
  });

  it('says what is wrong with filters typed into the address', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/public/notifications?from=2024-01-01&to=2023-01-01');
    expect(await page.getByTestId('filter-error').textContent()).toBe(
      'The end date must not be before the start date.',
    );
    await page.getByTestId('clear-filters').click();
    await page.getByTestId('notification-link').first().waitFor();
    await context.close();
  });

  it('fits a 320 px phone in French: a reference breaks after a slash, nothing scrolls sideways', async () => {
    const { context, page } = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, '/public/notifications');
    const reference = page.getByTestId('notification-link').first();
    await reference.waitFor();
    await listIdle(page);
    expect(await tableOverflow(page)).toBe(0);
    // The break opportunities change nothing in the text a reader or a search reads.
    expect(await reference.textContent()).toMatch(/^EAC\/NOT\/[A-Z]{2}\/\d{4}\/\d{3}$/);
    await context.close();
  });

  it('passes axe and looks right in both themes at both sizes', async () => {
    await checkEveryLook('/public/notifications', 'notifications', (page) =>
      page.getByTestId('notification-link').first().waitFor(),
    );
  });
});

describe('publications', () => {
  async function firstPublication(page: Page): Promise<string> {
    await open(page, '/public/about');
    const link = page.getByTestId('publication-list').getByRole('link').first();
    await link.waitFor();
    return (await link.getAttribute('href')) as string;
  }

  it('shows the metadata, the PDF in the page and a download that answers an attachment', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const path = await firstPublication(page);
    await page.getByTestId('publication-list').getByRole('link').first().click();
    await page.getByTestId('publication-meta').waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    const meta = await page.getByTestId('publication-meta').textContent();
    expect(meta).toContain('Authors');
    expect(meta).toContain('Published On');
    expect(meta).toMatch(/\.pdf \(\d+(\.\d)? KB\)/);

    const viewer = page.getByTestId('publication-viewer');
    const src = (await viewer.getAttribute('src')) as string;
    expect(src).toMatch(/^\/api\/publications\/[\w-]+\/file\/$/);
    const inline = await page.request.get(url(src));
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline;/);

    const href = (await page.getByTestId('publication-download').getAttribute('href')) as string;
    const download = await page.request.get(url(href));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"/);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('answers an unknown publication with a message in the page', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/public/publication/no-such-publication');
    await page.getByTestId('content-not-found').waitFor();
    expect(await page.getByTestId('content-not-found').textContent()).toContain(
      'There is no publication at this address.',
    );
    await context.close();
  });

  it('passes axe and looks right in both themes at both sizes', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const path = await firstPublication(page);
    await context.close();
    await checkEveryLook(path, 'publication', (p) => p.getByTestId('publication-meta').waitFor());
  });
});

describe('About Us and content pages', () => {
  it('renders the banner, the slides, the content, the publications and Updated On', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/about');
    await expectHeading(page, 'About Us');
    const banner = page.getByTestId('page-banner');
    expect(await banner.getAttribute('data-attachment')).toBe('fixed');
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundAttachment)).toContain('fixed');
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(
      /url\(".*\/api\/pages\/about\/banner\/\?v=\d+"\)/,
    );
    const slideshow = page.getByTestId('slideshow');
    expect(await slideshow.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await slideshow.getByTestId('slide').count()).toBe(3);
    const visible = () => slideshow.locator('[data-testid="slide"]:not([hidden])').getAttribute('aria-label');
    expect(await visible()).toBe('Picture 1 of 3');
    await slideshow.getByTestId('slides-next').click();
    expect(await visible()).toBe('Picture 2 of 3');
    await slideshow.getByTestId('slides-pause').click();
    expect(await slideshow.getByTestId('slides-pause').getAttribute('aria-label')).toBe('Play the slideshow');
    const image = await page.request.get(
      url((await slideshow.locator('img').first().getAttribute('src')) as string),
    );
    expect(image.headers()['content-type']).toBe('image/svg+xml');
    expect(await page.getByTestId('page-content').locator('h2').first().textContent()).toBe(
      'The Services Trade Portal',
    );
    expect(await page.getByTestId('updated-on').textContent()).toMatch(/^Updated On \w+ \d+\w\w, \d{4}$/);
    expect(await page.getByTestId('publication-list').getByRole('link').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('never moves the slides on its own for a visitor who asked for reduced motion', async () => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await open(page, '/public/about');
    const pause = page.getByTestId('slides-pause');
    expect(await pause.getAttribute('aria-label')).toBe('Play the slideshow');
    await context.close();
  });

  it('shows a content page by slug and a not-found message for an unknown one', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/public/page/privacy');
    await page.getByTestId('content-page').waitFor();
    expect(await page.getByTestId('page-banner').getAttribute('data-attachment')).toBe('scroll');
    await open(page, '/public/page/no-such-page');
    await page.getByTestId('content-not-found').waitFor();
    await expectHeading(page, 'Page not found');
    await context.close();
  });

  it('passes axe and looks right in both themes at both sizes', async () => {
    await checkEveryLook('/public/about', 'about', (page) =>
      page.getByTestId('publication-list').getByRole('link').first().waitFor(),
    );
  });
});

describe('SMS how-to', () => {
  it("shows a country's number, keyword and instructions, remembered in the address", async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/about/sms-how-to');
    await chooseOption(page, page.getByTestId('sms-country'), 'Kenya');
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBe('KE');
    expect(await page.getByTestId('sms-number').textContent()).toBe('20547');
    expect(await page.getByTestId('sms-keyword').textContent()).toBe('NTB');
    expect(await page.getByTestId('sms-instructions').textContent()).toMatch(/^Send NTB followed by/);
    expect(await page.getByTestId('sms-examples').textContent()).toContain('NTB <your message>');
    expect(await page.getByTestId('sms-examples').textContent()).toContain('STATUS <reference>');

    await open(page, '/public/about/sms-how-to?country=BI');
    expect(await page.getByTestId('sms-inactive').textContent()).toContain(
      'This country has not yet activated/installed the SMS reporting functionality',
    );
    expect(await page.getByTestId('sms-number').count()).toBe(0);
    await context.close();
  });

  it('shows French labels and instructions after switching language', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/public/about/sms-how-to?country=KE');
    await page.getByTestId('language-switch').click();
    await expectHeading(page, 'Signaler un obstacle par SMS');
    await expect.poll(() => page.getByTestId('sms-instructions').textContent()).toMatch(/^Envoyez NTB/);
    expect(await page.getByTestId('sms-examples').textContent()).toContain('NTB <votre message>');
    await open(page, '/public/about/sms-how-to?country=SO');
    expect(await page.getByTestId('sms-inactive').textContent()).toContain(
      "Ce pays n'a pas encore activé/installé la fonctionnalité de signalement par SMS",
    );
    await open(page, '/public/notifications');
    await expectHeading(page, 'Notifications');
    expect(await page.locator('#notification-search').getAttribute('placeholder')).toBe(
      'Référence, description, exigence',
    );
    await open(page, '/public/about');
    await expectHeading(page, 'À propos');
    await expect.poll(() => page.getByTestId('updated-on').textContent()).toMatch(/^Mis à jour le/);
    await context.close();
  });

  it('passes axe and looks right in both themes at both sizes', async () => {
    await checkEveryLook('/public/about/sms-how-to?country=KE', 'sms', (page) =>
      page.getByTestId('sms-number').waitFor(),
    );
  });
});

describe('narrow phones', () => {
  it('every content screen fits 320 px without sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'en-GB' });
    const page = await context.newPage();
    for (const [path, ready] of [
      ['/public/notifications', 'notification-link'],
      ['/public/about', 'publication-list'],
      ['/public/about/sms-how-to?country=KE', 'sms-number'],
      ['/public/about/sms-how-to?country=SO', 'sms-inactive'],
    ] as const) {
      await open(page, path);
      await page.getByTestId(ready).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';
import {
  accounts,
  bodyBackground,
  darkBackground,
  lightBackground,
  open,
  settled,
  signIn,
  url,
} from '../support/app.js';

// A screen chunk that every build has: the login screen's.
const screenChunk = '**/static/assets/login-screen-*.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('public shell, signed out', () => {
  it('shows the home screen with the visitor header and the public navigation', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Services Trade Portal');
    // Nothing the page asks for is missing: its icon included (without one, browsers ask for /favicon.ico).
    expect(failed).toEqual([]);
    const icon = await page.request.get(url((await page.locator('link[rel="icon"]').getAttribute('href'))!));
    expect([icon.status(), icon.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toBe('Sign in');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Browse Restrictions',
      'Sectors',
      'Notifications',
      'Indicators',
      'Publications',
      'Complaints',
      'About',
      'SMS',
    ]);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });

  /** Each preloaded address went out exactly once (a preload the page could not use goes out again). */
  const expectEachOnce = (requested: string[], preloaded: string[], path: string) => {
    for (const address of preloaded)
      expect(
        requested.filter((request) => request === address),
        `${path}: ${address}`,
      ).toHaveLength(1);
  };

  it("uses the host page's preloads for a visitor's first API reads and screen chunks: each fetched once", async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    const list = (await (await page.request.get(url('/api/restrictions/?page_size=1'))).json()) as {
      results: { slug: string }[];
    };
    const slug = list.results[0]!.slug;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    // Each screen: its own API read (which the server-rendered page carries), and its chunk when the
    // host page preloads its chunks.
    for (const [path, screenRead, screenChunk] of [
      ['/', '/api/home/', /\/home-screen-[\w-]+\.js$/],
      ['/public/browse', '/api/restrictions/', null],
      [`/public/restriction/${slug}`, '/api/restrictions/', /\/restriction-screen-[\w-]+\.js$/],
    ] as const) {
      const reads: string[] = [];
      const chunks: string[] = [];
      const listen = (request: { url: () => string }) => {
        const address = new URL(request.url());
        if (address.pathname.startsWith('/api/')) reads.push(address.pathname + address.search);
        if (address.pathname.includes('/assets/')) chunks.push(address.pathname);
      };
      page.on('request', listen);
      const host = await page.goto(url(path));
      await settled(page);
      await page.waitForLoadState('networkidle');
      page.off('request', listen);
      const html = (await host?.text()) ?? '';
      const preloads = [...html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]*)"/g)].map(
        (match) => match[1]!.replace(/&amp;/g, '&'),
      );
      const chunkPreloads = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]*)"/g)].map(
        (match) => match[1]!,
      );
      // The server rendered the screen with its data (docs/decisions.md, "Server rendering"): its own
      // read is neither preloaded nor asked for. The startup calls are preloaded and no URL went out
      // twice (a preload the app's call could not use would be fetched again).
      expect(
        preloads.some((preload) => preload.startsWith(screenRead)),
        path,
      ).toBe(false);
      expect(preloads, path).toEqual(['/api/cache/constants/', '/api/pages/sectors/all_sectors/']);
      expectEachOnce(reads, preloads, path);
      expect(
        reads.filter((read) => read.startsWith(screenRead)),
        path,
      ).toEqual([]);
      // The screen's chunks: its own is among them and is the one the lazy route loads (a preload at
      // another address would leave it loaded twice), and each preloaded chunk is loaded once.
      if (screenChunk) {
        const own = chunkPreloads.filter((chunk) => screenChunk.test(chunk));
        expect(own, path).toHaveLength(1);
        expect(
          chunks.filter((loaded) => screenChunk.test(loaded)),
          path,
        ).toEqual(own);
        expectEachOnce(chunks, chunkPreloads, path);
      } else expect(chunkPreloads, path).toEqual([]);
    }
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('answers an unmatched path with the "You\'re lost" screen and a 404 status', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    const host = await page.goto(url('/no/such/page'));
    expect(host?.status()).toBe(404);
    await settled(page);
    const notFound = page.getByTestId('not-found');
    expect(await notFound.getByRole('heading', { level: 1 }).textContent()).toBe("You're lost");
    expect(await notFound.textContent()).toContain('The page you are looking for could not be found');
    // Said once: the spec's whole text is the page's description, not a second "You're lost" on screen.
    expect((await notFound.innerText()).match(/You're lost/g)).toHaveLength(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      "You're lost. The page you are looking for could not be found",
    );
    expect(await page.title()).toContain("You're lost");
    await notFound.getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shows the chunk error, with the reason and the address, and loads the screen on retry', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await page.route(screenChunk, (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto(url('/auth/login'));
    const chunkError = page.getByTestId('chunk-error');
    await chunkError.waitFor({ state: 'visible' });
    expect(await chunkError.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page could not be loaded',
    );
    expect(await chunkError.textContent()).toMatch(
      /A part of the page failed to load \(missing: http:\/\/127\.0\.0\.1:\d+\/static\/assets\/login-screen-[\w-]+\.js\)\./,
    );
    // The layout stays around the failed screen.
    expect(await page.getByTestId('language-switch').isVisible()).toBe(true);

    await page.unroute(screenChunk);
    await page.getByTestId('retry').click();
    await settled(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
    await context.close();
  });

  it('shows the chunk error for a chunk the network refused', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await page.route(screenChunk, (route) => route.abort());
    await page.goto(url('/auth/login'));
    await page.getByTestId('chunk-error').waitFor({ state: 'visible' });
    expect(await page.getByTestId('chunk-error').textContent()).toMatch(
      /failed to load \(\w+: http:\/\/127\.0\.0\.1:\d+\/static\/assets\/login-screen-[\w-]+\.js\)/,
    );
    expect(await page.getByTestId('retry').isVisible()).toBe(true);
    await context.close();
  });

  it('covers the screen with the loading overlay while a screen loads, and removes it after', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/');
    const overlay = page.getByTestId('loading-overlay');
    expect(await overlay.isVisible()).toBe(false);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(screenChunk, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByTestId('sign-in').click();
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.getByRole('status').textContent()).toBe(
      'Please wait for the page fragments to load.',
    );
    release();
    await settled(page);
    expect(await overlay.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });

  it("keeps a visitor's theme and language choices across a reload", async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/');
    expect(await bodyBackground(page)).toBe(lightBackground);
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => bodyBackground(page)).toBe(darkBackground);

    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toBe('Se connecter');

    await page.reload();
    await settled(page);
    expect(await bodyBackground(page)).toBe(darkBackground);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(
      await page.getByRole('navigation', { name: 'Principale' }).getByRole('link').first().textContent(),
    ).toBe('Accueil');
    await context.close();
  });

  it("fits the visitor's header on a 320 px phone in French: the name clear of the controls, Sign in an icon with its name", async () => {
    const { context, page } = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, '/');
    const brand = page.getByRole('banner').getByRole('link', { name: 'Portail du commerce des services' });
    // No word of the name runs out of its box (under the language switch).
    expect(await brand.evaluate((link) => link.scrollWidth - link.clientWidth)).toBe(0);
    const brandBox = (await brand.boundingBox())!;
    const languageBox = (await page.getByTestId('language-switch').boundingBox())!;
    expect(brandBox.x + brandBox.width).toBeLessThanOrEqual(languageBox.x);
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Se connecter' });
    expect(await signIn.isVisible()).toBe(true);
    expect((await signIn.boundingBox())!.width).toBeLessThan(56);
    await signIn.click();
    await page.waitForURL(url('/auth/login'));
    await context.close();
  });

  it("keeps the account button's place while its chunk loads: the theme switch does not move", async () => {
    const { context, page } = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'light' });
    await signIn(page, accounts.trader);
    // A fresh page whose account menu chunk is held back until the header has been measured.
    const held: (() => Promise<void>)[] = [];
    await page.route('**/static/assets/account-menu-*.js', (route) => {
      held.push(() => route.continue());
    });
    await page.reload();
    await page.getByTestId('account-menu-place').waitFor({ state: 'attached' });
    const before = (await page.getByTestId('theme-switch').boundingBox())!;
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.map((release) => release()));
    await page.getByTestId('account-menu').waitFor();
    const menu = (await page.getByTestId('account-menu').boundingBox())!;
    expect(await page.getByTestId('theme-switch').boundingBox()).toEqual(before);
    expect([menu.width, menu.height]).toEqual([40, 40]);
    await context.close();
  });

  it('serves the host page for deep links and JSON 404 for unknown API paths', async () => {
    const response = await fetch(url('/public/browse/legal-services'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-csrf="');
    const api = await fetch(url('/api/no-such-thing/'));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });
});

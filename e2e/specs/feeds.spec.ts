import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, settled, url } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { applyLook, checkScreen, lookName, looks, pageAt, type Look } from './journey-steps.js';

/**
 * Issue 34, item 1 (the Atom part): a browse filter and a partner state's notifications each have an
 * Atom feed, named by a `<link rel="alternate" type="application/atom+xml">` in the page's head (in the
 * server's HTML too) and by a visible "Atom feed" link; the feed is valid XML in the page's language and
 * its entries open their pages. Every screen in en and fr, at 375 and 1366 px, light and dark, with axe
 * (WCAG 2.0, 2.1, 2.2 A and AA) at zero.
 */

const texts = {
  en: {
    feed: 'Atom feed',
    browseTitle: 'Changes to the restrictions of these filters (Atom)',
    notificationsTitle: 'Notifications: Kenya (Atom)',
  },
  fr: {
    feed: 'Flux Atom',
    browseTitle: 'Modifications des restrictions de ces filtres (Atom)',
    notificationsTitle: 'Notifications\u202f: Kenya (Atom)',
  },
} as const;

const browseFilter = 'country=KE&mode_of_supply=mode_3';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's feed links in its head: resolved address and title. */
const headFeeds = (page: Page) =>
  page
    .locator('head link[rel="alternate"][type="application/atom+xml"]')
    .evaluateAll((links) =>
      links.map((link) => ({ href: (link as HTMLLinkElement).href, title: link.getAttribute('title') })),
    );

interface ParsedFeed {
  lang: string | null;
  title: string;
  entries: { title: string; link: string }[];
}

/** The feed read and parsed by the browser's XML parser (null when it is not well-formed Atom). */
async function readFeed(page: Page, address: string): Promise<ParsedFeed | null> {
  const answer = await fetch(address);
  expect(answer.status, address).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await answer.text();
  return page.evaluate((source) => {
    const atom = 'http://www.w3.org/2005/Atom';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const root = doc.documentElement;
    if (doc.getElementsByTagName('parsererror').length > 0 || root.namespaceURI !== atom) return null;
    const own = (element: Element, name: string) =>
      [...element.children].find((child) => child.localName === name && child.namespaceURI === atom);
    return {
      lang: root.getAttribute('xml:lang'),
      title: own(root, 'title')?.textContent ?? '',
      entries: [...root.children]
        .filter((child) => child.localName === 'entry')
        .map((entry) => ({
          title: own(entry, 'title')?.textContent ?? '',
          link:
            [...entry.children]
              .find((child) => child.localName === 'link' && child.getAttribute('rel') === 'alternate')
              ?.getAttribute('href') ?? '',
        })),
    };
  }, xml);
}

/** The head's feed link (the server's HTML and the running app's), and the visible link to the same feed. */
async function checkFeedLinks(page: Page, look: Look, feedPath: string, title: string, pagePath: string) {
  const feedUrl = url(feedPath);
  await expect.poll(() => headFeeds(page)).toEqual([{ href: feedUrl, title }]);
  const visible = page.getByTestId('feed-link');
  expect(await visible.textContent()).toBe(texts[look.lang].feed);
  expect(await visible.evaluate((link) => (link as HTMLAnchorElement).href)).toBe(feedUrl);
  // A reader without scripts (a feed reader looking for the feed) gets the same link in the HTML (asked
  // again while the server is busy rendering other pages and leaves this one to the browser).
  const serverLink = `<link rel="alternate" type="application/atom+xml" title="${title}" href="${feedUrl.replaceAll('&', '&amp;')}">`;
  await expect
    .poll(async () => (await (await fetch(url(`${pagePath}&lang=${look.lang}`))).text()).includes(serverLink))
    .toBe(true);
  return feedUrl;
}

describe('Atom feeds (issue 34, item 1)', () => {
  for (const look of looks) {
    const t = texts[look.lang];

    it(
      `browse: a filter's feed in the head and on screen, valid, its entries open (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const { context, page } = await pageAt(browser, look.width);
        await open(page, `/public/browse?${browseFilter}`);
        await applyLook(page, look);
        const pagePath = `/public/browse?${browseFilter}`;
        const feedPath = `/api/feeds/restrictions/?${browseFilter}&lang=${look.lang}`;
        const feedUrl = await checkFeedLinks(page, look, feedPath, t.browseTitle, pagePath);
        await checkScreen(page, 'feeds-browse', look);

        const feed = await readFeed(page, feedUrl);
        expect(feed).not.toBeNull();
        expect(feed!.lang).toBe(look.lang);
        expect(feed!.entries.length).toBeGreaterThan(0);
        // Every entry is of a restriction the filter selects; the first few open their pages.
        const slugs = [
          ...new Set(feed!.entries.map((entry) => /\/public\/restriction\/([^?]+)/.exec(entry.link)![1]!)),
        ];
        for (const slug of slugs) {
          const detail = (await (await fetch(url(`/api/restrictions/${slug}/`))).json()) as {
            country: { code: string };
            modes_of_supply: string[];
            title: string;
            title_fr: string | null;
          };
          expect(detail.country.code).toBe('KE');
          expect(detail.modes_of_supply).toContain('mode_3');
        }
        for (const entry of feed!.entries.slice(0, 2)) {
          await page.goto(entry.link);
          await settled(page);
          const slug = /\/public\/restriction\/([^?]+)/.exec(entry.link)![1]!;
          const detail = (await (await fetch(url(`/api/restrictions/${slug}/`))).json()) as {
            title: string;
            title_fr: string | null;
          };
          const shown = look.lang === 'fr' && detail.title_fr?.trim() ? detail.title_fr : detail.title;
          expect(await page.locator('main h1').textContent()).toContain(shown);
          expect(entry.title).toContain(shown);
        }
        await context.close();
      },
    );

    it(
      `notifications: a partner state's feed in the head and on screen, valid, its entries open (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/public/notifications?country=KE');
        await applyLook(page, look);
        const feedPath = `/api/feeds/notifications/?country=KE&lang=${look.lang}`;
        const pagePath = '/public/notifications?country=KE';
        const feedUrl = await checkFeedLinks(page, look, feedPath, t.notificationsTitle, pagePath);
        await checkScreen(page, 'feeds-notifications', look);

        const feed = await readFeed(page, feedUrl);
        expect(feed).not.toBeNull();
        expect(feed!.lang).toBe(look.lang);
        expect(feed!.entries.length).toBeGreaterThan(0);
        for (const entry of feed!.entries.slice(0, 2)) {
          const reference = entry.title.split(/\u202f?:/)[0]!;
          expect(reference).toMatch(/^EAC\/NOT\/KE\//);
          await page.goto(entry.link);
          await settled(page);
          await expect
            .poll(() => page.getByTestId('notification-detail').locator('#notification-title').textContent())
            .toBe(reference);
        }
        await context.close();
      },
    );
  }
});

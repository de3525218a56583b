import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, settled, url } from '../support/app.js';
import { chooseOption, expectNoAxeViolations, launchBrowser } from '../support/browser.js';
import { applyLook, checkScreen, lookName, looks, pageAt, type Look } from './journey-steps.js';

/**
 * Issue 33, item 3: findable content. The menu leads to the publications list (filtered by year and type,
 * as a plain GET form without JavaScript too) and to the public complaints list, whose rows open each
 * complaint's public view; the complaint wall offers the list and SMS reporting; "All publications" leads
 * to the list; the home figures link to the views they count. Every screen in en and fr, at 375 and
 * 1366 px, light and dark, with axe (WCAG 2.0, 2.1, 2.2 A and AA, label in name) at zero.
 */

interface Publication {
  slug: string;
  title: { en: string; fr: string };
  published_on: string;
  type: string;
}

const texts = {
  en: {
    publications: 'Publications',
    complaints: 'Complaints',
    year: 'Year',
    type: 'Type',
    guide: 'Guide',
    allPublications: 'All publications',
    allComplaints: 'All complaints',
    complaintTitle: 'Complaint',
    sms: 'how to report by SMS',
    seeList: 'See the registered complaints',
  },
  fr: {
    publications: 'Publications',
    complaints: 'Plaintes',
    year: 'Année',
    type: 'Type',
    guide: 'Guide',
    allPublications: 'Toutes les publications',
    allComplaints: 'Toutes les plaintes',
    complaintTitle: 'Plainte',
    sms: 'comment signaler par SMS',
    seeList: 'Voir les plaintes enregistrées',
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(url(`/api${path}`));
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

/** The public menu's item: the header's navigation from 900 px, the phone menu below. */
async function openFromMenu(page: Page, look: Look, key: string, name: string): Promise<void> {
  if (look.width < 900) {
    await page.getByTestId('open-navigation').click();
    const item = page.getByTestId(`phone-menu-${key}`);
    expect(await item.textContent()).toBe(name);
    await item.click();
  } else {
    await page.locator('header nav').getByRole('link', { name, exact: true }).click();
  }
  await settled(page);
}

const path = (page: Page) => new URL(page.url()).pathname;
const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const itemTitles = (page: Page) => page.getByTestId('publication-item').locator('a').allTextContents();

describe('findable content (issue 33, item 3)', () => {
  for (const look of looks) {
    const t = texts[look.lang];

    it(
      `publications: the menu, filters by year and type, a publication and "All publications" (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const all = await api<Publication[]>('/publications/');
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/');
        await applyLook(page, look);
        await openFromMenu(page, look, 'publications', t.publications);
        expect(path(page)).toBe('/public/publications');
        expect(await page.locator('main h1').textContent()).toBe(t.publications);
        expect(await itemTitles(page)).toEqual(all.map((item) => item.title[look.lang]));
        await checkScreen(page, 'publications', look);

        await chooseOption(page, page.getByRole('combobox', { name: t.year }), '2024', { exact: true });
        await expect.poll(() => query(page, 'year')).toBe('2024');
        const of2024 = await api<Publication[]>('/publications/?year=2024');
        expect(of2024.length).toBeGreaterThan(1);
        await expect.poll(() => itemTitles(page)).toEqual(of2024.map((item) => item.title[look.lang]));
        await chooseOption(page, page.getByRole('combobox', { name: t.type }), t.guide, { exact: true });
        await expect.poll(() => query(page, 'type')).toBe('guide');
        const guides = await api<Publication[]>('/publications/?year=2024&type=guide');
        expect(guides.length).toBeGreaterThan(0);
        expect(guides.length).toBeLessThan(of2024.length);
        await expect.poll(() => itemTitles(page)).toEqual(guides.map((item) => item.title[look.lang]));
        await checkScreen(page, 'publications-filtered', look);

        await page.getByTestId('publication-item').first().locator('a').click();
        await expect.poll(() => path(page)).toBe(`/public/publication/${guides[0]!.slug}`);
        await settled(page);
        expect(await page.locator('main h1').textContent()).toBe(guides[0]!.title[look.lang]);
        await page.getByRole('link', { name: t.allPublications, exact: true }).click();
        await expect.poll(() => path(page)).toBe('/public/publications');
        await settled(page);
        await context.close();
      },
    );

    it(
      `complaints: the menu, a row's public view, and the wall's list and SMS links (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const listed = await api<{
          count: number;
          results: { reference: string; public_summary: string | null }[];
        }>('/complaints/public/?sort=-submitted_at');
        const first = listed.results[0]!;
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/');
        await applyLook(page, look);
        await openFromMenu(page, look, 'complaints', t.complaints);
        expect(path(page)).toBe('/public/complaints/list');
        expect(await page.locator('main h1').textContent()).toBe(t.complaints);
        await page.getByTestId('complaint-link').first().waitFor();
        await checkScreen(page, 'complaints-list', look);

        const link = page.getByTestId('complaint-link').first();
        expect(await link.textContent()).toBe(first.reference);
        await link.click();
        await expect.poll(() => path(page)).toBe(`/public/complaints/${first.reference}`);
        await settled(page);
        const view = page.getByTestId('public-complaint');
        expect(await page.locator('main h1').textContent()).toBe(`${t.complaintTitle} ${first.reference}`);
        // The reviewed summary, or the note that there is none yet: never the applicant's brief description.
        const summary = view.getByTestId(first.public_summary ? 'public-summary' : 'no-summary');
        expect(await summary.count()).toBe(1);
        await checkScreen(page, 'complaint-public', look);
        await view.getByRole('link', { name: t.allComplaints, exact: true }).click();
        await expect.poll(() => path(page)).toBe('/public/complaints/list');
        await settled(page);

        // The wall: a visitor at the complaint form.
        await open(page, '/public/complaints');
        await page.getByTestId('complaint-sign-in').waitFor();
        const sms = page.getByTestId('wall-sms').getByRole('link', { name: t.sms, exact: true });
        expect(await sms.getAttribute('href')).toBe('/public/about/sms-how-to');
        await checkScreen(page, 'complaint-wall', look);
        await page.getByRole('link', { name: t.seeList, exact: true }).click();
        await expect.poll(() => path(page)).toBe('/public/complaints/list');
        await settled(page);
        await open(page, '/public/complaints');
        await page.getByTestId('wall-sms').getByRole('link', { name: t.sms, exact: true }).click();
        await expect.poll(() => path(page)).toBe('/public/about/sms-how-to');
        await context.close();
      },
    );

    it(
      `the home figures lead to the views they count (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const home = await api<{ figures: Record<string, number> }>('/home/');
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/');
        await applyLook(page, look);
        const year = new Date().getUTCFullYear();
        const expected: Record<string, string> = {
          restrictions_in_force: '/public/browse?status=in_force',
          partner_states: '/#home-countries',
          sectors_covered: '/public/page/sectors',
          notifications_this_year: `/public/notifications?from=${year}-01-01`,
          complaints_resolved: '/public/complaints/list?status=resolved',
        };
        for (const [key, href] of Object.entries(expected)) {
          const figure = page.getByTestId(`figure-link-${key}`);
          await figure.waitFor();
          expect(await figure.getAttribute('href'), key).toBe(href);
          // Its name is the number it shows and what it counts.
          const label = (await page.getByTestId(`figure-${key}`).locator('dt').textContent()) ?? '';
          const shown = (await figure.textContent()) ?? '';
          expect(await figure.evaluate((element) => element.getAttribute('aria-labelledby'))).toBe(
            `figure-value-${key} figure-label-${key}`,
          );
          expect(label).not.toBe('');
          expect(shown.replace(/\D/g, '')).toBe(String(home.figures[key]));
        }
        await checkScreen(page, 'home-figures', look);

        // What each view counts is the figure (the views' own reads).
        const inForce = await api<{ count: number }>('/restrictions/?status=in_force&page_size=1');
        expect(inForce.count).toBe(home.figures.restrictions_in_force);
        const resolved = await api<{ count: number }>('/complaints/public/?status=resolved&page_size=1');
        expect(resolved.count).toBe(home.figures.complaints_resolved);
        const notified = await api<{ count: number }>(`/notifications/?from=${year}-01-01&page_size=1`);
        expect(notified.count).toBe(home.figures.notifications_this_year);

        await page.getByTestId('figure-link-restrictions_in_force').click();
        await expect.poll(() => path(page)).toBe('/public/browse');
        expect(query(page, 'status')).toBe('in_force');
        await settled(page);
        await expect
          .poll(async () => ((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''))
          .toBe(String(home.figures.restrictions_in_force));
        await open(page, '/');
        await page.getByTestId('figure-link-complaints_resolved').click();
        await expect.poll(() => path(page)).toBe('/public/complaints/list');
        expect(query(page, 'status')).toBe('resolved');
        await context.close();
      },
    );
  }

  it('the publications list without JavaScript: server-rendered, its head, a plain GET form, in sitemap.xml', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    const answer = await page.goto(url('/public/publications'));
    expect(answer?.status()).toBe(200);
    expect(await page.locator('main h1').textContent()).toBe('Publications');
    expect(await page.title()).toBe('Publications | Services Trade Portal');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      url('/public/publications?lang=en'),
    );
    expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute('href')).toBe(
      url('/public/publications?lang=fr'),
    );
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /^Studies, reports/,
    );
    await page.locator('select[name="year"]').selectOption('2024');
    await page.locator('select[name="type"]').selectOption('guide');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/type=guide/);
    expect(query(page, 'year')).toBe('2024');
    const guides = await api<Publication[]>('/publications/?year=2024&type=guide');
    expect(await itemTitles(page)).toEqual(guides.map((item) => item.title.en));
    // "Clear filters" is a link: it works without JavaScript too.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((address) => address.search === '');
    expect(await page.getByTestId('publication-item').count()).toBe(
      (await api<Publication[]>('/publications/')).length,
    );
    await context.close();

    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect(sitemap).toContain(`<loc>${url('/public/publications?lang=en')}</loc>`);
    expect(sitemap).toContain(`<loc>${url('/public/publications?lang=fr')}</loc>`);
  });

  it('a bad filter in the address says what is wrong, in French too, and the API answers 422', async () => {
    const answer = await fetch(url('/api/publications/?year=abc&type=novel'));
    expect(answer.status).toBe(422);
    const { context, page } = await pageAt(browser, 375);
    await open(page, '/public/publications?year=abc');
    const error = page.getByTestId('filter-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Select a valid year.');
    await expectNoAxeViolations(page);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => error.textContent()).toBe('Choisissez une année valide.');
    await context.close();
  });
});

// Phones (issue 33, item 4): the heat map keeps its sector column in sight when scrolled sideways and
// does not clip a country's name; bar charts write every label in full, sorted with their values; yearly
// counts are straight segments (no curve inventing values between years); the notifications list shows
// each notification's description and status on a phone and a notification links to its restrictions;
// the SMS short code is a tap-to-text link; the long restriction view has a table of contents. Each in
// en and fr, at 375 and 1366 px, light and dark, with no axe violation.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, url } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Variant {
  width: 375 | 1366;
  lang: 'en' | 'fr';
  scheme: 'light' | 'dark';
}

// Each width in each language and each scheme, without the whole product of the three.
const variants: Variant[] = [
  { width: 375, lang: 'en', scheme: 'light' },
  { width: 375, lang: 'fr', scheme: 'dark' },
  { width: 1366, lang: 'en', scheme: 'dark' },
  { width: 1366, lang: 'fr', scheme: 'light' },
];
const phones = variants.filter((variant) => variant.width === 375);
const name = (v: Variant) => `${v.width}-${v.lang}-${v.scheme}`;

async function pageFor(
  v: Variant,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: v.width, height: v.width === 375 ? 812 : 900 },
    colorScheme: v.scheme,
    locale: 'en-GB',
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  if (v.lang === 'fr') await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
  return { context, page: await context.newPage() };
}

interface Label {
  en: string;
  fr: string;
}
interface MetricData {
  categories: { key: string; label: Label }[];
  series: { key: string; label: Label; values: (number | null)[] }[];
}

interface NotificationDetail {
  slug: string;
  country: { code: string };
  sector: { id: number } | null;
}

async function indicatorData(page: Page, slug: string): Promise<MetricData> {
  const response = await page.request.get(url(`/api/indicators/${slug}/`));
  return ((await response.json()) as { data: MetricData }).data;
}

/** The number a chart writes ("1 234" or "0,5" in French, "1,234" or "0.5" in English), as a number. */
function parseShown(text: string, lang: 'en' | 'fr'): number {
  const digits = text.replace(/[\s\u202f\u00a0]/g, '');
  return Number(lang === 'fr' ? digits.replace(',', '.') : digits.replace(/,/g, ''));
}

/** Checks a bar chart: each label written in full and not cut, the bars longest first, each value written. */
async function expectReadableSortedBars(chart: Locator, data: MetricData, lang: 'en' | 'fr') {
  await chart.getByTestId('bar-value').first().waitFor({ state: 'visible' });
  const text = (await chart.textContent()) ?? '';
  expect(text).not.toContain('…');
  const labels = await chart.getByTestId('bar-label').evaluateAll((nodes) =>
    nodes.map((node) => ({
      text: node.textContent ?? '',
      cut: node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
    })),
  );
  expect(labels.map((label) => label.text).sort()).toEqual(
    data.categories.map((category) => category.label[lang]).sort(),
  );
  expect(labels.filter((label) => label.cut)).toEqual([]);
  const shown = (await chart.getByTestId('bar-value').allTextContents()).map((value) =>
    parseShown(value, lang),
  );
  const values = data.series[0]!.values.map((value) => value ?? 0);
  expect(shown).toEqual([...values].sort((a, b) => b - a));
}

/**
 * Whether a section's heading was scrolled to: near the top, below the sticky app bar (or, at the end
 * of the page, as far as the page scrolls, the heading in sight).
 */
function reached(page: Page, target: string): Promise<boolean> {
  return page.locator(target).evaluate((heading) => {
    const top = heading.getBoundingClientRect().top;
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return top >= bar && (top < bar + 120 || (atEnd && top < window.innerHeight));
  });
}

describe('phone layouts (issue 33, item 4)', () => {
  it.each(variants)(
    'heat map: the sector column stays in sight, country names whole ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      await open(page, '/public/indicator/restrictiveness-index');
      const chart = page.getByTestId('indicator-chart');
      const region = chart.getByRole('region');
      await region.getByRole('table').waitFor({ state: 'visible' });
      // No country header is narrower than its name (a clipped or overflowing name).
      const clipped = await region
        .locator('thead th')
        .evaluateAll((cells) =>
          cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
        );
      expect(clipped).toEqual([]);
      const scrollable = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
      if (v.width === 375) expect(scrollable).toBe(true);
      if (scrollable) {
        await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
        await page.waitForFunction(() => {
          const box = document.querySelector('[data-testid="indicator-chart"] [role="region"]')!;
          return box.scrollLeft > 0;
        });
        const regionBox = (await region.boundingBox())!;
        for (const cell of [region.locator('thead th').first(), region.locator('tbody th').first()]) {
          const box = (await cell.boundingBox())!;
          expect(Math.abs(box.x - regionBox.x)).toBeLessThanOrEqual(1);
          // What is beside the sticky column scrolls under it, not over it.
          const onTop = await cell.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            return hit === element || element.contains(hit);
          });
          expect(onTop).toBe(true);
        }
      }
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-heatmap-${name(v)}`);
      await context.close();
    },
  );

  it.each(variants)(
    'bar charts: whole labels, sorted bars with their values ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      const data = await indicatorData(page, 'restrictions-by-policy');
      await open(page, '/public/indicator/restrictions-by-policy');
      await expectReadableSortedBars(page.getByTestId('indicator-chart'), data, v.lang);
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-bars-${name(v)}`);
      await context.close();
    },
  );

  it.each(phones)('home: the featured bars sorted with whole labels ($width $lang $scheme)', async (v) => {
    const { context, page } = await pageFor(v);
    const response = await page.request.get(url('/api/home/'));
    const home = (await response.json()) as {
      featured: { report: { slug: string } | null; report_data: { data: MetricData } | null }[];
    };
    const insight = home.featured.find((item) => item.report?.slug === 'average-restrictiveness-by-sector')!;
    await open(page, '/');
    const report = page.getByTestId('report-average-restrictiveness-by-sector');
    await report.scrollIntoViewIfNeeded();
    await expectReadableSortedBars(report, insight.report_data!.data, v.lang);
    await context.close();
  });

  it.each(variants)(
    'yearly counts: straight segments between the years ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      await open(page, '/public/indicator/measures-over-time');
      const chart = page.getByTestId('indicator-chart');
      const line = chart.locator('path.MuiLineChart-line').first();
      await line.waitFor({ state: 'visible' });
      const paths = await chart
        .locator('path.MuiLineChart-line')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('d') ?? ''));
      expect(paths.length).toBeGreaterThan(0);
      for (const d of paths) {
        expect(d).toMatch(/^M/);
        // Only moves and straight lines: no cubic (C/S) or quadratic (Q/T) curve, no arc.
        expect(d).not.toMatch(/[CSQTAcsqta]/);
      }
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-line-${name(v)}`);
      await context.close();
    },
  );

  it.each(variants)(
    'notifications: description and status in every row, a link to its restrictions ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      await open(page, '/public/notifications');
      const rows = page.getByTestId('notifications-table').locator('tbody tr');
      await rows.first().getByTestId('notification-link').waitFor({ state: 'visible' });
      const count = await rows.count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        const visible = async (testId: string) => {
          const shown = row.getByTestId(testId).filter({ visible: true });
          expect(await shown.count(), `row ${i}: ${testId}`).toBe(1);
          return ((await shown.textContent()) ?? '').trim();
        };
        expect((await visible('notification-description')).length).toBeGreaterThan(20);
        expect((await visible('notification-status')).length).toBeGreaterThan(2);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-notifications-${name(v)}`);

      // A notification with a sector: the detail links to the restrictions of its country in its sector.
      const listed = await page.request.get(url('/api/notifications/?page_size=50'));
      const slugs = ((await listed.json()) as { results: { slug: string }[] }).results.map((row) => row.slug);
      let detail: NotificationDetail | null = null;
      for (const slug of slugs) {
        const one = (await (
          await page.request.get(url(`/api/notifications/${slug}/`))
        ).json()) as NotificationDetail;
        if (one.sector) {
          detail = one;
          break;
        }
      }
      expect(detail).not.toBeNull();
      const sectors = (await (await page.request.get(url('/api/pages/sectors/all_sectors/'))).json()) as {
        id: number;
        slug: string;
      }[];
      const sectorSlug = sectors.find((sector) => sector.id === detail!.sector!.id)!.slug;
      await open(page, `/public/notifications?notification=${detail!.slug}`);
      const dialog = page.getByTestId('notification-detail');
      const link = dialog.getByTestId('notification-restrictions');
      await link.waitFor({ state: 'visible' });
      expect(await link.getAttribute('href')).toBe(
        `/public/browse/${sectorSlug}?country=${detail!.country.code}`,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-notification-detail-${name(v)}`);
      await link.click();
      await page.waitForURL((address) => address.pathname === `/public/browse/${sectorSlug}`);
      expect(new URL(page.url()).searchParams.get('country')).toBe(detail!.country.code);
      await page.getByTestId('result-count').waitFor({ state: 'visible' });
      await context.close();
    },
  );

  it.each(variants)(
    'SMS how-to: the short code is a tap-to-text link with the keyword ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      const services = (await (await page.request.get(url('/api/sms-how-to/'))).json()) as {
        country: { code: string };
        active: boolean;
        short_code: string | null;
        keyword: string | null;
      }[];
      const service = services.find((item) => item.active && item.short_code && item.keyword)!;
      await open(page, `/public/about/sms-how-to?country=${service.country.code}`);
      const link = page.getByTestId('sms-number').getByRole('link');
      await link.waitFor({ state: 'visible' });
      expect(await link.getAttribute('href')).toBe(
        `sms:${service.short_code}?body=${encodeURIComponent(service.keyword!)}`,
      );
      expect((await link.textContent())?.trim()).toBe(service.short_code);
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-sms-${name(v)}`);
      await context.close();
    },
  );

  it.each(variants)(
    'restriction view: a table of contents whose links reach their sections ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v);
      const listed = await page.request.get(url('/api/restrictions/?page_size=1&country=KE'));
      const slug = ((await listed.json()) as { results: { slug: string }[] }).results[0]!.slug;
      await open(page, `/public/restriction/${slug}`);
      await page.getByTestId('restriction').waitFor();
      const toc = page.getByRole('navigation', { name: v.lang === 'fr' ? 'Sur cette page' : 'On this page' });
      await toc.waitFor({ state: 'visible' });
      const targets = await toc
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(targets).toEqual([
        '#classification',
        '#measure',
        '#dates',
        '#commitments',
        '#updates',
        '#history',
      ]);
      for (const target of targets) expect(await page.locator(target).count()).toBe(1);
      await expectNoAxeViolations(page);
      await screenshot(page, `phones-restriction-${name(v)}`);
      await toc.getByRole('link').nth(2).click();
      await page.waitForURL((address) => address.hash === '#dates');
      await expect.poll(() => reached(page, '#dates')).toBe(true);
      await context.close();
    },
  );

  it.each(phones.filter((v) => v.lang === 'en'))(
    'restriction view: the contents work without JavaScript ($width $lang $scheme)',
    async (v) => {
      const { context, page } = await pageFor(v, false);
      const listed = await page.request.get(url('/api/restrictions/?page_size=1&country=KE'));
      const slug = ((await listed.json()) as { results: { slug: string }[] }).results[0]!.slug;
      await page.goto(url(`/public/restriction/${slug}`));
      const toc = page.getByRole('navigation', { name: 'On this page' });
      await toc.waitFor({ state: 'visible' });
      await toc.getByRole('link').nth(1).click();
      await page.waitForURL((address) => address.hash === '#measure');
      await expect.poll(() => reached(page, '#measure')).toBe(true);
      await context.close();
    },
  );
});

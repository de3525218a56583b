import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pages, pageTemplates } from '../db/schema/index.js';
import { seedHiddenRecords, type Hidden } from '../modules/public-visibility.fixtures.js';
import { insertRestriction, sectorByCode } from '../modules/restrictions/test-support.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { pageText as text, renderedPage, rootContent, webServerEntry } from '../test/rendered-page.js';

let ctx: TestContext;
const page = (url: string, headers?: Record<string, string>) => renderedPage(ctx, url, headers);
let hidden: Hidden[];
const hostile = 'Trade </script><script>alert(1)</script> & $& <!-- x';
beforeAll(async () => {
  ctx = await createTestContext({ WEB_SERVER_ENTRY: webServerEntry });
  ({ hidden } = await seedHiddenRecords(ctx));
  const [template] = await ctx.db
    .select({ id: pageTemplates.id })
    .from(pageTemplates)
    .where(eq(pageTemplates.title, 'visible-template'));
  await ctx.db.insert(pages).values({
    slug: 'about',
    titleEn: 'About the portal',
    titleFr: 'À propos du portail',
    templateId: template!.id,
    status: 'published',
    showInMenu: true,
  });
  await insertRestriction(ctx.db, {
    slug: 'hostile-title',
    title: hostile,
    textOfMeasure: 'Foreign firms need a local partner to sell <b>insurance</b>.',
  });
}, 180_000);
afterAll(() => ctx.close());

const heading = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(rootContent(html))?.[1] ?? '').trim();

describe('server-rendered public pages', () => {
  it('answers each public screen as HTML with its heading and data, readable without scripts', async () => {
    const business = await sectorByCode(ctx.db, '1');
    const cases: [string, string, string][] = [
      ['/', 'Trade in services across the East African Community', 'Featured insights'],
      ['/public/browse', 'Browse Restrictions', 'Visible measure'],
      ['/public/browse?country=KE', 'Browse Restrictions', 'visible-measure-ke'],
      [`/public/browse/${business.slug}`, business.nameEn, 'Visible measure'],
      ['/public/restriction/visible-measure-ke', 'Visible measure', 'Kenya'],
      ['/public/page/sectors', 'Sectors', business.nameEn],
      ['/public/notifications', 'Notifications', 'visible-notification'],
      ['/public/indicators', 'Indicators', 'visible-indicator'],
      ['/public/indicator/visible-indicator', 'visible-indicator', 'Download'],
      ['/public/publication/visible-publication', 'visible-publication', 'visible-publication'],
      ['/public/page/visible-page', 'visible-page', 'visible-page'],
      ['/public/about', 'About the portal', 'visible-publication'],
      ['/public/about/sms-how-to', 'SMS', 'Kenya'],
      ['/public/complaints/list', 'Complaints', 'visible-complaint'],
      ['/public/publications', 'Publications', 'visible-publication'],
      ['/public/open-data', 'Open data', '/api/open-data/restrictions/data.csv'],
      // Issue 34 item 2: the figures' CSV link shows once the figures are in the page.
      [
        '/public/complaints/performance',
        'Complaint handling performance',
        '/api/complaints/performance/data.csv?year=',
      ],
      [`/public/publications?year=${new Date().getUTCFullYear()}`, 'Publications', 'visible-publication'],
      ['/public/complaints/VISIBLE-COMPLAINT', 'VISIBLE-COMPLAINT', 'The visible-complaint complaint'],
    ];
    const failures: unknown[] = [];
    for (const [url, title, data] of cases) {
      const { status, html } = await page(url);
      const content = rootContent(html);
      const shown = { url, status, heading: heading(html), hasData: content.includes(data) };
      if (status !== 200 || !shown.heading.includes(title) || !shown.hasData)
        failures.push({ ...shown, expected: { title, data }, text: text(content).slice(0, 600) });
    }
    expect(failures).toEqual([]);
    // The first render loads the whole web app from its source.
  }, 180_000);

  it('renders at most two pages at once: a flood of distinct addresses gets the page the browser renders', async () => {
    // Each render holds the event loop for tens to hundreds of milliseconds; uncapped, eight distinct
    // uncached addresses at once were all rendered, and every other request waited behind them.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => page(`/public/browse?q=flood${i}&country=KE`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const rendered = answers.filter((answer) => rootContent(answer.html).trim() !== '').length;
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(rendered).toBeLessThanOrEqual(2);
    // The others are whole pages the browser renders: the app's scripts and the empty root.
    for (const answer of answers) expect(answer.html).toContain('<div id="root"');
  });

  it('links are real addresses a reader without scripts can follow', async () => {
    const { html } = await page('/public/browse');
    const links = [...rootContent(html).matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(
      expect.arrayContaining(['/public/notifications', '/public/restriction/visible-measure-ke']),
    );
  });

  it('answers 404 for a missing restriction, publication, page, indicator and an unknown address', async () => {
    for (const url of [
      '/public/restriction/no-such-measure',
      '/public/publication/no-such-publication',
      '/public/page/no-such-page',
      '/public/indicator/no-such-indicator',
      '/public/complaints/CMP-1999-000000',
      '/public/no-such-screen',
      `/public/restriction/${hidden.find((record) => record.word.startsWith('hidrestriction'))?.slug ?? 'x'}`,
    ]) {
      const { status, html } = await page(url);
      expect({
        url,
        status,
        notFound: /not found|does not exist|could not be found/i.test(text(rootContent(html))),
      }).toEqual({
        url,
        status: 404,
        notFound: true,
      });
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("gives the record's title, description, canonical address, language alternates and Open Graph", async () => {
    const { html } = await page('/public/restriction/visible-measure-ke');
    expect(html).toContain('<title>Visible measure in Kenya | Services Trade Portal</title>');
    expect(html).toMatch(/<meta name="description" content="Kenya · [^"]+">/);
    expect(html).toContain(
      '<link rel="canonical" href="http://portal.test/public/restriction/visible-measure-ke?lang=en">',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="fr" href="http://portal.test/public/restriction/visible-measure-ke?lang=fr">',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://portal.test/public/restriction/visible-measure-ke">',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Visible measure in Kenya | Services Trade Portal">',
    );
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
    // The critical CSS is in the page.
    expect(html).toMatch(/<style data-emotion="css[^"]*">/);
  });

  it('links the browse and notifications pages to the Atom feed of their filters (issue 34)', async () => {
    const feedLink = (html: string) =>
      /<link rel="alternate" type="application\/atom\+xml" title="([^"]+)" href="([^"]+)">/
        .exec(html)
        ?.slice(1);
    const browse = await page('/public/browse?country=KE&mode_of_supply=mode_3');
    expect(feedLink(browse.html)).toEqual([
      'Changes to the restrictions of these filters (Atom)',
      'http://portal.test/api/feeds/restrictions/?country=KE&amp;mode_of_supply=mode_3&amp;lang=en',
    ]);
    // The visible link too, for a reader without a feed-aware browser.
    expect(/<a\b[^>]*data-testid="feed-link"[^>]*>/.exec(rootContent(browse.html))?.[0]).toContain(
      'href="/api/feeds/restrictions/?country=KE&amp;mode_of_supply=mode_3&amp;lang=en"',
    );
    const french = await page('/public/notifications?country=KE&lang=fr');
    expect(feedLink(french.html)).toEqual([
      'Notifications\u202f: Kenya (Atom)',
      'http://portal.test/api/feeds/notifications/?country=KE&amp;lang=fr',
    ]);
    expect(text(rootContent(french.html))).toContain('Flux Atom');
    const all = await page('/public/notifications');
    expect(feedLink(all.html)?.[1]).toBe('http://portal.test/api/feeds/notifications/?lang=en');
    // The feed named in the head answers.
    const feed = await ctx
      .client()
      .request({ url: '/api/feeds/restrictions/?country=KE&mode_of_supply=mode_3&lang=en' });
    expect(feed.statusCode).toBe(200);
    // A page without a feed has no such link.
    expect(feedLink((await page('/public/restriction/visible-measure-ke')).html)).toBeUndefined();
  });

  it("speaks the browser's language on a first visit; a stored choice and the address's ?lang= come first", async () => {
    const french = await page('/public/browse', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(french.html).toContain('<html lang="fr"');
    expect(heading(french.html)).toBe('Parcourir les restrictions');
    expect(french.html).toContain('<meta property="og:locale" content="fr_FR">');
    const english = await page('/public/browse', { 'accept-language': 'de-DE,en;q=0.8,fr;q=0.7' });
    expect(heading(english.html)).toBe('Browse Restrictions');
    const stored = await page('/public/browse', { 'accept-language': 'fr', cookie: 'stp_locale=en' });
    expect(heading(stored.html)).toBe('Browse Restrictions');
    const asked = await page('/public/browse?lang=fr', { cookie: 'stp_locale=en' });
    expect(heading(asked.html)).toBe('Parcourir les restrictions');
    expect(asked.html).toContain('<link rel="canonical" href="http://portal.test/public/browse?lang=fr">');
  });

  it("paints in the visitor's stored theme, else light", async () => {
    const light = await page('/');
    const dark = await page('/', { cookie: 'stp_theme=dark' });
    // The dark theme's background (theme.ts) in the critical CSS, and in the state the app hydrates with.
    expect(light.html).not.toContain('#0f1419');
    expect(dark.html).toContain('#0f1419');
    expect(dark.html).toContain('"theme":"dark"');
  });

  it("escapes a record's text in the hydration state: no </script> ends it early", async () => {
    const { html, status } = await page('/public/restriction/hostile-title');
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    // Only the built entry (none in the stand-in page) and the one data element: nothing inline runs.
    expect(scripts).toEqual(['<script type="application/json" id="stp-render-state">']);
    const state = /<script type="application\/json" id="stp-render-state">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    // The restriction's answer travels among the page's reads (the catalogue reads without TanStack Query).
    const parsed = JSON.parse(state ?? 'null') as { reads: Record<string, { title?: string } | null> };
    expect(Object.values(parsed.reads).map((answer) => answer?.title)).toContain(hostile);
    expect(heading(html)).toBe(hostile);
    expect(html).toContain(
      `<title>Trade &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; &lt;!-- x | Services Trade Portal</title>`,
    );
  });

  it('keeps the page uncached and the script policy strict', async () => {
    const { headers } = await page('/public/restriction/visible-measure-ke');
    expect(headers['cache-control']).toBe('no-store');
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('gives signed-in users the page their browser renders', async () => {
    const client = await ctx.signedIn([]);
    const response = await client.request({ url: '/public/restriction/visible-measure-ke' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root" data-csrf=');
    expect(response.body).not.toContain('stp-render-state');
  });

  it('lists every public record in sitemap.xml, in both languages, and none that is hidden', async () => {
    const response = await ctx.client().request({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://portal.test/?lang=en',
        'http://portal.test/public/browse?lang=fr',
        'http://portal.test/public/restriction/visible-measure-ke?lang=en',
        'http://portal.test/public/restriction/visible-measure-ke?lang=fr',
        'http://portal.test/public/publication/visible-publication?lang=en',
        'http://portal.test/public/publications?lang=en',
        'http://portal.test/public/publications?lang=fr',
        'http://portal.test/public/page/visible-page?lang=en',
        'http://portal.test/public/indicator/visible-indicator?lang=en',
      ]),
    );
    for (const record of hidden) expect(response.body).not.toContain(record.word);
    expect(response.body).toContain('hreflang="fr"');
  });

  it('says what to crawl in robots.txt', async () => {
    const response = await ctx.client().request({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: http://portal.test/sitemap.xml');
  });
});

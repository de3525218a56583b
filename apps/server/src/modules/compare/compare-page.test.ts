import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { pageText as text, renderedPage, rootContent, webServerEntry } from '../../test/rendered-page.js';
import { insertRestriction, sectorByCode } from '../restrictions/test-support.js';

/**
 * Issue 34, item 6: `/public/compare` is rendered by the server with its data, readable without
 * scripts (the web app's server entry from its source, as web/server-rendering.test.ts does).
 */

let ctx: TestContext;
const page = (url: string) => renderedPage(ctx, url);
let sector: string;

beforeAll(async () => {
  ctx = await createTestContext({ WEB_SERVER_ENTRY: webServerEntry });
  sector = (await sectorByCode(ctx.db, '1')).slug;
  await insertRestriction(ctx.db, {
    slug: 'ke-compared',
    title: 'Kenyan licence',
    modesOfSupply: ['mode_3'],
  });
  await insertRestriction(ctx.db, { slug: 'ke-second', title: 'Kenyan quota', modesOfSupply: ['mode_1'] });
  await insertRestriction(ctx.db, {
    slug: 'tz-compared',
    title: 'Tanzanian licence',
    titleFr: 'Licence tanzanienne',
    countryCode: 'TZ',
    modesOfSupply: ['mode_3'],
  });
}, 180_000);
afterAll(() => ctx.close());

describe('/public/compare rendered by the server', () => {
  it('shows the form and the empty state when nothing is chosen, with its head', async () => {
    const { status, html } = await page('/public/compare');
    expect(status).toBe(200);
    const root = rootContent(html);
    expect(text(root)).toContain('Compare partner states');
    expect(root).toContain('data-testid="compare-empty"');
    const form = /<form[^>]*>/.exec(root)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/public/compare"');
    expect(root.match(/<input[^>]*type="checkbox"[^>]*name="countries"/g)).toHaveLength(8);
    expect(root).toMatch(/<select[^>]*name="sector"/);
    expect(html).toContain('<title>Compare partner states | Services Trade Portal</title>');
    expect(html).toContain('<link rel="canonical" href="http://portal.test/public/compare?lang=en">');
    expect(html).toMatch(/<meta name="description" content="See side by side how 2 to 5 partner states/);
  });

  it('shows the comparison with links, counts and the marked differences, for both spellings of the states', async () => {
    for (const query of [`countries=KE,TZ&sector=${sector}`, `countries=KE&countries=TZ&sector=${sector}`]) {
      const { status, html } = await page(`/public/compare?${query}`);
      expect(status).toBe(200);
      const root = rootContent(html);
      expect(root).toContain('data-testid="compare-table"');
      expect(root).toContain('href="/public/restriction/ke-compared"');
      expect(root).toContain('href="/public/restriction/tz-compared"');
      expect(text(root)).toContain('2 restrictions');
      expect(text(root)).toContain('Differs');
      // The form shows what is compared.
      expect(root).toMatch(/<input[^>]*value="TZ"[^>]*checked=""|<input[^>]*checked=""[^>]*value="TZ"/);
      expect(html).toMatch(/<title>Business services: Kenya, (United Republic of )?Tanzania compared \| /);
    }
  });

  it('speaks French, with the French titles', async () => {
    const { html } = await page(`/public/compare?countries=KE,TZ&sector=${sector}&lang=fr`);
    const root = text(rootContent(html));
    expect(root).toContain('Comparer les États partenaires');
    expect(root).toContain('Diffère');
    expect(root).toContain('Licence tanzanienne');
    // The form keeps the language of the address when sent without JavaScript.
    expect(rootContent(html)).toMatch(/<input type="hidden" name="lang" value="fr"/);
  });

  it('pre-fills the form from one state (the restriction view) without an error', async () => {
    const { status, html } = await page(`/public/compare?countries=KE&sector=${sector}`);
    expect(status).toBe(200);
    const root = rootContent(html);
    expect(root).toContain('data-testid="compare-incomplete"');
    expect(root).not.toContain('data-testid="compare-table"');
  });

  it('answers 400 with the reason for a bad choice, in the page', async () => {
    const cases: [string, string][] = [
      [`countries=KE,XX&sector=${sector}`, 'Choose partner states from the list.'],
      [`countries=KE,TZ,UG,RW,BI,SS&sector=${sector}`, 'Choose from 2 to 5 partner states.'],
      ['countries=KE,TZ&sector=no-such-sector', 'Choose a sector from the list.'],
    ];
    for (const [query, message] of cases) {
      const { status, html } = await page(`/public/compare?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(text(rootContent(html))).toContain(message);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    const french = await page('/public/compare?countries=KE,TZ&sector=no-such-sector&lang=fr');
    expect(text(rootContent(french.html))).toContain('Choisissez un secteur dans la liste.');
  });

  it('is in sitemap.xml', async () => {
    const response = await ctx.client().request({ url: '/sitemap.xml' });
    expect(response.body).toContain('<loc>http://portal.test/public/compare?lang=en</loc>');
  });
});

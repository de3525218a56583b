import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { preloadsFor } from './preloads.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The preloaded URLs, as the browser reads the attributes. */
const preloadLinks = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)">/g)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&'),
  );

describe('the host page', () => {
  it("preloads a visitor's first API reads: the constants, the sectors and the screen's own", async () => {
    const everyScreen = ['/api/cache/constants/', '/api/pages/sectors/all_sectors/'];
    const cases: [string, string[]][] = [
      ['/', [...everyScreen, '/api/home/']],
      ['/public/browse', [...everyScreen, '/api/restrictions/?page=1&page_size=20', '/api/policies/']],
      // A filtered list: its API query is the web app's to build.
      ['/public/browse?country=KE', everyScreen],
      ['/public/restriction/kenya-licence-12', [...everyScreen, '/api/restrictions/kenya-licence-12/']],
      ['/public/restriction/caf%C3%A9%20x', [...everyScreen, '/api/restrictions/caf%C3%A9%20x/']],
      ['/public/indicators', everyScreen],
    ];
    for (const [url, expected] of cases) {
      const page = await ctx.client().request({ url });
      expect({ url, status: page.statusCode, links: preloadLinks(page.body) }).toEqual({
        url,
        status: 200,
        links: expected,
      });
    }
  });

  it('writes the URLs as attribute text', async () => {
    const page = await ctx.client().request({ url: '/public/browse' });
    expect(page.body).toContain('href="/api/restrictions/?page=1&amp;page_size=20"');
    expect(preloadsFor('/public/restriction/a%22b', false).at(-1)).toBe('/api/restrictions/a%22b/');
    // A broken escape (the router answers 400 before the host page): no guess at the slug.
    expect(preloadsFor('/public/restriction/%E0%A4%A', false)).toEqual([
      '/api/cache/constants/',
      '/api/pages/sectors/all_sectors/',
    ]);
  });

  it('preloads nothing for a signed-in user (their calls carry a token)', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.login(account.email, testPassword);
    const page = await client.request({ url: '/public/browse' });
    expect(preloadLinks(page.body)).toEqual([]);
    expect(page.body).toMatch(/data-token="[\w-]+\.[\w-]+\.[\w-]+"/);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { standInIndexHtml } from '../test/stand-in-web.js';
import { HostPage } from './host-page.js';
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
      ['/public/browse', [...everyScreen, '/api/restrictions/?page=1&page_size=20']],
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
    expect(preloadsFor('/public/restriction/a%22b', false).fetches.at(-1)).toBe('/api/restrictions/a%22b/');
    // A broken escape (the router answers 400 before the host page): no guess at the slug.
    expect(preloadsFor('/public/restriction/%E0%A4%A', false).fetches).toEqual([
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

  it("writes a signed-in user's saved theme, and none for a visitor", async () => {
    const themeOf = (html: string) => /id="root"[^>]*?data-theme="(\w+)"/.exec(html)?.[1] ?? null;
    const visitor = ctx.client();
    expect(themeOf((await visitor.request({ url: '/' })).body)).toBeNull();

    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.login(account.email, testPassword);
    expect(themeOf((await client.request({ url: '/' })).body)).toBe('light');
    const update = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { dark_mode: 'true' },
    });
    expect(update.statusCode).toBe(200);
    expect(themeOf((await client.request({ url: '/public/browse' })).body)).toBe('dark');
  });
});

describe("the host page's script chunk preloads", () => {
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'stp-host-page-'));
    await mkdir(path.join(webDir, '.vite'));
    await writeFile(path.join(webDir, 'index.html'), standInIndexHtml);
    // The shape of Vite's manifest: the entry, screens as dynamic entries, shared chunks imported twice.
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['src/b.tsx'] },
      'src/features/catalogue/restriction-screen.tsx': {
        file: 'assets/restriction-screen-2.js',
        isDynamicEntry: true,
        imports: ['index.html', '_labels-3.js', '_query-4.js'],
      },
      '_labels-3.js': { file: 'assets/labels-3.js', imports: ['index.html', '_query-4.js'] },
      '_query-4.js': { file: 'assets/query-4.js', imports: ['index.html'] },
    };
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rm(webDir, { recursive: true, force: true }));

  const modulePreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((m) => m[1]);

  it("lists the screen's chunk and what it imports, once each, without the entry", () => {
    const hostPage = new HostPage(webDir);
    const chunks = [
      '/static/assets/restriction-screen-2.js',
      '/static/assets/labels-3.js',
      '/static/assets/query-4.js',
    ];
    for (const url of ['/public/restriction/kenya-1', '/public/restriction/kenya-1?print=1']) {
      const html = hostPage.render({ csrf: 'c', token: null }, preloadsFor(url, false));
      expect({ url, chunks: modulePreloads(html) }).toEqual({ url, chunks });
    }
    // The same chunks for a signed-in user (scripts are the same for everyone), but no API reads.
    const signedIn = hostPage.render(
      { csrf: 'c', token: 't' },
      preloadsFor('/public/restriction/kenya-1', true),
    );
    expect(modulePreloads(signedIn)).toEqual(chunks);
    expect(signedIn).not.toContain('as="fetch"');
  });

  it('preloads no chunk for a path without a screen to preload, one the manifest lacks, or without a manifest', async () => {
    const hostPage = new HostPage(webDir);
    for (const url of ['/public/indicators', '/public/browse', '/'])
      expect(modulePreloads(hostPage.render({ csrf: 'c', token: null }, preloadsFor(url, false)))).toEqual(
        [],
      );
    const bare = await mkdtemp(path.join(os.tmpdir(), 'stp-host-page-'));
    try {
      await writeFile(path.join(bare, 'index.html'), standInIndexHtml);
      const html = new HostPage(bare).render(
        { csrf: 'c', token: null },
        preloadsFor('/public/restriction/kenya-1', false),
      );
      expect(modulePreloads(html)).toEqual([]);
      expect(html).toContain('<div id="root" data-csrf="c"');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});

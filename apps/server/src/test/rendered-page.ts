// Reading a server-rendered page in a test as a browser without scripts gets it (web/server-rendering
// and the screens' own page tests).
import path from 'node:path';
import { repoRoot } from '../paths.js';
import type { TestContext } from './harness.js';

/**
 * The web app's server entry from its source (Vite transforms it here as the build does), for
 * `createTestContext({ WEB_SERVER_ENTRY })`: no build needed, what renders is the app as it is now.
 */
export const webServerEntry = path.join(repoRoot, 'apps/web/src/entry-server.tsx');

/** A page's status, HTML and headers as a browser without scripts gets them. */
export async function renderedPage(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const response = await ctx.client().request({ url, headers });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

/** The root element's content: what a reader sees before (or without) any script. */
export const rootContent = (html: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

/** The text of the HTML without tags, entities decoded (enough for the assertions). */
export const pageText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

// Issue 35, the start: the web app's server entry (1.5 MB) is loaded once the server listens, not
// before (it held the start about 0.6 s of CPU); a page asked for before then waits for the entry and
// comes server-rendered (docs/decisions.md, "Server rendering at the start").
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { sleep } from '../test/server-process.js';

/** A stand-in server entry that counts its loads in a global (the real one is the web app's build). */
const standInEntry = (name: string) => `
globalThis.${name} = (globalThis.${name} ?? 0) + 1;
export async function render({ url }) {
  return { status: 200, html: '<p>rendered ' + url + '</p>', styles: '', title: 'Rendered', description: 'd', state: '{}' };
}
`;
const loads = (name: string) => (globalThis as Record<string, unknown>)[name] ?? 0;

let dir: string;
const contexts: TestContext[] = [];
async function contextWithEntry(name: string): Promise<TestContext> {
  const entry = path.join(dir, `${name}.mjs`);
  await writeFile(entry, standInEntry(name));
  const ctx = await createTestContext({ WEB_SERVER_ENTRY: entry });
  contexts.push(ctx);
  return ctx;
}
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stp-entry-'));
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the server entry at the start', () => {
  it('is not loaded before the server listens; a page asked for then waits for it', async () => {
    const ctx = await contextWithEntry('__stpEntryEarlyPage');
    // Ready (what a start does before it listens): a while later the entry is still not loaded.
    await sleep(1_000);
    expect(loads('__stpEntryEarlyPage')).toBe(0);
    const page = await ctx.client().request({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>rendered /</p>');
    expect(loads('__stpEntryEarlyPage')).toBe(1);
  }, 120_000);

  it('is loaded just after the server listens, before any page is asked for', async () => {
    const ctx = await contextWithEntry('__stpEntryAfterListen');
    await sleep(1_000);
    expect(loads('__stpEntryAfterListen')).toBe(0);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await expect.poll(() => loads('__stpEntryAfterListen'), { timeout: 15_000 }).toBe(1);
  }, 120_000);
});

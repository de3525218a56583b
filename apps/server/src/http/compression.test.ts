import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRestriction } from '../modules/restrictions/test-support.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 30; i++) await insertRestriction(ctx.db, { title: `Compressed measure ${i}` });
});
afterAll(() => ctx.close());

/** The raw bytes of a GET (no decoding: inject hands back what went on the wire). */
async function get(url: string, acceptEncoding?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  return { response, bytes: response.rawPayload };
}

describe('compressed answers', () => {
  it('sends a JSON answer brotli- or gzip-compressed to a client that accepts it, the same once decoded', async () => {
    const plain = await get('/api/restrictions/?page_size=30');
    expect(plain.response.statusCode).toBe(200);
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);

    const br = await get('/api/restrictions/?page_size=30', 'gzip, deflate, br');
    expect(br.response.headers['content-encoding']).toBe('br');
    expect(br.response.headers.vary).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);

    const gzip = await get('/api/restrictions/?page_size=30', 'gzip');
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
  });

  it('compresses a streamed CSV export', async () => {
    const plain = await get('/api/restrictions/export/?format=csv');
    const gzip = await get('/api/restrictions/export/?format=csv', 'gzip');
    expect(gzip.response.statusCode).toBe(200);
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(gzip.response.headers['content-disposition']).toBe(plain.response.headers['content-disposition']);
    // The export names the day it ran: both were made today, so the files are the same.
    expect(gunzipSync(gzip.bytes).toString()).toBe(plain.bytes.toString());
  });

  it('leaves small answers and clients without Accept-Encoding alone', async () => {
    const health = await get('/api/health/', 'br');
    expect(health.response.statusCode).toBe(200);
    expect(health.response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.bytes.toString())).toBeTypeOf('object');
  });

  it('sends a script compressed at build time as it is, not compressed twice', async () => {
    const script = 'console.log("a script long enough to be worth compressing");\n'.repeat(100);
    const assets = path.join(ctx.config.webDistDir, 'assets');
    await writeFile(path.join(assets, 'long-5678.js'), script);
    await writeFile(path.join(assets, 'long-5678.js.br'), brotliCompressSync(script));
    const br = await get('/static/assets/long-5678.js', 'br');
    expect(br.response.statusCode).toBe(200);
    expect(br.response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);
  });

  it('does not inflate a compressed request body: good credentials sent gzipped sign nobody in', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.openHostPage();
    const body = JSON.stringify({ email: account.email, password: testPassword });
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
    // The same credentials sent plainly do sign in: the refusal above was the encoding's.
    await client.login(account.email, testPassword);
  });
});

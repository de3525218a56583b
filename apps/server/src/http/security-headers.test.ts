import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { permissionsPolicy } from './security-headers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  await writeFile(
    path.join(ctx.app.deps.config.webDistDir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
});
afterAll(() => ctx.close());

// The header checks of every routed answer are in security-matrix.test.ts ("security headers").
describe('answers given before routing', () => {
  it.each([
    ['malformed percent-encoding', '/public/%E0%A4%A'],
    ['malformed percent-encoding under /api/', '/api/restrictions/%zz/'],
    ['malformed percent-encoding under /static/', '/static/assets/%'],
  ])('%s: the JSON error with the security headers', async (_name, url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request could not be understood.' });
    expect(response.headers).toMatchObject({
      'permissions-policy': permissionsPolicy,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

// A script is not a document: CSP, Permissions-Policy, X-Frame-Options and the like govern nothing in it,
// and on HTTP/1.1 their 1.3 KB went with every chunk, counted in each page's JavaScript budget (issue 30).
describe('a static script', () => {
  const pageOnly = [
    'content-security-policy',
    'permissions-policy',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it.each([
    ['plain HTTP', {}],
    ['HTTPS behind the trusted proxy', { 'x-forwarded-proto': 'https' }],
  ])('carries only the headers a script needs, over %s', async (_name, headers) => {
    const response = await ctx.app.inject({ url: '/static/assets/app-1234.js', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    for (const name of pageOnly) expect(response.headers, name).not.toHaveProperty(name);
    const headerBytes = Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${String(value)}\r\n`)
      .join('').length;
    // About 1.8 KB before (helmet's page headers on every chunk); under 0.6 KB with HSTS.
    expect(headerBytes).toBeLessThan(600);
  });

  it('keeps HSTS over HTTPS', async () => {
    const response = await ctx.app.inject({
      url: '/static/assets/app-1234.js',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('a missing static file is an error answer with the full set', async () => {
    const response = await ctx.app.inject({ url: '/static/assets/nope-1234.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('the favicon (an SVG, a document when opened alone) keeps the full set', async () => {
    const response = await ctx.app.inject({ url: '/static/favicon.svg' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Permissions-Policy', () => {
  it('turns off the features no screen uses, and names only features browsers know', () => {
    expect(permissionsPolicy.split(', ')).toEqual(
      expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']),
    );
    // Chromium warns in the console about names it does not know (checked in Chromium 156): no
    // 'bluetooth', 'interest-cohort', 'ambient-light-sensor'.
    expect(permissionsPolicy).not.toMatch(/bluetooth|interest-cohort|ambient-light-sensor/);
  });
});

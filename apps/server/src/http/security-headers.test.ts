import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { permissionsPolicy } from './security-headers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
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

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('home page (placeholder until the web app shell)', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`loads the constants and sectors through the API (${viewport}, ${colorScheme})`, async () => {
        const { context, page } = await newPage(browser, { viewport, colorScheme });
        const startupCalls: { url: string; headers: Record<string, string> }[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/'))
            startupCalls.push({ url: request.url(), headers: request.headers() });
        });
        await page.goto(inject('baseUrl'));
        await expect.poll(() => page.getByTestId('partner-states').locator('li').count()).toBe(8);
        expect(await page.getByTestId('sectors').locator('li').count()).toBe(12);
        await expect
          .poll(() => page.getByTestId('counts').textContent())
          .toMatch(/^249 countries and \d{3} sector entries loaded\.$/);
        expect(startupCalls.map((call) => new URL(call.url).pathname).sort()).toEqual([
          '/api/cache/constants/',
          '/api/pages/sectors/all_sectors/',
        ]);
        for (const call of startupCalls) {
          expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
          expect(call.headers['x-csrftoken']).toMatch(/^[\w-]{43}$/);
        }
        await expectNoAxeViolations(page);
        await screenshot(page, `home-${viewport}-${colorScheme}`);
        await context.close();
      });
    }
  }

  it('shows the host page for deep links and JSON 404 for unknown API paths', async () => {
    const response = await fetch(`${inject('baseUrl')}/public/browse/legal-services`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-csrf="');
    const api = await fetch(`${inject('baseUrl')}/api/no-such-thing/`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });
});

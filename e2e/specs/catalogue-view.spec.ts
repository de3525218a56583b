import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, open, url } from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { signInThroughApi } from './catalogue-support.js';

// An archived restriction of the demo data (the seed is deterministic; archived ones are not listed).
const archivedSlug = 'uganda-foreign-building-finishing-work-suppliers-must-register-a-local-branch-37';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The slug of a visible restriction (the n-th by title). */
async function restrictionSlug(page: Page, index = 0): Promise<string> {
  const response = await page.request.get(url(`/api/restrictions/?page_size=${index + 1}&country=KE`));
  return ((await response.json()) as { results: { slug: string }[] }).results[index]!.slug;
}

/** Opens a restriction view and waits for the record (its skeleton has a heading too). */
async function openRestriction(page: Page, slug: string): Promise<void> {
  await open(page, `/public/restriction/${slug}`);
  await page.getByTestId('restriction').waitFor();
}

describe('restriction view', () => {
  it('shows every section, the commitment and a change made through the API in the history', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const slug = await restrictionSlug(page);
    const csrf = await signInThroughApi(page);
    const remark = `Checked by the e2e run ${Date.now()}`;
    const patch = await page.request.patch(url(`/api/restrictions/${slug}/`), {
      headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
      data: { remarks: remark, year_introduced: 2011 },
    });
    expect(patch.status()).toBe(200);

    await openRestriction(page, slug);
    const view = page.getByTestId('restriction');
    for (const section of ['Classification', 'Measure', 'Dates', 'Commitments', 'History'])
      expect(await view.getByRole('heading', { level: 2, name: section, exact: true }).count()).toBe(1);
    const classification = page.getByTestId('section-classification');
    for (const label of [
      'Country',
      'Sector',
      'Type Of Restriction',
      'Restriction On Market Access',
      'Restriction On National Treatment',
      'Mode Of Supply Affected',
      'Restrictiveness Numerical Indicator',
    ])
      expect(await classification.locator('dt', { hasText: label }).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-field="country"] dd').textContent()).toBe('Kenya');
    expect(await page.locator('[data-field="remarks"] dd').textContent()).toBe(remark);
    expect(await page.locator('[data-field="yearIntroduced"] dd').textContent()).toBe('2011');
    expect(await page.getByTestId('commitment').textContent()).toMatch(
      /Commitment of Kenya for .+(Committed To Liberalise:\s*(Yes|No)|No commitment is recorded)/,
    );

    const latest = page.getByTestId('history-entry').first();
    expect(await latest.textContent()).toMatch(
      /^Updated[A-Z][a-z]+ \d+(st|nd|rd|th), \d{4} \d+:\d\d[ap]mby .+ · Version \d+/,
    );
    expect(await latest.locator('[data-field="remarks"]').textContent()).toContain(remark);
    expect(await latest.locator('[data-field="year_introduced"] ins').textContent()).toBe('2011');
    expect(await page.getByTestId('history-entry').last().textContent()).toContain('Created');

    const report = page.getByTestId('report-barrier');
    expect(await report.textContent()).toBe('Report a barrier about this restriction');
    expect(await report.getAttribute('href')).toBe(`/public/complaints?restriction=${slug}`);
    expect(await page.getByTestId('print').textContent()).toBe('Print');
    await context.close();
  });

  it('shows the archived notice and the archiving in the history', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await openRestriction(page, archivedSlug);
    const notice = page.getByTestId('archived-notice');
    expect(await notice.textContent()).toMatch(/^Archived restrictionThis restriction has been archived on /);
    expect(await page.getByTestId('history-entry').first().textContent()).toContain('Archived');
    await context.close();
  });

  it('says so inside the page when the restriction does not exist', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'dark' });
    await open(page, '/public/restriction/no-such-restriction');
    await expectHeading(page, 'Restriction not found');
    expect(await page.getByTestId('sign-in').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Browse restrictions', exact: true }).click();
    await expectHeading(page, 'Browse Restrictions');
    await context.close();
  });

  it('speaks French when the language is switched', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    const slug = await restrictionSlug(page, 1);
    await openRestriction(page, slug);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Historique' }).count()).toBe(1);
    expect(await page.getByTestId('section-classification').locator('dt').allTextContents()).toContain(
      'Type de restriction',
    );
    expect(await page.locator('[data-field="country"] dd').textContent()).toBe('Kenya');
    expect(await page.getByTestId('report-barrier').textContent()).toBe(
      'Signaler un obstacle concernant cette restriction',
    );
    await open(page, '/public/browse');
    await expectHeading(page, 'Parcourir les restrictions');
    expect(await page.getByRole('combobox', { name: 'Type de restriction' }).count()).toBe(1);
    expect(await page.getByTestId('download-csv').getAttribute('href')).toContain('lang=fr');
    await context.close();
  });
});

describe('sectors', () => {
  it('lists the W/120 tree with counts; an entry opens its sector page', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/page/sectors');
    await expectHeading(page, 'Sectors');
    const tree = page.getByTestId('sector-tree');
    const business = tree.getByTestId('sector-business-services');
    expect(await business.textContent()).toMatch(/Business services\d+ restrictions/);
    expect(await tree.getByTestId('sector-professional-services').count()).toBe(0);
    await business.getByRole('button', { name: 'Show the sub-sectors of Business services' }).click();
    await tree.getByTestId('sector-professional-services').waitFor();
    await tree
      .getByTestId('sector-professional-services')
      .getByRole('button', { name: 'Show the sub-sectors of Professional services' })
      .click();
    await tree.getByRole('link', { name: /Legal services/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/public/browse/legal-services');
    await expectHeading(page, 'Legal services');

    await open(page, '/public/about/sectors');
    await expectHeading(page, 'About the sectors');
    await page.getByTestId('expand-all').click();
    expect(await page.getByTestId('sector-legal-services').count()).toBe(1);
    await context.close();
  });

  it('shows a sector page: restrictions by country and the commitments of the partner states', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/browse/business-services');
    await expectHeading(page, 'Business services');
    const byCountry = page.getByTestId('sector-by-country');
    const firstCountry = byCountry.locator('tbody tr').first();
    const [name, count] = await firstCountry.locator('td').allTextContents();
    const commitments = page.getByTestId('sector-commitments');
    expect(await commitments.locator('tbody tr').count()).toBeGreaterThan(0);
    for (const cell of await commitments.locator('tbody tr td:nth-child(2)').allTextContents())
      expect(cell).toMatch(/^(Yes( \(\d{4}\))?|No)$/);
    await firstCountry.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).not.toBeNull();
    await expect
      .poll(() => page.getByTestId('result-count').textContent())
      .toBe(`${count} result${count === '1' ? '' : 's'}`);
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).textContent()).toBe(name);
    await context.close();
  });
});

const screens = [
  ['browse', '/public/browse'],
  ['browse-search', '/public/browse?q=licence&country=KE,TZ'],
  ['sector-page', '/public/browse/financial-services'],
  ['restriction', `/public/restriction/${archivedSlug}`],
  ['sectors', '/public/page/sectors'],
] as const;

describe('catalogue accessibility and looks', () => {
  for (const [name, path] of screens)
    for (const colorScheme of ['light', 'dark'] as const)
      it(`${name} (${colorScheme}): no axe violation, screenshots on desktop and phone`, async () => {
        for (const viewport of ['desktop', 'phone'] as const) {
          const { context, page } = await newPage(browser, { viewport, colorScheme });
          await open(page, path);
          await page
            .locator('[aria-busy="true"]')
            .first()
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          await page.waitForLoadState('networkidle');
          if (viewport === 'phone' && name === 'browse') await page.getByTestId('filters-toggle').click();
          await expectNoAxeViolations(page);
          await screenshot(page, `catalogue-${name}-${viewport}-${colorScheme}`);
          await context.close();
        }
      });

  it('fits 320 px without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await page.setViewportSize({ width: 320, height: 700 });
    for (const [, path] of screens) {
      await open(page, path);
      await page.waitForLoadState('networkidle');
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
        path,
        width: 320,
      });
    }
    await context.close();
  });
});

// French typography (issue 33 item 5): date fields written in the interface language's format (jj/mm/aaaa,
// dd/mm/yyyy; Chromium's native date input would show the browser's mm/dd/yyyy), no word split across
// lines in the French tables, and the decimal comma in French figures. At 375 and 1366 px, light and dark,
// with axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  fitsWidth,
  settled,
  signIn,
  unscrollableTables,
  url,
  useAccountLanguage,
} from '../support/app.js';
import { expectNoAxeViolations, launchBrowser, screenshot } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const widths = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;
const schemes = ['light', 'dark'] as const;

// The browser itself speaks American English: the fields must follow the page's language, not the browser's.
async function visitor(
  language: 'fr' | 'en',
  viewport: { width: number; height: number },
  scheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({ viewport, colorScheme: scheme, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  // The interface language is the visitor's choice, as the language switch keeps it (a cookie for the
  // server's rendering, local storage for the app).
  await context.addCookies([{ name: 'stp_locale', value: language, url: url('/') }]);
  await context.addInitScript((chosen) => localStorage.setItem('stp.locale', chosen), language);
  const page = await context.newPage();
  return { context, page };
}

const formats = {
  fr: {
    placeholder: 'jj/mm/aaaa',
    typed: '15/03/2021',
    outOfRange: '01/01/1899',
    error: /^Saisissez une date comprise entre .*1900 et .*2099\.$/,
    invalid: 'Saisissez une date valide.',
  },
  en: {
    placeholder: 'dd/mm/yyyy',
    typed: '15/03/2021',
    outOfRange: '01/01/1899',
    error: /^Enter a date between .*1900 and .*2099\.$/,
    invalid: 'Enter a valid date.',
  },
} as const;

/** The visible helper (error) text under a filter field, '' when none. */
const helperText = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.MuiFormHelperText-root')
    .allInnerTexts()
    .then((texts) => texts.join(' ').trim());

describe('Date fields in the interface language', () => {
  // One test per language and width (both schemes in each): the typed date's round trip through the
  // address is the slow part on a loaded machine.
  const combinations = (['fr', 'en'] as const).flatMap((language) =>
    widths.map(({ name, viewport }) => ({ language, name, viewport })),
  );
  it.each(combinations)(
    'the public notifications filter ($language, $name): placeholder, typed date sent as ISO, range error',
    async ({ language, name, viewport }) => {
      const expected = formats[language];
      const addressFrom = (page: Page, date: string) =>
        page.waitForURL((address) => address.searchParams.get('from') === date, { timeout: 30_000 });
      for (const scheme of schemes) {
        const { context, page } = await visitor(language, viewport, scheme);
        try {
          await page.goto(url('/public/notifications'));
          await settled(page);
          expect(await page.locator('html').getAttribute('lang')).toBe(language === 'fr' ? 'fr' : 'en-GB');
          const from = page.getByTestId('filter-from').locator('input').first();
          expect({ language, name, placeholder: await from.getAttribute('placeholder') }).toEqual({
            language,
            name,
            placeholder: expected.placeholder,
          });
          // Typed with the keyboard, in the language's order: the address carries the ISO date.
          await from.click();
          await from.pressSequentially(expected.typed);
          await addressFrom(page, '2021-03-15');
          expect(await from.inputValue()).toBe(expected.typed);
          // Out of range: the language's message, and the address keeps the last good date.
          await from.fill('');
          await from.pressSequentially(expected.outOfRange);
          await expect.poll(() => helperText(page, 'filter-from')).toMatch(expected.error);
          expect(new URL(page.url()).searchParams.get('from')).not.toBe('1899-01-01');
          // Not a date at all.
          await from.fill('31/02/2021');
          await from.blur();
          await expect.poll(() => helperText(page, 'filter-from')).toBe(expected.invalid);
          await from.fill(expected.typed);
          await addressFrom(page, '2021-03-15');
          await expectNoAxeViolations(page);
          await screenshot(page, `frtypo-notifications-${language}-${name}-${scheme}`);
        } finally {
          await context.close();
        }
      }
    },
    240_000,
  );

  it('every date filter and the complaint form show the language’s format', async () => {
    for (const language of ['fr', 'en'] as const) {
      const expected = formats[language];
      const { context, page } = await visitor(language, widths[1].viewport);
      await page.goto(url('/public/complaints/list'));
      await settled(page);
      const complaintFilters = await page
        .locator('main input[name="date_from"], main input[name="date_to"]')
        .evaluateAll((inputs) =>
          inputs.map((input) => [input.getAttribute('type'), input.getAttribute('placeholder')]),
        );
      expect({ language, complaintFilters }).toEqual({
        language,
        complaintFilters: [
          ['text', expected.placeholder],
          ['text', expected.placeholder],
        ],
      });
      await expectNoAxeViolations(page);

      await context.close();

      // Staff: the audit log's range (the admin reads English; a French admin sees the same field in French).
      if (language === 'en') {
        const admin = await visitor(language, widths[1].viewport);
        await signIn(admin.page, accounts.admin);
        await admin.page.goto(url('/auth/admin/audit-log'));
        await settled(admin.page);
        const auditFrom = admin.page.getByTestId('filter-date_from');
        expect({ language, audit: await auditFrom.getAttribute('placeholder') }).toEqual({
          language,
          audit: expected.placeholder,
        });
        await auditFrom.pressSequentially('01/01/2001');
        await admin.page.waitForURL((address) => address.searchParams.get('date_from') === '2001-01-01');
        await expectNoAxeViolations(admin.page);
        await admin.context.close();
      }

      // The trader's complaint form: Date Of Occurrence's sections read as the language's format.
      const trader = await visitor(language, widths[0].viewport);
      await signIn(trader.page, language === 'fr' ? 'commercant@portal.example' : accounts.trader);
      await trader.page.goto(url('/public/complaints'));
      await settled(trader.page);
      const occurrence = trader.page.getByRole('group', {
        name: language === 'fr' ? "Date de l'incident" : 'Date Of Occurrence',
      });
      expect({
        language,
        occurrence: (await occurrence.getByRole('spinbutton').allInnerTexts()).join('/'),
      }).toEqual({
        language,
        occurrence: expected.placeholder,
      });
      await trader.context.close();
    }
  }, 300_000);
});

/**
 * Words of the main area's table cells that the layout split across lines: for each word of each text
 * (between spaces and hyphens, where a line may break), the distinct line tops of its range.
 */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const cell of document.querySelectorAll('main table th, main table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A token marked breakable (an address, slug, URL, e-mail: not a word) may break.
        if (node.parentElement?.closest('[data-breakable]')) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-‐–—/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
}

describe('French tables', () => {
  it('splits no word across lines in the French browse table at 1366 px', async () => {
    const { context, page } = await visitor('fr', widths[1].viewport);
    for (const path of ['/public/browse', '/public/browse?sort=-year_introduced', '/public/browse?page=2']) {
      await page.goto(url(path));
      await settled(page);
      await page
        .getByTestId('results-table')
        .locator('tbody tr:not([data-testid="row-skeleton"])')
        .first()
        .waitFor();
      expect({ path, split: await splitWords(page) }).toEqual({ path, split: [] });
    }
    await expectNoAxeViolations(page);
    await screenshot(page, 'frtypo-browse-fr-desktop');
    await context.close();
  }, 300_000);

  it('splits no word in the other French tables, public and staff, at 1366 and 375 px', async () => {
    const publicTables = ['/public/notifications', '/public/complaints/list'];
    // The French-speaking regional reviewer (demo data): the staff tables they may open.
    const staffTables = ['/auth/manage/complaints'];
    for (const { name, viewport } of widths) {
      const { context, page } = await visitor('fr', viewport);
      for (const path of [...publicTables, 'sign-in', ...staffTables]) {
        if (path === 'sign-in') {
          await signIn(page, 'regional@portal.example');
          continue;
        }
        await page.goto(url(path));
        await settled(page);
        await page.locator('main table tbody tr td, main [data-testid$="-card"], main li').first().waitFor();
        expect({ name, path, split: await splitWords(page) }).toEqual({ name, path, split: [] });
      }
      await context.close();
    }
  }, 300_000);
});

describe('French staff screens', () => {
  it('the admin in French: the audit log date field and every staff table at 1366 and 375 px', async () => {
    const staffTables = [
      '/auth/admin/audit-log',
      '/auth/admin/users',
      '/auth/admin/groups',
      '/auth/admin/sessions',
      '/auth/admin/delivery',
      '/auth/manage/complaints',
      '/auth/manage/notifications',
      '/auth/manage/restrictions',
      '/auth/manage/commitments',
      '/auth/manage/pages',
      '/auth/config/sectors',
      '/auth/config/policies',
      '/auth/config/restriction-access',
      '/auth/config/reports',
      '/auth/config/report-tags',
      '/auth/config/sms-services',
      '/auth/config/featured-insights',
      '/auth/config/holidays',
    ];
    const { context, page } = await visitor('en', widths[1].viewport);
    await signIn(page, accounts.admin);
    await useAccountLanguage(page, 'fr');
    try {
      await page.goto(url('/auth/admin/audit-log'));
      await settled(page);
      const auditFrom = page.getByTestId('filter-date_from');
      expect(await auditFrom.getAttribute('placeholder')).toBe('jj/mm/aaaa');
      await auditFrom.pressSequentially('31/12/2100');
      await expect
        .poll(() => page.locator('.MuiFormHelperText-root').allInnerTexts())
        .toContainEqual(expect.stringMatching(formats.fr.error));
      await expectNoAxeViolations(page);
      // At 1366 px and on a phone: a staff table keeps its words whole at 375 px too (only addresses,
      // slugs, URLs and e-mails may break), and scrolls in its own region rather than split one.
      // Every table's problems at once, so that a failure lists them all.
      const problems: string[] = [];
      for (const { name, viewport } of widths) {
        await page.setViewportSize(viewport);
        for (const path of staffTables) {
          await page.goto(url(path));
          await settled(page);
          await page
            .locator('main table tbody tr:not([data-testid="row-skeleton"]) td')
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          const split = await splitWords(page);
          if (split.length > 0) problems.push(`${name} ${path}: split ${split.join(', ')}`);
          // The page never scrolls sideways; a table wider than the screen scrolls in a named region a
          // keyboard can reach.
          if (!(await fitsWidth(page))) problems.push(`${name} ${path}: the page scrolls sideways`);
          const unreachable = await unscrollableTables(page);
          if (unreachable.length > 0)
            problems.push(`${name} ${path}: no scroll region for ${unreachable.join(', ')}`);
        }
        await expectNoAxeViolations(page);
      }
      expect(problems).toEqual([]);
      await screenshot(page, 'frtypo-admin-holidays-fr-desktop');
    } finally {
      await useAccountLanguage(page, 'en');
      await context.close();
    }
  }, 600_000);
});

describe('The decimal comma in French', () => {
  it('writes French figures with a decimal comma: indicators and a restriction’s history', async () => {
    const { context, page } = await visitor('fr', widths[1].viewport);
    const decimalPoint = /\d\.\d/;
    await page.goto(url('/public/indicators'));
    await settled(page);
    const indicator = page.locator('main a[href^="/public/indicator/"]').first();
    await indicator.waitFor();
    expect((await page.locator('main').innerText()).match(decimalPoint)).toBeNull();
    await indicator.click();
    await settled(page);
    await page.locator('main svg, main table').first().waitFor();
    const indicatorText = await page.locator('main').innerText();
    const svgText = await page.locator('main svg text').allTextContents();
    expect({
      page: indicatorText.match(decimalPoint),
      chart: svgText.filter((text) => decimalPoint.test(text)),
    }).toEqual({
      page: null,
      chart: [],
    });
    // A restriction whose history has versions: its changes (indicator values among them) in French.
    const list = (await (await page.request.get(url('/api/restrictions/?page_size=20'))).json()) as {
      results: { slug: string }[];
    };
    let commas = 0;
    for (const { slug } of list.results.slice(0, 5)) {
      await page.goto(url(`/public/restriction/${slug}`));
      await settled(page);
      // The history is folded away on some layouts: its text is read whether shown or not.
      const text = await page.locator('main').evaluate((main) => main.textContent ?? '');
      expect({ slug, decimals: text.match(decimalPoint) }).toEqual({ slug, decimals: null });
      commas += (text.match(/\d,\d/g) ?? []).length;
    }
    // The restrictiveness indicators (0,45) are there to be read: the check above had figures to look at.
    expect(commas).toBeGreaterThan(0);
    // Publications' file sizes.
    await page.goto(url('/public/publications'));
    await settled(page);
    expect((await page.locator('main').innerText()).match(decimalPoint)).toBeNull();
    await context.close();
  }, 300_000);
});

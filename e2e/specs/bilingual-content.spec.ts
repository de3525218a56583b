// Publications and content pages in English and French (issue 33 item 5): a French visitor reads the
// demo publications in French (server-rendered and hydrated), a page not translated yet shows its English
// title and content marked "Anglais uniquement" (spoken in English), staff write its French title and
// content side by side with the English (tabs on a phone), and the French visitor then reads them
// unmarked. At 375 and 1366 px, light and dark, with axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeSuccess, callApi, expectAccessibleInBothThemes } from '../support/admin.js';
import { accounts, settled, signIn, url } from '../support/app.js';
import { expectNoAxeViolations, frenchVisitor, launchBrowser, screenshot } from '../support/browser.js';

interface Publication {
  slug: string;
  title: { en: string; fr: string };
}

const run = Date.now().toString(36);
const slug = `e2e-bilingual-${run}`;
const titleEn = `Consultation notice ${run}`;
const titleFr = `Avis de consultation ${run}`;
const contentFr = 'Vos commentaires sont les bienvenus jusqu’en juin.';

const widths = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;
const schemes = ['light', 'dark'] as const;

let browser: Browser;
let publication: Publication;
let templateId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  const answer = await context.request.get(url('/api/publications/'));
  const list = (await answer.json()) as Publication[];
  publication = list.find((item) => item.title.fr && item.title.fr !== item.title.en)!;
  expect(publication).toBeDefined();
  await context.close();

  // A published page written in English only, as staff would leave it before the translation.
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signIn(page, accounts.admin);
  // A page loaded after the sign-in carries the session's CSRF token.
  await page.goto(url('/auth/manage/pages'));
  await settled(page);
  const created = await callApi(page, 'POST', '/admin/page-templates/', {
    title: `Bilingual template ${run}`,
    layout: 'standard',
    status: 'published',
    content_en: '<p>Comments are welcome until June.</p>',
    content_fr: '',
    slug,
    title_en: titleEn,
    title_fr: '',
  });
  expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
  templateId = (created.body as { id: number }).id;
  await staff.close();
});
afterAll(() => browser.close());

/** What a French reader sees of the content page: its title, the markers and the content's language. */
async function pageView(page: Page) {
  const heading = page.locator('main h1');
  return {
    lang: await page.locator('html').getAttribute('lang'),
    title: (await heading.locator('span').first().innerText()).trim(),
    titleLang: await heading.locator('span').first().getAttribute('lang'),
    markers: await page.getByTestId('content-page').getByText('Anglais uniquement').count(),
    content: (await page.getByTestId('page-content').innerText()).trim(),
    contentLang: await page.getByTestId('page-content').getAttribute('lang'),
  };
}

// Each test walks 2 widths x 2 themes with axe: minutes on a loaded machine.
describe('Publications and pages in French', () => {
  it('shows a French reader the French publication titles, server-rendered and hydrated, unmarked', async () => {
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        const bare = await frenchVisitor(browser, viewport, scheme, false);
        await bare.page.goto(url('/public/publications'));
        const titles = (await bare.page.locator('main a[href^="/public/publication/"]').allInnerTexts()).map(
          (title) => title.trim(),
        );
        expect({ name, scheme, found: titles.includes(publication.title.fr) }).toEqual({
          name,
          scheme,
          found: true,
        });
        await bare.context.close();

        const { context, page } = await frenchVisitor(browser, viewport, scheme);
        await page.goto(url('/public/publications'));
        await settled(page);
        await page
          .getByRole('link', { name: publication.title.fr, exact: true })
          .waitFor({ state: 'visible' });
        expect(await page.getByTestId('english-only').count()).toBe(0);
        await expectNoAxeViolations(page);
        await screenshot(page, `bilingual-publications-${name}-${scheme}`);
        await page.getByRole('link', { name: publication.title.fr, exact: true }).click();
        await page.waitForURL((address) => address.pathname === `/public/publication/${publication.slug}`);
        await settled(page);
        expect((await page.locator('main h1').innerText()).trim()).toBe(publication.title.fr);
        expect(await page.getByTestId('english-only').count()).toBe(0);
        await expectNoAxeViolations(page);
        await context.close();
      }
    }
  }, 300_000);

  it('marks the English title and content of a page not translated yet, server-rendered and hydrated', async () => {
    const expected = {
      lang: 'fr',
      title: titleEn,
      titleLang: 'en',
      markers: 2,
      content: 'Comments are welcome until June.',
      contentLang: 'en',
    };
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        const bare = await frenchVisitor(browser, viewport, scheme, false);
        await bare.page.goto(url(`/public/page/${slug}`));
        expect({ name, scheme, ...(await pageView(bare.page)) }).toEqual({ name, scheme, ...expected });
        await bare.context.close();

        const { context, page } = await frenchVisitor(browser, viewport, scheme);
        await page.goto(url(`/public/page/${slug}`));
        await settled(page);
        expect({ name, scheme, ...(await pageView(page)) }).toEqual({ name, scheme, ...expected });
        await expectNoAxeViolations(page);
        await screenshot(page, `bilingual-page-english-only-${name}-${scheme}`);
        await context.close();
      }
    }
  }, 300_000);

  it('lets staff write the French title and content beside the English; the French reader then sees them', async () => {
    for (const { name, viewport } of widths) {
      const context = await browser.newContext({ viewport, colorScheme: 'light', locale: 'en-GB' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await signIn(page, accounts.admin);
      await page.goto(url(`/auth/manage/pages/${templateId}`));
      await settled(page);
      const english = page.getByTestId('field-title_en');
      const french = page.getByTestId('field-title_fr');
      await french.waitFor({ state: 'visible' });
      expect(await french.getAttribute('lang')).toBe('fr');
      const [a, b] = [(await english.boundingBox())!, (await french.boundingBox())!];
      await page.getByTestId('editor-content-en').waitFor({ state: 'visible' });
      if (name === 'desktop') {
        // Side by side: the titles on one row, the two content editors on one row, no tabs.
        expect({ sameRow: Math.abs(a.y - b.y) < 4, frenchRight: b.x > a.x + a.width }).toEqual({
          sameRow: true,
          frenchRight: true,
        });
        const [en, fr] = [
          (await page.getByTestId('content-editor-en').boundingBox())!,
          (await page.getByTestId('content-editor-fr').boundingBox())!,
        ];
        expect({ sameRow: Math.abs(en.y - fr.y) < 4, frenchRight: fr.x >= en.x + en.width }).toEqual({
          sameRow: true,
          frenchRight: true,
        });
        expect(await page.getByTestId('content-tab-fr').count()).toBe(0);
      } else {
        // A phone: the French title under the English one, the content in English / French tabs.
        expect({ sameColumn: Math.abs(a.x - b.x) < 4, frenchBelow: b.y > a.y + a.height }).toEqual({
          sameColumn: true,
          frenchBelow: true,
        });
        expect(await page.getByTestId('editor-content-fr').count()).toBe(0);
        await page.getByTestId('content-tab-fr').click();
        await page.getByTestId('editor-content-fr').waitFor({ state: 'visible' });
      }
      // The staff's theme is their setting (the switch), not the system's: both, with axe.
      await screenshot(page, `bilingual-admin-page-${name}-light`);
      await expectAccessibleInBothThemes(page, `bilingual-admin-page-${name}-dark`);
      if (name === 'desktop') {
        await french.fill(titleFr);
        await page.getByTestId('editor-content-fr').click();
        await page.keyboard.type(contentFr);
        await page.getByTestId('admin-save').click();
        await acknowledgeSuccess(page);
        const saved = await callApi(page, 'GET', `/admin/page-templates/${templateId}/`);
        expect(saved.body).toMatchObject({ page: { title_en: titleEn, title_fr: titleFr } });
        expect((saved.body as { content_fr: string }).content_fr).toContain(contentFr);
      }
      await context.close();
    }
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        const { context, page } = await frenchVisitor(browser, viewport, scheme);
        await page.goto(url(`/public/page/${slug}`));
        await settled(page);
        expect({ name, scheme, ...(await pageView(page)) }).toEqual({
          name,
          scheme,
          lang: 'fr',
          title: titleFr,
          titleLang: null,
          markers: 0,
          content: contentFr,
          contentLang: null,
        });
        await expectNoAxeViolations(page);
        await screenshot(page, `bilingual-page-french-${name}-${scheme}`);
        await context.close();
      }
    }
  }, 300_000);
});

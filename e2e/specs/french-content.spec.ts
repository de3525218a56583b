// French, all the way (issue 33 item 5): a French visitor reads the French restriction text on the
// server-rendered page and after hydration, searches a French word and sees the French text with the
// word marked, an untranslated text is marked "Anglais uniquement" (and spoken in English), staff edit
// the French beside the English, and the public page shows it. At 375 and 1366 px, light and dark, with axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeSuccess, callApi } from '../support/admin.js';
import { accounts, settled, signIn, url } from '../support/app.js';
import { expectNoAxeViolations, frenchVisitor, launchBrowser, screenshot } from '../support/browser.js';

interface Restriction {
  id: number;
  slug: string;
  title: string;
  title_fr: string | null;
  text_of_measure: string;
  text_of_measure_fr: string | null;
  remarks: string;
  remarks_fr: string | null;
  other_dates: string;
  commitments_made: string;
  country: { name: { fr: string } };
}

interface Highlight {
  title: { text: string; match: boolean }[];
  text_of_measure: { text: string; match: boolean }[];
  title_lang: string;
  text_of_measure_lang: string;
}

let browser: Browser;
let restriction: Restriction;
/** A word of the restriction's French text of measure (not of its title) that a search finds it by, and one of its English text. */
let searches: { fr: string; en: string };
beforeAll(async () => {
  browser = await launchBrowser();
  // A visible demo restriction, in French as the demo data has them all: title, text of measure, remarks.
  const context = await browser.newContext();
  const answer = await context.request.get(url('/api/restrictions/?country=KE&sort=title&page_size=5'));
  const { results } = (await answer.json()) as { results: { slug: string }[] };
  for (const { slug } of results) {
    const detail = (await (
      await context.request.get(url(`/api/restrictions/${slug}/`))
    ).json()) as Restriction;
    if (detail.title_fr && detail.text_of_measure_fr) {
      restriction = detail;
      break;
    }
  }
  expect(restriction).toBeDefined();
  // The rarest long words of each text that find the restriction on a first page with its text marked.
  const findsBy = async (text: string, title: string, lang: 'en' | 'fr') => {
    const words = [...new Set(text.toLowerCase().match(/[\p{L}]{9,}/gu) ?? [])].filter(
      (word) => !title.toLowerCase().includes(word),
    );
    for (const word of words) {
      const list = (await (
        await context.request.get(
          url(`/api/restrictions/?q=${encodeURIComponent(word)}&country=KE&lang=${lang}&page_size=20`),
        )
      ).json()) as { results: { slug: string; highlight: Highlight | null }[] };
      const found = list.results.find((row) => row.slug === restriction.slug);
      if (found?.highlight?.text_of_measure.some((segment) => segment.match)) return word;
    }
    throw new Error(`no word of ${text} finds the restriction`);
  };
  searches = {
    fr: await findsBy(restriction.text_of_measure_fr!, restriction.title_fr!, 'fr'),
    en: await findsBy(restriction.text_of_measure, restriction.title, 'en'),
  };
  await context.close();
});
afterAll(() => browser.close());

/** The remarks' marker, when the remarks are English only (the text of measure's is counted apart). */
// The demo remarks are French too: a marker here is a translation missing.
const remarksMarkers = () => (restriction.remarks.trim() && !restriction.remarks_fr ? 1 : 0);
/** Other Dates and Commitments Made have no French column: each one written is marked when shown. */
const englishFieldMarkers = () =>
  (restriction.other_dates.trim() ? 1 : 0) + (restriction.commitments_made.trim() ? 1 : 0);

const widths = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;
const schemes = ['light', 'dark'] as const;

/** The fields without a French column, marked, and the commitment's French heading (no "de Kenya"). */
const untranslatedFields = () => ({
  englishFields: englishFieldMarkers(),
  commitmentTitle: expect.stringMatching(
    new RegExp(
      `^Engagement de l'État partenaire \\(${restriction.country.name.fr}\\) pour le secteur «\u202f.+\u202f»$`,
    ),
  ),
});
/** What a French reader sees of the restriction: the title, the marker, the text of measure and its lang. */
async function frenchView(page: Page) {
  const measure = page.getByTestId('section-measure').locator('.long-text').first();
  return {
    lang: await page.locator('html').getAttribute('lang'),
    title: (await page.getByTestId('restriction-title').innerText()).trim(),
    titleLang: await page.getByTestId('restriction-title').getAttribute('lang'),
    markers: await page.getByTestId('section-measure').getByText('Anglais uniquement').count(),
    measure: (await measure.innerText()).trim(),
    measureLang: await measure.getAttribute('lang'),
    englishFields: await page
      .locator('[data-testid="section-dates"], [data-testid="section-commitments"]')
      .getByText('Anglais uniquement')
      .count(),
    commitmentTitle: (await page.getByTestId('commitment').locator('h3').innerText()).trim(),
  };
}

describe('French catalogue content', () => {
  it('shows a French reader the French title and text of measure, server-rendered and hydrated', async () => {
    const expected = {
      lang: 'fr',
      title: restriction.title_fr,
      titleLang: null,
      markers: remarksMarkers(),
      measure: restriction.text_of_measure_fr!.trim(),
      measureLang: null,
      ...untranslatedFields(),
    };
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        // The server's HTML alone (no script): already French.
        const bare = await frenchVisitor(browser, viewport, scheme, false);
        await bare.page.goto(url(`/public/restriction/${restriction.slug}`));
        expect({ name, scheme, ...(await frenchView(bare.page)) }).toEqual({ name, scheme, ...expected });
        // The server's head names the page in French (after hydration the app's head takes over).
        expect(await bare.page.title()).toBe(`${restriction.title_fr} | Portail du commerce des services`);
        await bare.context.close();

        // The same page once the app has taken over.
        const { context, page } = await frenchVisitor(browser, viewport, scheme);
        await page.goto(url(`/public/restriction/${restriction.slug}`));
        await settled(page);
        expect({ name, scheme, ...(await frenchView(page)) }).toEqual({ name, scheme, ...expected });
        await expectNoAxeViolations(page);
        await screenshot(page, `french-restriction-${name}-${scheme}`);
        await context.close();
      }
    }
  }, 240_000);

  it('lists French titles in the browse results and finds a restriction by a French word', async () => {
    for (const { name, viewport } of widths) {
      const { context, page } = await frenchVisitor(browser, viewport, 'light');
      const word = restriction.title_fr!.split(/\s+/).find((part) => part.length > 8)!;
      await page.goto(url(`/public/browse?q=${encodeURIComponent(word)}&country=KE`));
      await settled(page);
      const links = page.locator('main a[href^="/public/restriction/"]');
      await links.first().waitFor({ state: 'visible' });
      const titles = await links.allInnerTexts();
      expect({ name, found: titles.map((title) => title.trim()).includes(restriction.title_fr!) }).toEqual({
        name,
        found: true,
      });
      await expectNoAxeViolations(page);
      await context.close();
    }
  });

  it('marks a French visitor’s search word in the French text of the results, and an English visitor’s in the English', async () => {
    const visitors = [
      { lang: 'fr', locale: 'fr-FR', word: searches.fr, text: restriction.text_of_measure_fr! },
      { lang: 'en', locale: 'en-GB', word: searches.en, text: restriction.text_of_measure },
    ] as const;
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        for (const visitor of visitors) {
          const context = await browser.newContext({ viewport, colorScheme: scheme, locale: visitor.locale });
          context.setDefaultTimeout(15_000);
          const page = await context.newPage();
          await page.goto(url(`/public/browse?q=${encodeURIComponent(visitor.word)}&country=KE`));
          await settled(page);
          const link = page.locator(`main a[href="/public/restriction/${restriction.slug}"]`);
          await link.waitFor({ state: 'visible' });
          // The row or card of the restriction: the nearest ancestor of its link that holds an excerpt.
          const result = link.locator('xpath=ancestor::*[.//*[@data-testid="result-excerpt"]][1]');
          const excerpt = result.getByTestId('result-excerpt');
          // Text content, not innerText: cards off screen are not rendered (content-visibility), and
          // innerText reads nothing of them.
          const shown = ((await excerpt.textContent()) ?? '').replace(/^…\s*|\s*…$/g, '').trim();
          const marks = await excerpt.locator('mark').allTextContents();
          const normalise = (text: string) => text.replace(/\s+/g, ' ');
          expect({
            name,
            scheme,
            lang: visitor.lang,
            // The excerpt is a part of the visitor's language's text (one or two fragments).
            inText:
              shown !== '' &&
              shown.split(' … ').every((part) => normalise(visitor.text).includes(normalise(part))),
            // The word searched is marked (as its stem matches: "inscrits" for "inscription").
            marked: marks.some((mark) => mark.toLowerCase().startsWith(visitor.word.slice(0, 5)))
              ? true
              : { word: visitor.word, marks, shown },
            excerptLang: await excerpt.getAttribute('lang'),
          }).toEqual({ name, scheme, lang: visitor.lang, inText: true, marked: true, excerptLang: null });
          if (visitor.lang === 'fr') {
            await expectNoAxeViolations(page);
            await screenshot(page, `french-search-${name}-${scheme}`);
          }
          await context.close();
        }
      }
    }
  }, 240_000);

  it('shows an untranslated text in English to a French reader, marked "Anglais uniquement" and spoken in English', async () => {
    // Staff take the French text of measure out (blank: not translated).
    const context = await browser.newContext({ viewport: widths[1].viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, accounts.admin);
    await page.goto(url(`/auth/manage/restrictions/${restriction.id}`));
    await settled(page);
    await page.getByTestId('field-text_of_measure_fr').fill('');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    const saved = await callApi(page, 'GET', `/admin/restrictions/${restriction.id}/`);
    expect(saved.body).toMatchObject({ text_of_measure_fr: null });
    await context.close();
    const expected = {
      lang: 'fr',
      title: restriction.title_fr,
      titleLang: null,
      markers: 1 + remarksMarkers(),
      measure: restriction.text_of_measure.trim(),
      measureLang: 'en',
      ...untranslatedFields(),
    };
    for (const { name, viewport } of widths) {
      for (const scheme of schemes) {
        const bare = await frenchVisitor(browser, viewport, scheme, false);
        await bare.page.goto(url(`/public/restriction/${restriction.slug}`));
        expect({ name, scheme, ...(await frenchView(bare.page)) }).toEqual({ name, scheme, ...expected });
        await bare.context.close();
        const visitor = await frenchVisitor(browser, viewport, scheme);
        await visitor.page.goto(url(`/public/restriction/${restriction.slug}`));
        await settled(visitor.page);
        expect({ name, scheme, ...(await frenchView(visitor.page)) }).toEqual({ name, scheme, ...expected });
        await expectNoAxeViolations(visitor.page);
        await screenshot(visitor.page, `french-restriction-english-only-${name}-${scheme}`);
        await visitor.context.close();
      }
    }
  }, 240_000);

  it('lets staff write the French beside the English; the public French page then shows it', async () => {
    const french = `Texte français de la mesure (E2E ${Date.now().toString(36)})\u202f: licence exigée.`;
    for (const { name, viewport } of widths) {
      const context = await browser.newContext({ viewport, colorScheme: 'light', locale: 'en-GB' });
      const page = await context.newPage();
      await signIn(page, accounts.admin);
      await page.goto(url(`/auth/manage/restrictions/${restriction.id}`));
      await settled(page);
      const english = page.getByTestId('field-text_of_measure');
      const translation = page.getByTestId('field-text_of_measure_fr');
      await translation.waitFor({ state: 'visible' });
      const [a, b] = [(await english.boundingBox())!, (await translation.boundingBox())!];
      // Side by side on a desktop (same row), stacked on a phone (same column, French below).
      if (name === 'desktop')
        expect({ sameRow: Math.abs(a.y - b.y) < 4, frenchRight: b.x > a.x + a.width }).toEqual({
          sameRow: true,
          frenchRight: true,
        });
      else
        expect({ sameColumn: Math.abs(a.x - b.x) < 4, frenchBelow: b.y > a.y + a.height }).toEqual({
          sameColumn: true,
          frenchBelow: true,
        });
      expect(await translation.getAttribute('lang')).toBe('fr');
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoAxeViolations(page);
      }
      if (name === 'desktop') {
        await translation.fill(french);
        await page.getByTestId('admin-save').click();
        await acknowledgeSuccess(page, 'Your details were successfully saved');
        const saved = await callApi(page, 'GET', `/admin/restrictions/${restriction.id}/`);
        expect(saved.body).toMatchObject({ text_of_measure_fr: french });
      }
      await screenshot(page, `french-admin-restriction-${name}`);
      await context.close();
    }
    for (const { viewport } of widths) {
      const { context, page } = await frenchVisitor(browser, viewport, 'dark');
      await page.goto(url(`/public/restriction/${restriction.slug}`));
      await settled(page);
      expect(await frenchView(page)).toMatchObject({
        markers: remarksMarkers(),
        measure: french,
        measureLang: null,
      });
      await context.close();
    }
  }, 180_000);
});

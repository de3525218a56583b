// Search highlights in the visitor's language (issue 33 item 5): a French visitor's browse list marks the
// French title and text of measure, an English visitor's the English ones, from the same search.
import type { Paginated, THighlightSegment, TRestrictionListItem } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertRestriction } from './test-support.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertRestriction(ctx.db, {
    title: 'Foreign surveyors must register with the national board',
    titleFr: 'Les géomètres étrangers doivent s’immatriculer auprès de l’ordre national',
    textOfMeasure:
      'Under section 9 of the Surveyors Act, a foreign surveyor may only practise after registration with the board.',
    textOfMeasureFr:
      'En vertu de l’article 9 de la loi sur les géomètres, un géomètre étranger ne peut exercer qu’après son immatriculation auprès de l’ordre.',
  });
  // Translated title only: the text of measure is marked in English, and says so.
  await insertRestriction(ctx.db, {
    title: 'Quota on foreign surveying firms',
    titleFr: 'Quota de cabinets de géomètres étrangers',
    textOfMeasure: 'At most five foreign surveying firms may be licensed at any one time.',
  });
});
afterAll(() => ctx.close());

const browse = async (query: string) => {
  const response = await ctx.client().request({ url: `/api/restrictions/?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<Paginated<TRestrictionListItem>>();
};
const marked = (segments: THighlightSegment[]) => segments.filter((s) => s.match).map((s) => s.text);
const plain = (segments: THighlightSegment[]) => segments.map((s) => s.text).join('');

describe('search highlights in the visitor’s language', () => {
  it('marks the French title and text for a French visitor searching a French word', async () => {
    const list = await browse('q=immatriculation&lang=fr');
    expect(list.count).toBe(1);
    const { highlight, title_fr } = list.results[0]!;
    expect(highlight).toMatchObject({ title_lang: 'fr', text_of_measure_lang: 'fr' });
    expect(plain(highlight!.title)).toBe(title_fr);
    // French stemming: "immatriculer" in the title and "immatriculation" in the text are the same word.
    expect(marked(highlight!.title)).toEqual(['immatriculer']);
    expect(marked(highlight!.text_of_measure)).toEqual(['immatriculation']);
    expect(plain(highlight!.text_of_measure)).toContain('un géomètre étranger ne peut exercer');
  });

  it('marks the English texts for an English visitor, with the same search', async () => {
    for (const query of ['q=surveyors', 'q=surveyors&lang=en']) {
      const list = await browse(query);
      const row = list.results.find((r) => r.title.startsWith('Foreign surveyors'))!;
      expect(row.highlight).toMatchObject({ title_lang: 'en', text_of_measure_lang: 'en' });
      expect(plain(row.highlight!.title)).toBe(row.title);
      expect(marked(row.highlight!.text_of_measure)).toContain('surveyor');
    }
  });

  it('marks French words by their stem, and shows the English text where it is not translated', async () => {
    const list = await browse('q=g%C3%A9om%C3%A8tres&lang=fr');
    expect(list.count).toBe(2);
    const translated = list.results.find((r) => r.title.startsWith('Foreign'))!.highlight!;
    expect(marked(translated.title)).toEqual(['géomètres']);
    expect(marked(translated.text_of_measure)).toEqual(['géomètres', 'géomètre']);
    // No French text of measure: the English is shown, marked as English; the French title is marked.
    const untranslated = list.results.find((r) => r.title.startsWith('Quota'))!.highlight!;
    expect(untranslated).toMatchObject({ title_lang: 'fr', text_of_measure_lang: 'en' });
    expect(marked(untranslated.title)).toEqual(['géomètres']);
  });

  it('refuses an unknown language', async () => {
    const response = await ctx.client().request({ url: '/api/restrictions/?q=surveyors&lang=de' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      lang: 'Select a valid language.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { inLanguage, pairInLanguage } from './localised.js';

describe('inLanguage', () => {
  it('shows the French translation to a French reader', () => {
    expect(inLanguage('Licence', 'Licence exigée', 'fr')).toEqual({
      text: 'Licence exigée',
      lang: 'fr',
      fallback: false,
    });
  });

  it('falls back to the English text, flagged, when the French is missing or blank', () => {
    for (const french of [null, undefined, '', '   '])
      expect(inLanguage('Licence required', french, 'fr')).toEqual({
        text: 'Licence required',
        lang: 'en',
        fallback: true,
      });
  });

  it('never flags the English reader, nor an empty English text', () => {
    expect(inLanguage('Licence required', 'Licence exigée', 'en')).toEqual({
      text: 'Licence required',
      lang: 'en',
      fallback: false,
    });
    expect(inLanguage('', null, 'fr').fallback).toBe(false);
  });

  it('reads the { en, fr } pairs the same way', () => {
    expect(pairInLanguage({ en: 'Report', fr: '' }, 'fr')).toMatchObject({ text: 'Report', fallback: true });
    expect(pairInLanguage({ en: 'Report', fr: 'Rapport' }, 'fr')).toMatchObject({ text: 'Rapport' });
  });
});

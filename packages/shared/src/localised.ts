/** A supported interface language. */
export type TLanguage = 'en' | 'fr';

/** A text as shown to a visitor: the text, the language it is written in, and whether it fell back to English. */
export interface TShownText {
  text: string;
  lang: TLanguage;
  /** True when the visitor reads French and the text is the English one (not translated yet). */
  fallback: boolean;
}

/**
 * The text of a bilingual field in the visitor's language: the French translation for a French visitor
 * when it has one, otherwise the English text, flagged as a fallback when French was wanted (the web then
 * marks it "English only" and sets lang="en" on it). An empty English text is never flagged.
 */
export function inLanguage(english: string, french: string | null | undefined, lang: TLanguage): TShownText {
  const translated = french?.trim() ? french : null;
  if (lang === 'fr' && translated !== null) return { text: translated, lang: 'fr', fallback: false };
  return { text: english, lang: 'en', fallback: lang === 'fr' && english.trim() !== '' };
}

/** The same for a `{ en, fr }` pair (sectors, publications, pages, reports). */
export function pairInLanguage(
  pair: { en: string; fr: string } | null | undefined,
  lang: TLanguage,
): TShownText {
  return inLanguage(pair?.en ?? '', pair?.fr, lang);
}

/**
 * The interface languages, the token refresh threshold, the date formats and the currency: what the web
 * app's first load and its formatting need from this package, in a module of its own so that neither
 * carries the constants lists (constants.ts) only some screens use (issue 30, JavaScript budget).
 */
export const supportedLocales = ['en', 'fr'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';
/** The date-fns locale behind `en`: spec 9 says English (en-GB) is the default. */
export const localeTags: Record<Locale, string> = { en: 'en-GB', fr: 'fr' };
/** Spec 9: a token with fewer seconds than this left is refreshed. */
export const tokenRefreshSeconds = 180;
export const defaultCurrency = 'USD';
/**
 * Date formats (date-fns patterns) by interface language: English has spec 9's default (`MMMM do, yyyy
 * h:mmaaa`, `MMMM do, yyyy`); French writes the same parts in French order and on the 24-hour clock
 * (`5 mars 2026 14:07`, `1er janvier 2026`), as French readers expect (docs/decisions.md, "Dates").
 */
export const dateFormats = {
  en: { dateTime: 'MMMM do, yyyy h:mmaaa', date: 'MMMM do, yyyy' },
  fr: { dateTime: 'do MMMM yyyy HH:mm', date: 'do MMMM yyyy' },
} as const;

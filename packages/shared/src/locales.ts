/**
 * The interface languages, and the token refresh threshold: what the web app's first load needs from
 * this package, in a module of its own so that the first load does not carry the constants lists
 * (constants.ts) the screens' chunks use (issue 30, JavaScript budget).
 */
export const supportedLocales = ['en', 'fr'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';
/** The date-fns locale behind `en`: spec 9 says English (en-GB) is the default. */
export const localeTags: Record<Locale, string> = { en: 'en-GB', fr: 'fr' };
/** Spec 9: a token with fewer seconds than this left is refreshed. */
export const tokenRefreshSeconds = 180;

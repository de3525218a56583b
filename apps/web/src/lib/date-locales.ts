import type { Locale } from '@stp/shared';
import type { Locale as DateFnsLocale } from 'date-fns';
// Only the two interface languages ship (spec 9: en means en-GB).
import { enGB } from 'date-fns/locale/en-GB';
import { fr } from 'date-fns/locale/fr';
import { currentLocale, isSupportedLocale } from '../i18n/index.js';

/**
 * The date-fns locales of the interface languages, for the date pickers: apart from format.ts, whose
 * formats need no date-fns, so a screen that only shows dates (a restriction) does not download it.
 */

/** Spec 9: weeks start on Sunday, whatever the language's own habit. */
const weekStartsOnSunday = (locale: DateFnsLocale): DateFnsLocale => ({
  ...locale,
  options: { ...locale.options, weekStartsOn: 0 },
});

/** The date-fns locales of the interface languages, with weeks starting on Sunday (for the pickers). */
export const dateLocales: Record<Locale, DateFnsLocale> = {
  en: weekStartsOnSunday(enGB),
  fr: weekStartsOnSunday(fr),
};

/** The date-fns locale of an interface language (the current one by default). */
export function dateLocale(locale: string = currentLocale()): DateFnsLocale {
  return dateLocales[isSupportedLocale(locale) ? locale : 'en'];
}

import { dateFormats, defaultCurrency, localeTags, type Locale } from '@stp/shared';
import { format, isValid, parseISO, type Locale as DateFnsLocale } from 'date-fns';
// Only the two interface languages ship (spec 9: en means en-GB).
import { enGB } from 'date-fns/locale/en-GB';
import { fr } from 'date-fns/locale/fr';
import { currentLocale, isSupportedLocale } from '../i18n/index.js';

/** A date as the app receives it: a Date, an ISO string from the server, or a timestamp. */
export type DateInput = Date | string | number | null | undefined;

/** Spec 9: weeks start on Sunday, whatever the language's own habit. */
const weekStartsOnSunday = (locale: DateFnsLocale): DateFnsLocale => ({
  ...locale,
  options: { ...locale.options, weekStartsOn: 0 },
});

/** The date-fns locales of the interface languages, with weeks starting on Sunday (for formats and pickers). */
export const dateLocales: Record<Locale, DateFnsLocale> = {
  en: weekStartsOnSunday(enGB),
  fr: weekStartsOnSunday(fr),
};

/** The date-fns locale of an interface language (the current one by default). */
export function dateLocale(locale: string = currentLocale()): DateFnsLocale {
  return dateLocales[isSupportedLocale(locale) ? locale : 'en'];
}

/** Reads a date input; null when empty or unreadable. ISO strings without an offset are local times. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/**
 * The wall-clock time of a moment in a time zone, as a Date whose local fields show it: what date-fns
 * formats. A server-rendered page writes its date-times in the visitor's zone (or UTC) and the browser
 * hydrates with the same text (ssr/page-render.tsx).
 */
function inTimeZone(date: Date, timeZone: string): Date {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(date);
    const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
    return new Date(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
  } catch {
    return date;
  }
}

function formatWith(
  kind: 'date' | 'dateTime',
  value: DateInput,
  locale: string = currentLocale(),
  timeZone?: string,
): string {
  const read = toDate(value);
  const date = read && timeZone ? inTimeZone(read, timeZone) : read;
  const language = isSupportedLocale(locale) ? locale : 'en';
  return date ? format(date, dateFormats[language][kind], { locale: dateLocales[language] }) : '';
}

/** A date and time in the language's format (English: spec 9's `MMMM do, yyyy h:mmaaa`) in the browser's time zone; '' for no date. */
export function formatDateTime(value: DateInput, locale?: string, timeZone?: string): string {
  return formatWith('dateTime', value, locale, timeZone);
}

/**
 * A date and time as {@link formatDateTime} writes it, in its two parts: a cell that may wrap between the
 * date and the time, and nowhere else, sets each part on one line. Both formats of spec 9 are the date,
 * a space and the time; a format that were not would give the whole as the date.
 */
export function formatDateTimeParts(value: DateInput, locale?: string): { date: string; time: string } {
  const date = formatDate(value, locale);
  const dateTime = formatDateTime(value, locale);
  return dateTime.startsWith(`${date} `)
    ? { date, time: dateTime.slice(date.length + 1) }
    : { date: dateTime, time: '' };
}

/** A date in the language's format (English: spec 9's `MMMM do, yyyy`) in the browser's time zone; '' for no date. */
export function formatDate(value: DateInput, locale?: string): string {
  return formatWith('date', value, locale);
}

/** An amount in the default currency (spec 9: USD), written the interface language's way; '' for no amount. */
export function formatCurrency(amount: number | null | undefined, locale: string = currentLocale()): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const tag = localeTags[isSupportedLocale(locale) ? locale : 'en'];
  return new Intl.NumberFormat(tag, { style: 'currency', currency: defaultCurrency }).format(amount);
}

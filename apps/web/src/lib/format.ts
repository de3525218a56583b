import { dateFormats, defaultCurrency, localeTags, type Locale } from '@stp/shared';
import { currentLocale, isSupportedLocale } from '../i18n/index.js';

/** A date as the app receives it: a Date, an ISO string from the server, or a timestamp. */
export type DateInput = Date | string | number | null | undefined;

// An ISO 8601 date, or date and time with an optional offset (date-fns' parseISO's extended forms).
const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** An ISO string as a Date: without an offset it is a local time (as date-fns' parseISO reads it). */
function parseIsoDate(text: string): Date | null {
  const match = isoPattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const milliseconds = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const zone = match[8];
  if (month < 1 || month > 12 || day < 1 || hour > 24 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  const checked = new Date(utc);
  if (checked.getUTCMonth() !== month - 1 || checked.getUTCDate() !== day) return null;
  if (zone === undefined) {
    const local = new Date(year, month - 1, day, hour, minute, second, milliseconds);
    local.setFullYear(year);
    return local;
  }
  if (zone === 'Z') return checked;
  const sign = zone.startsWith('-') ? -1 : 1;
  // +02, +0200 or +02:00.
  const offset = sign * (Number(zone.slice(1, 3)) * 60 + (zone.length > 3 ? Number(zone.slice(-2)) : 0));
  return new Date(utc - offset * 60_000);
}

/** Reads a date input; null when empty or unreadable. ISO strings without an offset are local times. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseIsoDate(value) : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
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
  return date ? formatPattern(date, dateFormats[language][kind], language) : '';
}

const monthNames = (tag: string) => {
  const names = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_unused, month) => names.format(Date.UTC(2000, month, 1)));
};
const months: Record<Locale, string[]> = { en: monthNames('en-GB'), fr: monthNames('fr') };

/** A day of the month as date-fns' `do` writes it: 1st, 2nd, 3rd, 11th, 21st; in French 1er, then 2, 3. */
function ordinalDay(day: number, language: Locale): string {
  if (language === 'fr') return day === 1 ? '1er' : String(day);
  const tens = day % 100;
  if (tens > 10 && tens < 14) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A date in one of spec 9's formats (`dateFormats`), with the date-fns tokens they use: MMMM, do, yyyy,
 * h, HH, mm and aaa. It replaces date-fns' `format` there, about 9 KB brotli of every screen that shows
 * a date; format.test.ts checks it against date-fns over a sweep of dates.
 */
function formatPattern(date: Date, pattern: string, language: Locale): string {
  const hours = date.getHours();
  const tokens: Record<string, () => string> = {
    MMMM: () => months[language][date.getMonth()]!,
    do: () => ordinalDay(date.getDate(), language),
    yyyy: () => String(date.getFullYear()).padStart(4, '0'),
    HH: () => twoDigits(hours),
    h: () => String(hours % 12 === 0 ? 12 : hours % 12),
    mm: () => twoDigits(date.getMinutes()),
    aaa: () => (hours < 12 ? 'am' : 'pm'),
  };
  return pattern.replace(/MMMM|do|yyyy|HH|h|mm|aaa/g, (token) => tokens[token]!());
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

/**
 * A number written the interface language's way: French has the decimal comma and a narrow no-break
 * space between thousands ('0,45', '12 345'); '' for no number. Every figure shown goes through here
 * or through an `Intl.NumberFormat` of the same locale tag.
 */
export function formatNumber(
  value: number | null | undefined,
  locale: string = currentLocale(),
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 3 },
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const tag = localeTags[isSupportedLocale(locale) ? locale : 'en'];
  return new Intl.NumberFormat(tag, options).format(value);
}

/** A label and the colon after it, French with the narrow no-break space before ':' ("Source :"). */
export function withColon(label: string, locale: string = currentLocale()): string {
  return locale === 'fr' ? `${label}\u202f:` : `${label}:`;
}

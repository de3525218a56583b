import { dateFormats } from '@stp/shared';
import { format, parseISO, startOfWeek } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../i18n/index.js';
import { dateLocale, dateLocales } from './date-locales.js';
import { formatCurrency, formatDate, formatDateTime, formatDateTimeParts, toDate } from './format.js';

// A local time, so the expectations hold in any time zone the tests run in.
const fixed = new Date(2026, 2, 5, 14, 7);

afterEach(async () => {
  await applyLocale('en');
});

describe('formatDateTime and formatDate (spec 9 in English, French order in French)', () => {
  it('writes English dates with the en-GB locale', () => {
    expect(formatDateTime(fixed, 'en')).toBe('March 5th, 2026 2:07pm');
    expect(formatDate(fixed, 'en')).toBe('March 5th, 2026');
    expect(formatDateTime(new Date(2026, 0, 1, 9, 5), 'en')).toBe('January 1st, 2026 9:05am');
  });

  it('writes French dates in French order, on the 24-hour clock', () => {
    expect(formatDateTime(fixed, 'fr')).toBe('5 mars 2026 14:07');
    expect(formatDate(fixed, 'fr')).toBe('5 mars 2026');
    expect(formatDate(new Date(2026, 0, 1), 'fr')).toBe('1er janvier 2026');
    expect(formatDateTime(new Date(2026, 0, 1, 9, 5), 'fr')).toBe('1er janvier 2026 09:05');
  });

  it('splits a date and time into its date and its time, in both languages', () => {
    expect(formatDateTimeParts(fixed, 'en')).toEqual({ date: 'March 5th, 2026', time: '2:07pm' });
    expect(formatDateTimeParts(fixed, 'fr')).toEqual({ date: '5 mars 2026', time: '14:07' });
    expect(formatDateTimeParts(null, 'en')).toEqual({ date: '', time: '' });
  });

  it('follows the interface language by default', async () => {
    expect(formatDate(fixed)).toBe('March 5th, 2026');
    await applyLocale('fr');
    expect(formatDate(fixed)).toBe('5 mars 2026');
  });

  it('reads ISO strings (without an offset as local time) and timestamps', () => {
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('March 5th, 2026 2:07pm');
    expect(formatDate('2026-03-05')).toBe('March 5th, 2026');
    expect(formatDateTime(fixed.getTime())).toBe('March 5th, 2026 2:07pm');
  });

  it('shows dates in the browser time zone', () => {
    const instant = '2026-03-05T14:07:00Z';
    const local = new Date(Date.UTC(2026, 2, 5, 14, 7));
    const hours = local.getHours() % 12 || 12;
    const minutes = String(local.getMinutes()).padStart(2, '0');
    expect(formatDateTime(instant)).toMatch(new RegExp(` ${hours}:${minutes}(am|pm)$`));
  });

  it('gives an empty string for an empty or unreadable value', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN, new Date('nope')]) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDate(value)).toBe('');
      expect(toDate(value)).toBeNull();
    }
  });

  it('falls back to English for an unknown language', () => {
    expect(formatDate(fixed, 'sw')).toBe('March 5th, 2026');
    expect(dateLocale('sw')).toBe(dateLocales.en);
  });
});

describe('the formats without date-fns', () => {
  it('write every day of two years and every hour as date-fns does, in both languages', () => {
    const languages = ['en', 'fr'] as const;
    for (let day = 0; day < 731; day += 1) {
      const date = new Date(2027, 0, 1 + day, day % 24, (day * 7) % 60);
      for (const language of languages) {
        const locale = dateLocales[language];
        expect(formatDate(date, language)).toBe(format(date, dateFormats[language].date, { locale }));
        expect(formatDateTime(date, language)).toBe(format(date, dateFormats[language].dateTime, { locale }));
      }
    }
  });

  it('read ISO strings as date-fns parseISO does', () => {
    const texts = [
      '2026-03-05',
      '2026-03-05T14:07',
      '2026-03-05T14:07:09',
      '2026-03-05T14:07:09.123',
      '2026-03-05T14:07:09.123456Z',
      '2026-03-05T14:07:09Z',
      '2026-03-05T14:07:09+02:00',
      '2026-03-05T14:07:09-0530',
      '2026-03-05T14:07:09+01',
      '2026-03-05 14:07:09',
      '2026-12-31T23:59:59.999Z',
      '1900-01-01',
      '2026-02-30',
      '2026-13-01',
      '2026-03-05T25:00',
    ];
    for (const text of texts) {
      const expected = parseISO(text);
      expect(toDate(text)?.getTime() ?? null, text).toBe(
        Number.isNaN(expected.getTime()) ? null : expected.getTime(),
      );
    }
  });
});

describe('week start (spec 9)', () => {
  it('starts weeks on Sunday in both languages, unlike the plain date-fns locales', () => {
    for (const locale of [dateLocales.en, dateLocales.fr]) {
      expect(locale.options?.weekStartsOn).toBe(0);
      // Thursday 5 March 2026: its week starts on Sunday 1 March.
      expect(startOfWeek(fixed, { locale }).getDate()).toBe(1);
    }
    expect(dateLocales.en.code).toBe('en-GB');
    expect(dateLocales.fr.code).toBe('fr');
  });
});

describe('formatCurrency (spec 9: USD)', () => {
  it('writes amounts in US dollars, the interface language’s way', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('US$1,234.50');
    // French groups with a narrow no-break space and puts the symbol after a no-break space.
    expect(formatCurrency(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,50 $US');
  });

  it('follows the interface language by default and gives nothing for no amount', async () => {
    expect(formatCurrency(0)).toBe('US$0.00');
    await applyLocale('fr');
    expect(formatCurrency(2).replace(/\s/g, ' ')).toBe('2,00 $US');
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    expect(formatCurrency(Number.NaN)).toBe('');
  });
});

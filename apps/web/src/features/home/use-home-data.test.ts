import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format.js';
import { formatDay } from './use-home-data.js';

describe('formatDay (the home page’s dates without date-fns)', () => {
  const days = ['2026-01-01', '2026-03-02', '2026-03-03', '2026-07-11', '2026-08-22', '2026-12-31'];

  it.each(['en', 'fr'])('writes a day as formatDate does in %s', (language) => {
    for (const day of days) expect(formatDay(day, language), day).toBe(formatDate(day, language));
  });

  it('writes French in French order', () => {
    expect(formatDay('2026-07-29', 'fr')).toBe('29 juillet 2026');
    expect(formatDay('2026-01-01', 'fr')).toBe('1er janvier 2026');
    expect(formatDay('2026-07-29', 'en')).toBe('July 29th, 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { formatNumber, withColon } from './format.js';

describe('formatNumber', () => {
  it('writes the decimal comma and French thousands in French, the point in English', () => {
    expect(formatNumber(0.45, 'fr')).toBe('0,45');
    expect(formatNumber(0.45, 'en')).toBe('0.45');
    expect(formatNumber(12345.5, 'fr')).toBe('12\u202f345,5');
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
  });

  it('leaves a year ungrouped when asked, and gives nothing for no number', () => {
    expect(formatNumber(2012, 'fr', { useGrouping: false })).toBe('2012');
    expect(formatNumber(null, 'fr')).toBe('');
    expect(formatNumber(Number.NaN, 'en')).toBe('');
  });
});

describe('withColon', () => {
  it('puts a narrow no-break space before the colon in French only', () => {
    expect(withColon('Source', 'fr')).toBe('Source\u202f:');
    expect(withColon('Source', 'en')).toBe('Source:');
  });
});

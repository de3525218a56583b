import { describe, expect, it } from 'vitest';
import { compareCountryList, compareTexts, ZCompareQuerySchema } from './compare.js';

/** The first message of each field, as the server's 422 gives them (http/error-handler.ts). */
const errorsOf = (value: unknown) => {
  const result = ZCompareQuerySchema.safeParse(value);
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

describe('compareCountryList', () => {
  it('reads a comma list or a repeated key, upper-cased, each state once, in the order given', () => {
    expect(compareCountryList('ke, TZ,,ug')).toEqual(['KE', 'TZ', 'UG']);
    expect(compareCountryList(['TZ', 'ke,KE'])).toEqual(['TZ', 'KE']);
    expect(compareCountryList(undefined)).toEqual([]);
    expect(compareCountryList('')).toEqual([]);
  });
});

describe('ZCompareQuerySchema', () => {
  it('takes 2 to 5 states and a sector by slug or id', () => {
    expect(ZCompareQuerySchema.parse({ countries: 'ke,tz', sector: ' legal-services ' })).toEqual({
      countries: ['KE', 'TZ'],
      sector: 'legal-services',
    });
    expect(
      ZCompareQuerySchema.parse({ countries: ['KE', 'TZ', 'UG', 'RW', 'BI'], sector: '12' }).countries,
    ).toHaveLength(5);
  });

  it('names the field of each refusal with its message', () => {
    expect(errorsOf({})).toEqual({
      countries: compareTexts.countriesCount,
      sector: compareTexts.sectorRequired,
    });
    expect(errorsOf({ countries: 'KE', sector: 'a' })).toEqual({ countries: compareTexts.countriesCount });
    expect(errorsOf({ countries: 'KE,KE', sector: 'a' })).toEqual({ countries: compareTexts.countriesCount });
    expect(errorsOf({ countries: 'KE,TZ,UG,RW,BI,SS', sector: 'a' })).toEqual({
      countries: compareTexts.countriesCount,
    });
    expect(errorsOf({ countries: 'KE,KEN', sector: 'a' })).toEqual({
      countries: compareTexts.countryUnknown,
    });
    expect(errorsOf({ countries: 'KE,TZ', sector: '' })).toEqual({ sector: compareTexts.sectorRequired });
    expect(errorsOf({ countries: 'KE,TZ', sector: 'a b' })).toEqual({ sector: compareTexts.sectorUnknown });
    expect(errorsOf({ countries: 'KE,TZ', sector: 'x'.repeat(121) })).toEqual({
      sector: compareTexts.sectorUnknown,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildQueryString, randomString, slugify, titleCase } from './helpers.js';

describe('slugify (spec 9)', () => {
  it('lowercases, strips non-word characters and joins words with hyphens', () => {
    expect(slugify('Legal Services')).toBe('legal-services');
    expect(slugify('  Research & Development (R&D) services ')).toBe('research-development-rd-services');
    expect(slugify('Services juridiques: à l’étranger')).toBe('services-juridiques-a-letranger');
    expect(slugify('already-a_slug')).toBe('already-a-slug');
  });
});

describe('buildQueryString (spec 9)', () => {
  it('drops empty values and URL-encodes the rest', () => {
    expect(
      buildQueryString({
        country: 'KE',
        q: 'work permit & visa',
        page: 2,
        empty: '',
        none: null,
        missing: undefined,
      }),
    ).toBe('country=KE&q=work%20permit%20%26%20visa&page=2');
    expect(buildQueryString({ mode: ['mode_3', 'mode_4'], flag: false, list: [] })).toBe(
      'mode=mode_3&mode=mode_4&flag=false',
    );
    expect(buildQueryString({})).toBe('');
  });
});

describe('titleCase', () => {
  it('capitalises each word', () => {
    expect(titleCase('COMPUTER and related services')).toBe('Computer And Related Services');
    expect(titleCase('mode_of-supply')).toBe('Mode_Of-Supply');
  });
});

describe('randomString', () => {
  it('gives letters and digits of the asked length, different each time', () => {
    const values = Array.from({ length: 50 }, () => randomString(24));
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new Set(values).size).toBe(50);
    expect(randomString()).toHaveLength(16);
  });
});

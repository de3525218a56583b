import { describe, expect, it } from 'vitest';
import { countryOfPhone, normalisePhone } from './phone.js';

describe('normalisePhone', () => {
  it('reads international numbers written in any usual way as + and digits', () => {
    for (const raw of ['+254 722 418 903', '+254-722-418-903', '00254722418903', ' +254 (722) 418903 '])
      expect(normalisePhone(raw)).toBe('+254722418903');
    expect(normalisePhone('254722418903')).toBe('+254722418903');
  });

  it('reads a national number with the dialling code of the given country only', () => {
    expect(normalisePhone('0722 418 903', 'KE')).toBe('+254722418903');
    expect(normalisePhone('079 412 655', 'BI')).toBe('+25779412655');
    expect(normalisePhone('0722 418 903')).toBeNull();
    expect(normalisePhone('0722 418 903', 'FR')).toBeNull();
  });

  it('refuses what is not a phone number', () => {
    for (const raw of ['', 'abc', '+12345', '+1234567890123456']) expect(normalisePhone(raw)).toBeNull();
  });
});

describe('countryOfPhone', () => {
  it('finds the partner state of a dialling code', () => {
    expect(countryOfPhone('+255754210388')).toBe('TZ');
    expect(countryOfPhone('+243812345678')).toBe('CD');
    expect(countryOfPhone('+33612345678')).toBeNull();
  });
});

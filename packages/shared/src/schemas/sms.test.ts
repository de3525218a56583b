import { describe, expect, it } from 'vitest';
import { smsTexts, ZSmsServiceSchema } from './sms.js';

const active = {
  is_active: true,
  short_code: '20547',
  keyword: 'ntb',
  instructions_en: 'Send NTB …',
  instructions_fr: 'Envoyez NTB …',
};

const errorsOf = (value: unknown) => {
  const result = ZSmsServiceSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('ZSmsServiceSchema', () => {
  it('upper-cases and trims the keyword, turns an empty date into null', () => {
    expect(ZSmsServiceSchema.parse({ ...active, keyword: ' ntb2 ', activated_on: '' })).toMatchObject({
      keyword: 'NTB2',
      activated_on: null,
    });
  });

  it('lets an inactive service stay empty, and asks an active one for all four texts', () => {
    expect(ZSmsServiceSchema.parse({})).toMatchObject({ is_active: false, keyword: '', short_code: '' });
    expect(errorsOf({ is_active: true, keyword: 'NTB' })).toEqual({
      short_code: smsTexts.requiredWhenActive,
      instructions_en: smsTexts.requiredWhenActive,
      instructions_fr: smsTexts.requiredWhenActive,
    });
  });

  it('refuses keywords with spaces or symbols, the reserved STATUS and malformed short codes', () => {
    expect(errorsOf({ ...active, keyword: 'N T B' })).toEqual({ keyword: smsTexts.keywordFormat });
    expect(errorsOf({ ...active, keyword: 'ntb!' })).toEqual({ keyword: smsTexts.keywordFormat });
    expect(errorsOf({ ...active, keyword: 'Status' })).toEqual({ keyword: smsTexts.reservedKeyword });
    expect(errorsOf({ ...active, short_code: '20-547' })).toEqual({ short_code: smsTexts.shortCodeFormat });
    expect(errorsOf({ ...active, short_code: '+254700000000' })).toEqual({});
  });
});

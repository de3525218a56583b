import { describe, expect, it } from 'vitest';
import { ZNewPasswordSchema, ZPasswordSchema, ZProfileUpdateSchema, ZRegisterClientSchema } from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('password rules', () => {
  it('accept a long, uncommon password and refuse short, numeric and common ones with clear messages', () => {
    expect(ZPasswordSchema.safeParse('Nyama-Choma-Friday').success).toBe(true);
    expect(firstMessage(ZPasswordSchema.safeParse(''))).toBe('This field is required.');
    expect(firstMessage(ZPasswordSchema.safeParse('abc'))).toBe(
      'This password is too short. It must contain at least 10 characters.',
    );
    expect(firstMessage(ZPasswordSchema.safeParse('0123456789012'))).toBe(
      'This password is entirely numeric.',
    );
    expect(firstMessage(ZPasswordSchema.safeParse('QWERTYUIOP'))).toBe('This password is too common.');
  });

  it('New Password and Confirm Password must match, reported on Confirm Password', () => {
    const result = ZNewPasswordSchema.safeParse({
      new_password: 'Nyama-Choma-Friday',
      confirm_password: 'Nyama-Choma-Sunday',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirm_password']);
  });
});

describe('registration and profile', () => {
  it('normalise the e-mail and country code, default the locale to en', () => {
    const parsed = ZRegisterClientSchema.parse({
      first_name: ' Amina ',
      last_name: 'O',
      email: ' Amina@Example.ORG ',
      country: 'ke',
    });
    expect(parsed).toMatchObject({
      first_name: 'Amina',
      email: 'amina@example.org',
      country: 'KE',
      locale: 'en',
    });
  });

  it('refuse an unsupported locale with the spec text', () => {
    expect(firstMessage(ZProfileUpdateSchema.safeParse({ locale: 'sw' }))).toBe(
      'The locale provided is not supported at this time',
    );
  });

  it('read dark_mode from form strings', () => {
    expect(ZProfileUpdateSchema.parse({ dark_mode: 'true' }).dark_mode).toBe(true);
    expect(ZProfileUpdateSchema.parse({ dark_mode: 'false' }).dark_mode).toBe(false);
    expect(ZProfileUpdateSchema.parse({ dark_mode: false }).dark_mode).toBe(false);
  });
});

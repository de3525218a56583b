import { z } from 'zod';
import { supportedLocales } from '../locales.js';
import { messages } from '../messages.js';
import { commonPasswords } from './common-passwords.js';
import { optionalName, requiredName } from './fields.js';

export const passwordMinLength = 10;
export const passwordMaxLength = 128;

/**
 * The password refusals beyond length and common passwords (issue 29 item 10). The server alone judges
 * likeness to the account and guessability (apps/server/src/auth/password-strength.ts): that needs the
 * account, and the estimator's dictionaries stay out of the web bundle.
 */
export const passwordMessages = {
  repeated: 'This password is a single character repeated.',
  likeEmail: 'The password is too similar to the email address.',
  likeName: 'The password is too similar to the name.',
  weak: 'This password is too easy to guess. Add another word or two; uncommon words are better.',
} as const;

/**
 * Spec 5 leaves password rules open; these follow NIST 800-63B: length, not all digits, not one repeated
 * character, no common passwords.
 */
export const ZPasswordSchema = z
  .string({ error: 'This field is required.' })
  .min(1, 'This field is required.')
  .min(
    passwordMinLength,
    `This password is too short. It must contain at least ${passwordMinLength} characters.`,
  )
  .max(
    passwordMaxLength,
    `This password is too long. It must contain at most ${passwordMaxLength} characters.`,
  )
  .refine((value) => !/^\d+$/.test(value), 'This password is entirely numeric.')
  .refine((value) => !/^(.)\1*$/su.test(value), passwordMessages.repeated)
  .refine((value) => !commonPasswords.has(value.toLowerCase()), 'This password is too common.');

export const ZEmailSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'This field is required.')
  .max(254, 'Enter a valid email address.')
  .pipe(z.email('Enter a valid email address.'));

export const ZLocaleSchema = z.enum(supportedLocales, { error: messages.unsupportedLocale });

export const ZPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a valid phone number, for example +254 712 345678.');

export const ZCountryCodeSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Select a valid country.');

export const ZLoginSchema = z.object({
  email: ZEmailSchema,
  password: z
    .string({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(passwordMaxLength),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** Client registration (Sign Up): the password is chosen when the e-mailed link is followed. */
export const ZRegisterClientSchema = z.object({
  first_name: requiredName(150),
  last_name: requiredName(150),
  email: ZEmailSchema,
  phone: ZPhoneSchema.optional().or(z.literal('')),
  country: ZCountryCodeSchema,
  locale: ZLocaleSchema.default('en'),
});
export type TRegisterClient = z.infer<typeof ZRegisterClientSchema>;

const newPasswordFields = {
  new_password: ZPasswordSchema,
  confirm_password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
};

const confirmMatches = (data: { new_password: string; confirm_password: string }) =>
  data.new_password === data.confirm_password;
const mismatch = { message: "The two password fields didn't match.", path: ['confirm_password'] };

/** New Password / Confirm Password, shared by Complete Registration and Reset Password (spec 5). */
export const ZNewPasswordSchema = z.object(newPasswordFields).refine(confirmMatches, mismatch);
export type TNewPassword = z.infer<typeof ZNewPasswordSchema>;

/** Change password (Settings): the current password, then New Password / Confirm Password as above. */
export const ZPasswordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'This field is required.' })
      .min(1, 'This field is required.')
      .max(passwordMaxLength),
    ...newPasswordFields,
  })
  .refine(confirmMatches, mismatch);
export type TPasswordChange = z.infer<typeof ZPasswordChangeSchema>;

export const ZPasswordResetRequestSchema = z.object({ email: ZEmailSchema });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequestSchema>;

/** The profile fields a user may change themselves (multipart: booleans arrive as strings). */
export const ZProfileUpdateSchema = z.object({
  first_name: optionalName(150),
  last_name: optionalName(150),
  display_name: optionalName(150),
  phone: ZPhoneSchema.optional().or(z.literal('')),
  country: ZCountryCodeSchema.optional().or(z.literal('')),
  locale: ZLocaleSchema.optional(),
  dark_mode: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
      error: 'Must be true or false.',
    })
    .transform((value) => value === true || value === 'true' || value === 'on' || value === '1')
    .optional(),
  remove_avatar: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdateSchema>;

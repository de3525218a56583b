import { z } from 'zod';

/** API paths of the SMS intake, relative to `/api/`. */
export const smsApiPaths = {
  services: '/sms-services/',
  service: (country: string) => `/sms-services/${encodeURIComponent(country)}/`,
  inbound: '/sms/inbound/',
} as const;

/** The texts the SMS service form shows; the web app translates them through its `messages` section. */
export const smsTexts = {
  keywordFormat: 'Use 2 to 20 letters or digits, with no spaces.',
  shortCodeFormat: 'Enter a short code or phone number: 3 to 15 digits, with an optional leading +.',
  requiredWhenActive: 'This field is required when the service is active.',
  keywordTaken: 'This keyword is already used by another country with the same short code.',
  reservedKeyword: 'STATUS is reserved for status requests.',
  invalidCountry: 'Select a partner state.',
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD).')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a valid date (YYYY-MM-DD).');

const instructions = z
  .string()
  .trim()
  .max(1000, 'Ensure this field has no more than 1000 characters.')
  .default('');

/**
 * One country's SMS service as staff save it. Keyword and short code may stay empty while the
 * service is inactive; an active service needs all four texts (the public how-to shows them).
 */
export const ZSmsServiceSchema = z
  .object({
    is_active: z.boolean().default(false),
    short_code: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\+?\d{3,15}$/.test(value), smsTexts.shortCodeFormat)
      .default(''),
    keyword: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || /^[A-Z0-9]{2,20}$/.test(value), smsTexts.keywordFormat)
      .refine((value) => value !== 'STATUS', smsTexts.reservedKeyword)
      .default(''),
    instructions_en: instructions,
    instructions_fr: instructions,
    activated_on: isoDate
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .superRefine((value, context) => {
    if (!value.is_active) return;
    for (const field of ['short_code', 'keyword', 'instructions_en', 'instructions_fr'] as const) {
      if (!value[field])
        context.addIssue({ code: 'custom', path: [field], message: smsTexts.requiredWhenActive });
    }
  });
export type TSmsServiceInput = z.input<typeof ZSmsServiceSchema>;
export type TSmsService = z.output<typeof ZSmsServiceSchema>;

/** The country in an SMS service path: a two-letter code. */
export const ZSmsCountryParamsSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, smsTexts.invalidCountry),
});

/** One partner state with its SMS service (defaults when it has none yet), as the staff list shows it. */
export interface SmsServiceItem {
  country: string;
  country_name: { en: string; fr: string };
  is_active: boolean;
  short_code: string;
  keyword: string;
  instructions_en: string;
  instructions_fr: string;
  activated_on: string | null;
  updated_at: string | null;
}

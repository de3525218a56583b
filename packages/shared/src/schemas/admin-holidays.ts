import { z } from 'zod';
import { adminApiPath, ZAdminListQuerySchema } from './admin.js';
import { requiredText } from './fields.js';

/** The public holidays admin resource (`/api/admin/holidays/`, `complaints.*_publicholiday`). */
export const holidaysApiPath = adminApiPath('holidays');

export const holidayTexts = {
  invalidDate: 'Enter a valid date (yyyy-MM-dd).',
  dateRange: 'Enter a date between 2000-01-01 and 2099-12-31.',
  partnerState: 'Select a partner state.',
  taken: 'This partner state already has a holiday on this date.',
} as const;

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const ZHolidayDateSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, { message: 'This field is required.', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: holidayTexts.invalidDate, abort: true })
  .refine(isRealDate, { message: holidayTexts.invalidDate, abort: true })
  .refine((value) => value >= '2000-01-01' && value <= '2099-12-31', holidayTexts.dateRange);

const ZCountryCodeSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, { message: 'This field is required.', abort: true })
  .regex(/^[A-Z]{2}$/, holidayTexts.partnerState);

/** The body of adding or changing a holiday. */
export const ZHolidayInputSchema = z.object({
  country_code: ZCountryCodeSchema,
  date: ZHolidayDateSchema,
  name_en: requiredText(150),
  name_fr: requiredText(150),
});
export type THolidayInput = z.input<typeof ZHolidayInputSchema>;
export type THolidayBody = z.output<typeof ZHolidayInputSchema>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The list: by partner state and year (both optional), sorted by date unless told. */
export const ZHolidayListQuerySchema = ZAdminListQuerySchema.extend({
  country: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Z]{2}$/, 'Select a valid choice.')
      .optional(),
  ),
  year: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Select a valid choice.' }).int().min(2000).max(2099).optional(),
  ),
});
export type THolidayListQuery = z.infer<typeof ZHolidayListQuerySchema>;

/** A holiday as the admin screen reads it. */
export interface THolidayAdminItem {
  id: number;
  country_code: string;
  country: { en: string; fr: string };
  date: string;
  name_en: string;
  name_fr: string;
  updated_at: string;
}

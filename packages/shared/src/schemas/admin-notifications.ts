import { z } from 'zod';
import { choiceValues, notificationStatus } from '../constants.js';
import { ZAdminDateSchema, ZOptionalIdSchema } from './admin-insights.js';
import { ZAdminListQuerySchema, type TAdminRecordFlags } from './admin.js';
import { optionalText, optionalTranslation, requiredText } from './fields.js';
import type { TLabel } from './insights.js';

/** The body of creating or changing a notification (`/api/admin/notifications/`): every field of spec 3. */
export const ZNotificationInputSchema = z.object({
  reference: requiredText(100),
  status: z.enum(choiceValues(notificationStatus), { error: 'Select a valid choice.' }),
  country_code: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
    .transform((code) => code.toUpperCase()),
  sector_id: ZOptionalIdSchema.default(null),
  notification_date: ZAdminDateSchema,
  applicability: optionalText(2000).default(''),
  requirement: optionalText(2000).default(''),
  description_of_measure: requiredText(10000),
  description_of_measure_fr: optionalTranslation(10000).default(null),
  indicator_id: ZOptionalIdSchema.default(null),
});
export type TNotificationInput = z.input<typeof ZNotificationInputSchema>;
export type TNotificationBody = z.output<typeof ZNotificationInputSchema>;

/** A notification as the admin screens read it. */
export interface TNotificationAdminItem extends TAdminRecordFlags {
  id: number;
  slug: string;
  reference: string;
  status: string;
  country_code: string;
  country: TLabel;
  sector_id: number | null;
  sector: TLabel | null;
  notification_date: string;
  applicability: string;
  requirement: string;
  description_of_measure: string;
  description_of_measure_fr: string | null;
  indicator_id: number | null;
  indicator: TLabel | null;
  updated_at: string;
}

/** The manage notifications list: search, status and partner state. */
export const ZNotificationAdminListQuerySchema = ZAdminListQuerySchema.extend({
  status: z
    .union([z.literal(''), z.enum(choiceValues(notificationStatus))], { error: 'Select a valid choice.' })
    .optional(),
  country: z
    .union([z.literal(''), z.string().regex(/^[A-Za-z]{2}$/)], { error: 'Select a valid country.' })
    .optional(),
});
export type TNotificationAdminListQuery = z.infer<typeof ZNotificationAdminListQuerySchema>;

/** The indicators a notification may point to (the form's select). */
export interface TIndicatorOption {
  id: number;
  title: TLabel;
}

export const adminNotificationsApiPaths = {
  notifications: 'notifications',
  indicatorOptions: '/admin/notifications/indicator-options/',
} as const;

/** Texts of the notifications admin refusals; the web app translates them. */
export const adminNotificationTexts = {
  referenceTaken: 'A notification with this reference already exists.',
  invalidCountry: 'Select a valid country.',
  invalidSector: 'Select a valid sector.',
  invalidIndicator: 'Select a valid indicator.',
} as const;

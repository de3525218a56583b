import { z } from 'zod';
import { choiceValues, notificationStatus, publicationTypes, type PublicationType } from '../constants.js';
import { ZListQuerySchema } from './fields.js';

/** API paths of the public content: notifications, publications, content pages and the SMS how-to. */
export const contentApiPaths = {
  notifications: '/notifications/',
  notification: (slug: string) => `/notifications/${encodeURIComponent(slug)}/`,
  /** The Atom feed of the notifications the list's filters select (docs/feeds.md). */
  notificationsFeed: '/feeds/notifications/',
  publications: '/publications/',
  publication: (slug: string) => `/publications/${encodeURIComponent(slug)}/`,
  publicationFile: (slug: string) => `/publications/${encodeURIComponent(slug)}/file/`,
  page: (slug: string) => `/pages/${encodeURIComponent(slug)}/`,
  smsHowTo: '/sms-how-to/',
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD).')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a valid date (YYYY-MM-DD).')
  .refine((value) => value >= '1900-01-01' && value <= '2099-12-31', 'Enter a date from 1900 to 2099.');

/** Publicly visible notification statuses (drafts never leave the admin). */
export const publicNotificationStatuses = notificationStatus
  .map((choice) => choice.value)
  .filter((value) => value !== 'draft') as readonly string[];

/** The public notifications list: status, partner state, a date range on Notification Date and `q`. */
export const ZNotificationListQuerySchema = ZListQuerySchema.extend({
  status: z
    .string()
    .trim()
    .refine((value) => value === '' || publicNotificationStatuses.includes(value), 'Select a valid status.')
    .optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Select a valid country.')
    .optional(),
  from: isoDate.optional().or(z.literal('')),
  to: isoDate.optional().or(z.literal('')),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: 'The end date must not be before the start date.',
  path: ['to'],
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuerySchema>;

/** The slug in a public content path. */
export const ZSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Enter a valid slug.'),
});

/** A language choice for text served in one language. */
export const ZLangQuerySchema = z.object({
  lang: z.enum(['en', 'fr'], { error: 'Select a valid language: en, fr.' }).default('en'),
});

export const ZPublicationFileQuerySchema = z.object({
  download: z.enum(['0', '1'], { error: 'Select 0 or 1.' }).optional(),
});

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The publications list: the year of publication and the type, each optional (blank means any). */
export const ZPublicationListQuerySchema = z.object({
  year: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Select a valid year.')
      .transform(Number)
      .refine((year) => year >= 1900 && year <= 2099, 'Select a valid year.')
      .optional(),
  ),
  type: z.preprocess(
    blankToUndefined,
    z.enum(choiceValues(publicationTypes), { error: 'Select a valid publication type.' }).optional(),
  ),
});
export type TPublicationListQuery = z.infer<typeof ZPublicationListQuerySchema>;

type Bilingual = { en: string; fr: string };

/** One row of the public notifications list. */
export interface TNotificationListItem {
  slug: string;
  reference: string;
  status: string;
  country: { code: string; name: Bilingual };
  notification_date: string;
  description_of_measure: string;
  /** The French description; null when not translated. */
  description_of_measure_fr: string | null;
}

/** Every field of a notification (spec 3), with its country, sector and indicator. */
export interface TNotificationDetail extends TNotificationListItem {
  applicability: string;
  requirement: string;
  sector: { id: number; name: Bilingual } | null;
  indicator: { slug: string; title: Bilingual } | null;
  updated_at: string;
}

export interface TPublicationSummary {
  slug: string;
  title: Bilingual;
  summary: Bilingual;
  authors: string;
  published_on: string;
  type: PublicationType;
}

export interface TPublicationDetail extends TPublicationSummary {
  file_name: string;
  file_size: number;
  content_type: string;
  file_url: string;
  download_url: string;
}

export interface TPageSlide {
  image_url: string;
  caption: Bilingual;
}

/** A published content page rendered from its template, in the language asked for. */
export interface TContentPage {
  slug: string;
  title: Bilingual;
  lang: 'en' | 'fr';
  template: {
    title: string;
    layout: string;
    banner_url: string | null;
    banner_attachment: 'scroll' | 'fixed' | 'local';
    slide_interval: number;
    slides: TPageSlide[];
  };
  content: string;
  /** The language `content` is in: `en` when a French visitor gets the English text (no French yet). */
  content_lang: 'en' | 'fr';
  updated_on: string;
}

/** The SMS service of one partner state; number, keyword and instructions only when active. */
export interface TSmsHowToCountry {
  country: { code: string; name: Bilingual };
  active: boolean;
  short_code: string | null;
  keyword: string | null;
  instructions: Bilingual | null;
}

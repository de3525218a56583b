import { z } from 'zod';
import { choiceValues, reportDisplayTypes } from '../constants.js';
import { adminApiPath, ZAdminListQuerySchema, type TAdminRecordFlags } from './admin.js';
import { optionalText, requiredText, maxRecordId } from './fields.js';
import { ZEmbedParamsSchema, ZReportParamsSchema, type TLabel, type TReportDisplayType } from './insights.js';

/** Texts of the insights admin refusals; the web app translates them. */
export const insightTexts = {
  reportOrLink: 'Choose a report or enter a link.',
  invalidReport: 'Select a valid report.',
  invalidTags: 'Select valid tags.',
  tagTaken: 'A report tag with this name already exists.',
} as const;

/** True when `YYYY-MM-DD` names a real day (no 30 February). */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date field of the admin forms: `YYYY-MM-DD` from 1900 to 2099 (spec 5's date picker range). */
export const ZAdminDateSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD).')
  .refine((value) => isCalendarDay(value), 'Enter a valid date (YYYY-MM-DD).')
  .refine((value) => value >= '1900-01-01' && value <= '2099-12-31', 'Enter a date from 1900 to 2099.');

/** An optional id of a related record: empty means none. */
export const ZOptionalIdSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number({ error: 'Select a valid choice.' })
    .int('Select a valid choice.')
    .positive()
    .max(maxRecordId, 'Select a valid choice.')
    .nullable(),
);

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(min, `Enter a number from ${min} to ${max}.`)
    .max(max, `Enter a number from ${min} to ${max}.`)
    .default(fallback);

/** Drops empty strings and empty objects, so a form's blank filter fields mean "no filter". */
export function compactParams(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => [key, compactParams(item)] as const)
    .filter(([, item]) => item !== '' && item !== undefined && item !== null)
    .filter(([, item]) => !(typeof item === 'object' && Object.keys(item as object).length === 0));
  return Object.fromEntries(entries);
}

/** The params a report of this display type must have: a whitelisted metric, or an https embed. */
export function reportParamsSchemaOf(displayType: string) {
  return displayType === 'embed' ? ZEmbedParamsSchema : ZReportParamsSchema;
}

/** The body of creating or changing a report (`/api/admin/reports/`). */
export const ZReportInputSchema = z
  .object({
    title_en: requiredText(200),
    // Not translated yet: blank, and the public side shows the English title, marked "English only".
    title_fr: optionalText(200).default(''),
    description_en: optionalText(2000).default(''),
    description_fr: optionalText(2000).default(''),
    display_type: z.enum(choiceValues(reportDisplayTypes), { error: 'Select a valid choice.' }),
    index: wholeNumber(0, 9999, 0),
    display_height: wholeNumber(80, 2000, 360),
    params: z.preprocess(
      (value) => compactParams(value ?? {}),
      z.record(z.string(), z.unknown(), { error: 'Enter valid params.' }),
    ),
    tag_ids: z
      .array(z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.'), {
        error: 'Select valid tags.',
      })
      .max(30, 'Select at most 30 tags.')
      .default([]),
    featured: z.boolean({ error: 'Select yes or no.' }).default(false),
  })
  .superRefine((input, ctx) => {
    const parsed = reportParamsSchemaOf(input.display_type).safeParse(input.params);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
  });
export type TReportInput = z.input<typeof ZReportInputSchema>;
export type TReportBody = z.output<typeof ZReportInputSchema>;

/** A tag of a report, named in both languages. */
export interface TReportTagRef {
  id: number;
  slug: string;
  name: TLabel;
}

/** A report as the admin screens read it (params included, unlike the public answer). */
export interface TReportAdminItem extends TAdminRecordFlags {
  id: number;
  slug: string;
  title_en: string;
  title_fr: string;
  description_en: string;
  description_fr: string;
  display_type: TReportDisplayType;
  index: number;
  display_height: number;
  params: Record<string, unknown>;
  featured: boolean;
  tag_ids: number[];
  tags: TReportTagRef[];
  updated_at: string;
}

/** The reports list: search, display type, featured and tag filters. */
export const ZReportAdminListQuerySchema = ZAdminListQuerySchema.extend({
  display_type: z
    .union([z.literal(''), z.enum(choiceValues(reportDisplayTypes))], { error: 'Select a valid choice.' })
    .optional(),
  featured: z.enum(['', 'yes', 'no'], { error: 'Select a valid choice.' }).optional(),
  tag: z
    .union([z.literal(''), z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.')], {
      error: 'Select a valid tag.',
    })
    .optional(),
});
export type TReportAdminListQuery = z.infer<typeof ZReportAdminListQuerySchema>;

/** The body of the featured toggle of the reports list. */
export const ZReportFeaturedInputSchema = z.object({
  featured: z.boolean({ error: 'Select yes or no.' }),
});

/** The body of creating or changing a report tag (`/api/admin/report-tags/`). */
export const ZReportTagInputSchema = z.object({
  name_en: requiredText(100),
  name_fr: requiredText(100),
});
export type TReportTagInput = z.input<typeof ZReportTagInputSchema>;
export type TReportTagBody = z.output<typeof ZReportTagInputSchema>;

/** A report tag as the admin screens read it. */
export interface TReportTagAdminItem {
  id: number;
  slug: string;
  name_en: string;
  name_fr: string;
  /** Reports carrying it; purging the tag removes these links. */
  report_count: number;
  created_at: string;
}

const httpsLink = z
  .string()
  .trim()
  .max(500, 'Ensure this field has no more than 500 characters.')
  .refine((url) => url === '' || z.url().safeParse(url).success, 'Enter a valid URL.')
  .refine((url) => url === '' || url.startsWith('https://'), 'Enter an https:// address.');

/** The body of creating or changing a featured insight (`/api/admin/featured-insights/`). */
export const ZFeaturedInsightInputSchema = z
  .object({
    title_en: requiredText(200),
    title_fr: requiredText(200),
    summary_en: optionalText(1000).default(''),
    summary_fr: optionalText(1000).default(''),
    report_id: ZOptionalIdSchema.default(null),
    link_url: httpsLink.default(''),
    index: wholeNumber(0, 9999, 0),
    published_on: ZAdminDateSchema,
  })
  .superRefine((input, ctx) => {
    if (input.report_id === null && input.link_url === '')
      ctx.addIssue({ code: 'custom', path: ['report_id'], message: insightTexts.reportOrLink });
  });
export type TFeaturedInsightInput = z.input<typeof ZFeaturedInsightInputSchema>;
export type TFeaturedInsightBody = z.output<typeof ZFeaturedInsightInputSchema>;

/** A featured insight as the admin screens read it. */
export interface TFeaturedInsightAdminItem extends TAdminRecordFlags {
  id: number;
  title_en: string;
  title_fr: string;
  summary_en: string;
  summary_fr: string;
  report_id: number | null;
  report: { id: number; slug: string; title: TLabel } | null;
  link_url: string;
  index: number;
  published_on: string;
  updated_at: string;
}

/** The API names of the insights admin resources and their extra routes. */
export const adminInsightsApiPaths = {
  reports: 'reports',
  reportTags: 'report-tags',
  featuredInsights: 'featured-insights',
  reportFeatured: (id: number | string) => adminApiPath('reports', id, 'featured'),
  /** Every tag, for the report form's picker and the list filter. */
  reportTagOptions: adminApiPath('report-tags', 'options'),
  /** Every report, for the featured insight form's select. */
  reportOptions: adminApiPath('reports', 'options'),
} as const;

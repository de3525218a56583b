import { z } from 'zod';

/**
 * The whitelist of metrics the indicators and reports compute from the data. A report or an indicator
 * names one of these; the server maps each name to its own fixed SQL (never SQL from the params).
 */
export const metricNames = [
  'restrictiveness_index',
  'restrictions_by_country',
  'restrictions_by_sector',
  'restrictions_by_mode',
  'restrictions_by_policy_area',
  'restrictions_by_type',
  'restrictions_total',
  'measures_per_year',
  'commitments_by_country',
  'complaints_by_status',
] as const;
export type TMetricName = (typeof metricNames)[number];

/** The dimensions a metric can be broken down by; the first is the default. */
export const metricDimensions: Record<TMetricName, readonly string[]> = {
  restrictiveness_index: ['country_sector', 'country', 'sector'],
  restrictions_by_country: ['country'],
  restrictions_by_sector: ['sector'],
  restrictions_by_mode: ['mode_of_supply'],
  restrictions_by_policy_area: ['policy_area'],
  restrictions_by_type: ['restriction_type'],
  restrictions_total: ['none'],
  measures_per_year: ['year'],
  commitments_by_country: ['country'],
  complaints_by_status: ['status'],
};

const year = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(1900, 'Ensure this value is greater than or equal to 1900.')
  .max(2100, 'Ensure this value is less than or equal to 2100.');

export const ZMetricFiltersSchema = z
  .object({
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
      .transform((code) => code.toUpperCase())
      .optional(),
    sector: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,120}$/, 'Select a valid sector.')
      .optional(),
    year_from: year.optional(),
    year_to: year.optional(),
  })
  .strict();
export type TMetricFilters = z.infer<typeof ZMetricFiltersSchema>;

/** The params of a report or an indicator: `{ metric, dimension?, filters? }`. */
export const ZReportParamsSchema = z
  .object({
    metric: z.enum(metricNames, { error: 'Select a valid metric.' }),
    dimension: z.string().trim().max(40).optional(),
    filters: ZMetricFiltersSchema.optional(),
  })
  .superRefine((params, ctx) => {
    const allowed = metricDimensions[params.metric];
    if (params.dimension !== undefined && !allowed.includes(params.dimension))
      ctx.addIssue({
        code: 'custom',
        path: ['dimension'],
        message: `Select a valid dimension: ${allowed.join(', ')}.`,
      });
    const { year_from: from, year_to: to } = params.filters ?? {};
    if (from !== undefined && to !== undefined && from > to)
      ctx.addIssue({
        code: 'custom',
        path: ['filters', 'year_to'],
        message: 'Ensure the last year is not before the first year.',
      });
  });
export type TReportParams = z.infer<typeof ZReportParamsSchema>;

/** The params of an external-embed report: an https address only. */
export const ZEmbedParamsSchema = z.object({
  url: z
    .string()
    .trim()
    .url('Enter a valid URL.')
    .refine((url) => url.startsWith('https://'), 'Enter an https:// address.'),
});

/** The same params flattened into a query string (the preview call). */
export const ZMetricQuerySchema = z
  .object({
    metric: z.string().trim().max(60),
    dimension: z.string().trim().max(40).optional(),
    country: z.string().trim().max(10).optional(),
    sector: z.string().trim().max(120).optional(),
    year_from: z.string().trim().max(10).optional(),
    year_to: z.string().trim().max(10).optional(),
  })
  .strict();

export interface TLabel {
  en: string;
  fr: string;
}

/**
 * A computed data set. `categories` run along the x axis (or the table's rows); each series holds one
 * value per category (null where nothing was recorded). A matrix (country × sector) is one series per
 * country.
 */
export interface TMetricData {
  metric: TMetricName;
  dimension: string;
  unit: 'count' | 'index';
  categories: { key: string; label: TLabel }[];
  series: { key: string; label: TLabel; values: (number | null)[] }[];
  /** The overall figure: a count, or the mean index over every measure. */
  total: number | null;
}

/** An indicator of the public Indicators screen. */
export interface TIndicator {
  slug: string;
  title: TLabel;
  description: TLabel;
  metric: string;
  chart_type: 'bar' | 'line' | 'pie' | 'heatmap' | 'table';
}

export interface TIndicatorDetail extends TIndicator {
  data: TMetricData;
}

export type TReportDisplayType = 'bar' | 'line' | 'pie' | 'table' | 'key_figure' | 'embed';

/** A report as the public sees it (its params stay on the server). */
export interface TReport {
  slug: string;
  title: TLabel;
  description: TLabel;
  display_type: TReportDisplayType;
  index: number;
  display_height: number;
}

/** What a report renders: computed data, or the address of an external page. */
export type TReportData =
  { report: TReport; kind: 'data'; data: TMetricData } | { report: TReport; kind: 'embed'; url: string };

export interface THomeFeaturedInsight {
  id: number;
  title: TLabel;
  summary: TLabel;
  published_on: string;
  link_url: string | null;
  report: TReport | null;
}

export interface THomeNotification {
  slug: string;
  reference: string;
  country: TLabel;
  notification_date: string;
  description: string;
}

export interface THome {
  figures: {
    restrictions_in_force: number;
    partner_states: number;
    sectors_covered: number;
    notifications_this_year: number;
    complaints_resolved: number;
  };
  featured: THomeFeaturedInsight[];
  notifications: THomeNotification[];
  sectors: { slug: string; name: TLabel }[];
  countries: { code: string; name: TLabel }[];
}

export const insightsApiPaths = {
  indicators: '/indicators/',
  indicator: (slug: string) => `/indicators/${encodeURIComponent(slug)}/`,
  indicatorCsv: (slug: string) => `/indicators/${encodeURIComponent(slug)}/data.csv`,
  featuredReports: '/reports/featured/',
  reportPreview: '/reports/preview/',
  reportData: (slug: string) => `/reports/${encodeURIComponent(slug)}/data/`,
  home: '/home/',
} as const;

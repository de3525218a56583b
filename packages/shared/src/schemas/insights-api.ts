// The zod-free half of the insights contract: the home page imports these paths and types, and a
// module with zod schemas at its top level would bring zod into the first load.

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
  /** The report's data, drawn with the page; null without a report or where it could not be computed. */
  report_data: TReportData | null;
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

import type { TMetricData, TReport, TReportDisplayType } from '@stp/shared';
import type { reports } from '../../db/schema/index.js';

type ReportRow = typeof reports.$inferSelect;

/** A report as the public sees it: its params stay on the server. */
export function presentReport(row: ReportRow): TReport {
  return {
    slug: row.slug,
    title: { en: row.titleEn, fr: row.titleFr },
    description: { en: row.descriptionEn, fr: row.descriptionFr },
    display_type: row.displayType as TReportDisplayType,
    index: row.index,
    display_height: row.displayHeight,
  };
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A data set as CSV: one row per category, one column per series; labels in the asked language. */
export function metricCsv(data: TMetricData, locale: 'en' | 'fr'): string {
  const first = locale === 'fr' ? 'Catégorie' : 'Category';
  const lines = [[first, ...data.series.map((s) => s.label[locale])]];
  data.categories.forEach((category, i) => {
    lines.push([category.label[locale], ...data.series.map((s) => (s.values[i] ?? null) as never)]);
  });
  if (data.series.length === 0) lines.push([locale === 'fr' ? 'Total' : 'Total', String(data.total ?? '')]);
  // A byte-order mark lets spreadsheet programs read the accents of the French labels.
  return `\ufeff${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

import { ZEmbedParamsSchema, type TReportData } from '@stp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicReport } from '../../db/public-visibility.js';
import { reports } from '../../db/schema/index.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { cachedMetric, issuesToErrors, parseReportParams } from './metrics.js';
import { presentReport } from './reports.presenter.js';

/** The featured reports, in their `index` order. */
export async function listFeaturedReports(db: Executor) {
  const rows = await db
    .select()
    .from(reports)
    .where(and(publicReport, eq(reports.featured, true)))
    .orderBy(asc(reports.index), asc(reports.id));
  return rows.map(presentReport);
}

/** A report's rendered data: the metric its params name, or the checked address of an external embed. */
export async function loadReportData(db: Executor, slug: string): Promise<TReportData> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(publicReport, eq(reports.slug, slug)));
  if (!row) throw notFound();
  return reportDataOf(db, row);
}

/** The rendered data of a report row (a validation error when its params no longer hold). */
export async function reportDataOf(db: Executor, row: typeof reports.$inferSelect): Promise<TReportData> {
  const report = presentReport(row);
  if (row.displayType === 'embed') {
    const parsed = ZEmbedParamsSchema.safeParse(row.params);
    if (!parsed.success) throw validationFailed(issuesToErrors(parsed.error.issues));
    return { report, kind: 'embed', url: parsed.data.url };
  }
  const data = await cachedMetric(db, parseReportParams(row.params));
  return { report, kind: 'data', data };
}

import type { TIndicatorDetail } from '@stp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicIndicator } from '../../db/public-visibility.js';
import { indicators } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { cachedMetric, parseReportParams } from '../reports/metrics.js';
import { presentIndicator } from './indicators.presenter.js';

/** Every published indicator, in its sort order. */
export async function listIndicators(db: Executor) {
  const rows = await db
    .select()
    .from(indicators)
    .where(publicIndicator)
    .orderBy(asc(indicators.sortOrder), asc(indicators.id));
  return rows.map(presentIndicator);
}

/** One indicator with its computed data: its `metric` column and its params over the metric whitelist. */
export async function loadIndicator(db: Executor, slug: string): Promise<TIndicatorDetail> {
  const [row] = await db
    .select()
    .from(indicators)
    .where(and(publicIndicator, eq(indicators.slug, slug)));
  if (!row) throw notFound();
  const params = parseReportParams({ ...row.params, metric: row.metric });
  return { ...presentIndicator(row), data: await cachedMetric(db, params) };
}

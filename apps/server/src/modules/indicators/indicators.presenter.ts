import type { TIndicator } from '@stp/shared';
import type { indicators } from '../../db/schema/index.js';

type IndicatorRow = typeof indicators.$inferSelect;

/** An indicator of the public list (its params stay on the server). */
export function presentIndicator(row: IndicatorRow): TIndicator {
  return {
    slug: row.slug,
    title: { en: row.titleEn, fr: row.titleFr },
    description: { en: row.descriptionEn, fr: row.descriptionFr },
    metric: row.metric,
    chart_type: row.chartType as TIndicator['chart_type'],
  };
}

import type { ReviewStage, TLabel, TMetricData, TPerformance, TPerformanceRow } from '@stp/shared';

/** A figure of a row as a number for a chart or table (the share in percent, one decimal). */
export type FigureKey =
  | 'received'
  | 'resolved'
  | 'rejected'
  | 'forwarded'
  | 'open'
  | 'overdue'
  | 'median'
  | 'p90'
  | 'onTime'
  | 'share'
  | 'answered'
  | 'confirmed'
  | 'confirmedShare';

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

const figureOf: Record<FigureKey, (row: TPerformanceRow) => number | null> = {
  received: (row) => row.received,
  resolved: (row) => row.resolved,
  rejected: (row) => row.rejected,
  forwarded: (row) => row.forwarded,
  open: (row) => row.open,
  overdue: (row) => row.overdue,
  median: (row) => row.median_days,
  p90: (row) => row.p90_days,
  onTime: (row) => row.resolved_on_time,
  share: (row) => percent(row.on_time_share),
  answered: (row) => row.feedback_answered,
  confirmed: (row) => row.confirmed_fixed,
  confirmedShare: (row) => percent(row.confirmed_share),
};

export const countFigures: FigureKey[] = ['received', 'resolved', 'rejected', 'forwarded', 'open', 'overdue'];
export const allFigures: FigureKey[] = [
  ...countFigures,
  'median',
  'p90',
  'onTime',
  'share',
  'answered',
  'confirmed',
  'confirmedShare',
];

/** Something happened at this row's stage in the period. */
export const isActive = (row: TPerformanceRow) =>
  row.received + row.resolved + row.rejected + row.forwarded + row.open > 0;

/** The period had no complaint at any stage. */
export const isEmptyPeriod = (figures: TPerformance) => !figures.rows.some(isActive);

/**
 * Rows as the charts' and tables' data set: a category per row (`name` says it), a series per figure
 * (`label` names it in both languages).
 */
export function metricData(
  rows: TPerformanceRow[],
  figures: FigureKey[],
  name: (row: TPerformanceRow) => TLabel,
  label: (figure: FigureKey) => TLabel,
): TMetricData {
  return {
    // The chart components read only categories and series; the metric names the portal's kind of counts.
    metric: 'complaints_by_status',
    dimension: 'country',
    unit: 'count',
    categories: rows.map((row) => ({ key: row.country?.code ?? row.stage, label: name(row) })),
    series: figures.map((figure) => ({
      key: figure,
      label: label(figure),
      values: rows.map(figureOf[figure]),
    })),
    total: null,
  };
}

/** The rows of one stage for the partner states with something at it (the charts' categories). */
export const stateRows = (figures: TPerformance, stage: ReviewStage) =>
  figures.rows.filter((row) => row.stage === stage && row.country !== null && isActive(row));

/** Every stage's row over all partner states. */
export const totalRows = (figures: TPerformance) => figures.rows.filter((row) => row.country === null);

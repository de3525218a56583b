import { z } from 'zod';
import type { ReviewStage } from '../permission-codenames.js';

/** The public Performance page of complaint handling (docs/complaints-performance.md). */
export const complaintPerformanceApiPaths = {
  /** GET `?year=&quarter=`: the figures per partner state and stage. */
  figures: '/complaints/performance/',
  /** GET `?year=&quarter=&lang=`: the same figures as CSV. */
  csv: '/complaints/performance/data.csv',
} as const;

/** The first year the figures can be asked for (the portal holds no older complaints). */
export const performanceFirstYear = 2000;

export const performanceYearMessage = `Choose a year from ${performanceFirstYear} to 2100.`;
export const performanceQuarterMessage = 'Choose a quarter from 1 to 4, or none for the whole year.';

const blank = (value: unknown) => (value === '' ? undefined : value);

/** The period: a year, and a quarter of it or none (the whole year). */
export const ZPerformanceQuerySchema = z.object({
  year: z.coerce
    .number({ error: performanceYearMessage })
    .int(performanceYearMessage)
    .min(performanceFirstYear, performanceYearMessage)
    .max(2100, performanceYearMessage),
  quarter: z.preprocess(
    blank,
    z.coerce
      .number({ error: performanceQuarterMessage })
      .int(performanceQuarterMessage)
      .min(1, performanceQuarterMessage)
      .max(4, performanceQuarterMessage)
      .optional(),
  ),
});
export type TPerformanceQuery = z.infer<typeof ZPerformanceQuerySchema>;

export const ZPerformanceCsvQuerySchema = ZPerformanceQuerySchema.extend({
  lang: z.enum(['en', 'fr'], { error: 'Choose en or fr.' }).default('en'),
});

/** One partner state's (or, `country` null, every state's) figures at one stage in the period. */
export interface TPerformanceRow {
  country: { code: string; name_en: string; name_fr: string } | null;
  stage: ReviewStage;
  received: number;
  resolved: number;
  rejected: number;
  forwarded: number;
  open: number;
  overdue: number;
  /** Days a stage took, over the stages ended in the period (null when none ended). */
  median_days: number | null;
  p90_days: number | null;
  /** Resolved at this stage in the period by the stage's due date. */
  resolved_on_time: number;
  /** `resolved_on_time / resolved` (0 to 1), null when nothing was resolved. */
  on_time_share: number | null;
  /** Of those resolutions, the ones the applicant answered "is the barrier actually gone?" for (item 4). */
  feedback_answered: number;
  /** Answered "fixed". */
  confirmed_fixed: number;
  /** `confirmed_fixed / feedback_answered` (0 to 1), null when no answer came. */
  confirmed_share: number | null;
}

export interface TPerformance {
  year: number;
  quarter: number | null;
  /** The period: from (inclusive) to (exclusive), ISO instants; `as_of` is its end or now, if earlier. */
  from: string;
  to: string;
  as_of: string;
  /** The years with complaints, newest first (the year choice), always holding the current year. */
  years: number[];
  rows: TPerformanceRow[];
}

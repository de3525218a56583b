import { z } from 'zod';
import { metricDimensions, metricNames } from './insights-api.js';

export * from './insights-api.js';

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

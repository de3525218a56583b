import {
  complaintPerformanceApiPaths,
  ZPerformanceCsvQuerySchema,
  ZPerformanceQuerySchema,
  type Locale,
  type ReviewStage,
  type TPerformance,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { csvCell } from '../restrictions/restriction-export.js';
import { complaintPerformance } from './performance.js';

const tags = ['complaints'];

const stageNames: Record<ReviewStage, Record<Locale, string>> = {
  regulator: { en: 'National regulator', fr: 'Régulateur national' },
  regional: { en: 'Regional', fr: 'Régionale' },
  council: { en: 'Council', fr: 'Conseil' },
};

/** The CSV columns, in the page's table order (docs/complaints-performance.md says what each means). */
const headings: Record<Locale, string[]> = {
  en: [
    'Partner state',
    'Stage',
    'Received',
    'Resolved',
    'Rejected',
    'Forwarded',
    'Open',
    'Overdue',
    'Days (median)',
    'Days (90th percentile)',
    'Resolved within the deadline',
    'Share resolved within the deadline (%)',
    'Answered by the applicant',
    'Confirmed fixed',
    'Share confirmed fixed (%)',
  ],
  fr: [
    'État partenaire',
    'Étape',
    'Reçues',
    'Résolues',
    'Rejetées',
    'Transmises',
    'Ouvertes',
    'En retard',
    'Jours (médiane)',
    'Jours (90e centile)',
    'Résolues dans le délai',
    'Part résolue dans le délai (%)',
    'Réponses du demandeur',
    'Confirmées réglées',
    'Part confirmée réglée (%)',
  ],
};
const allStates: Record<Locale, string> = { en: 'All partner states', fr: 'Tous les États partenaires' };

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** The Performance figures as CSV, one line per row of the page's table (a BOM for spreadsheets' accents). */
export function performanceCsv(figures: TPerformance, locale: Locale): string {
  const lines = figures.rows.map((row) => [
    row.country ? (locale === 'fr' ? row.country.name_fr : row.country.name_en) : allStates[locale],
    stageNames[row.stage]?.[locale] ?? row.stage,
    row.received,
    row.resolved,
    row.rejected,
    row.forwarded,
    row.open,
    row.overdue,
    row.median_days,
    row.p90_days,
    row.resolved_on_time,
    percent(row.on_time_share),
    row.feedback_answered,
    row.confirmed_fixed,
    percent(row.confirmed_share),
  ]);
  return `\ufeff${[headings[locale], ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The public Performance page's figures and their CSV (counts and durations only). */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    complaintPerformanceApiPaths.figures,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Complaint handling per partner state and stage in a year or quarter (counts and days only)',
        querystring: ZPerformanceQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return complaintPerformance(db, request.query);
    },
  );

  app.get(
    complaintPerformanceApiPaths.csv,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The complaint handling figures of a year or quarter as CSV',
        querystring: ZPerformanceCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...period } = request.query;
      const figures = await complaintPerformance(db, period);
      const name = `complaints-performance-${period.year}${period.quarter ? `-q${period.quarter}` : ''}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'public, max-age=60')
        .send(performanceCsv(figures, lang));
    },
  );
};

import { insightsApiPaths } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { metricCsv } from '../reports/reports.presenter.js';
import { listIndicators, loadIndicator } from './indicators.service.js';

const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(200) });
const ZCsvQuery = z.object({ lang: z.enum(['en', 'fr']).default('en') });

/** The public indicators: the list, one indicator with its data series, and its data as CSV. */
export const indicatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    insightsApiPaths.indicators,
    { config: { access: access.public() }, schema: { tags: ['indicators'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { results: await listIndicators(db) };
    },
  );

  app.get(
    '/indicators/:slug/',
    { config: { access: access.public() }, schema: { params: ZSlugParams, tags: ['indicators'] } },
    async (request, reply) => {
      const indicator = await loadIndicator(db, request.params.slug);
      reply.header('Cache-Control', 'public, max-age=60');
      return indicator;
    },
  );

  app.get(
    '/indicators/:slug/data.csv',
    {
      config: { access: access.public() },
      schema: { params: ZSlugParams, querystring: ZCsvQuery, tags: ['indicators'] },
    },
    async (request, reply) => {
      const indicator = await loadIndicator(db, request.params.slug);
      const name = `${indicator.slug}.csv`.replace(/[^a-z0-9.-]/gi, '-');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'public, max-age=60')
        .send(metricCsv(indicator.data, request.query.lang));
    },
  );
};

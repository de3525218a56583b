import { insightsApiPaths, ZMetricQuerySchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { cachedMetric, parseReportParams } from './metrics.js';
import { listFeaturedReports, loadReportData } from './reports.service.js';

const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(200) });
const publicCache = 'public, max-age=60';

/** Public reports: the featured list, one report's data, and a preview of any whitelisted metric. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    insightsApiPaths.featuredReports,
    { config: { access: access.public() }, schema: { tags: ['reports'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', publicCache);
      return { results: await listFeaturedReports(db) };
    },
  );

  app.get(
    insightsApiPaths.reportPreview,
    { config: { access: access.public() }, schema: { querystring: ZMetricQuerySchema, tags: ['reports'] } },
    async (request, reply) => {
      const { metric, dimension, ...filters } = request.query;
      const present = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
      const params = parseReportParams({
        metric,
        dimension,
        filters: Object.keys(present).length ? present : undefined,
      });
      reply.header('Cache-Control', publicCache);
      return cachedMetric(db, params);
    },
  );

  app.get(
    '/reports/:slug/data/',
    { config: { access: access.public() }, schema: { params: ZSlugParams, tags: ['reports'] } },
    async (request, reply) => {
      const data = await loadReportData(db, request.params.slug);
      reply.header('Cache-Control', publicCache);
      return data;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { featuredInsightsAdminResource } from './featured-insights-admin.resource.js';

/** Staff administration of the home page's featured insights. */
export const featuredInsightsAdminRoutes: FastifyPluginAsyncZod = adminResourceRoutes(
  featuredInsightsAdminResource,
);

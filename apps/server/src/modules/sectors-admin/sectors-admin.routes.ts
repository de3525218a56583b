import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { sectorsResource } from './sectors.resource.js';

/** Staff administration of the W/120 sector tree. */
export const sectorsAdminRoutes: FastifyPluginAsyncZod = adminResourceRoutes(sectorsResource);

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { commitmentsResource } from './commitments.resource.js';

/** Staff administration of commitments. */
export const commitmentsAdminRoutes: FastifyPluginAsyncZod = adminResourceRoutes(commitmentsResource);

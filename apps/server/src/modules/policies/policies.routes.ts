import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { policiesResource } from './policies.resource.js';

/** Staff administration of policy areas. */
export const policiesRoutes: FastifyPluginAsyncZod = adminResourceRoutes(policiesResource);

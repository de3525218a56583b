import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { holidaysAdminResource } from './holidays-admin.resource.js';

/** Staff administration of the public holiday table (`/api/admin/holidays/`). */
export const holidaysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminResourceRoutes(holidaysAdminResource));
};

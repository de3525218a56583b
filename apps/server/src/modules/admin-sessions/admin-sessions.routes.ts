import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { purgeExpiredSessions } from '../../auth/sessions.js';

/** Superuser session administration (spec 2 `/auth/admin/sessions`): bulk removal of expired sessions. */
export const adminSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/sessions/purge-expired/',
    { config: { access: access.superuser() }, schema: { tags: ['admin'] } },
    async () => ({ removed: await purgeExpiredSessions(app.deps.db) }),
  );
};

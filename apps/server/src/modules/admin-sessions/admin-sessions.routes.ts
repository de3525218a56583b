import {
  adminUsersApiPaths,
  ZAdminSessionKeyParamsSchema,
  ZAdminSessionListQuerySchema,
  type TAdminSessionsPurged,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { listSessions, removeExpiredSessions, removeSession } from './admin-sessions.service.js';

const tags = ['admin'];

/** Superuser session administration (spec 2 `/auth/admin/sessions`): the list, one removal, the bulk removal of expired sessions. */
export const adminSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    adminUsersApiPaths.sessions,
    { config: { access: access.superuser() }, schema: { querystring: ZAdminSessionListQuerySchema, tags } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listSessions(db, request.query, request.session?.idHash);
    },
  );

  app.post(
    adminUsersApiPaths.sessionsPurgeExpired,
    { config: { access: access.superuser() }, schema: { tags } },
    async (request): Promise<TAdminSessionsPurged> => ({
      removed: await removeExpiredSessions(db, actorOf(request)),
    }),
  );

  app.delete(
    adminUsersApiPaths.session(':key'),
    { config: { access: access.superuser() }, schema: { params: ZAdminSessionKeyParamsSchema, tags } },
    async (request) => {
      await removeSession(db, actorOf(request), request.params.key, request.session?.idHash);
      return { removed: 1 };
    },
  );
};

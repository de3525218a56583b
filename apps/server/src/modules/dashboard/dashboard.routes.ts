import { auditApiPaths } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { notSignedIn } from '../../http/errors.js';
import { dashboardFor } from './dashboard.service.js';

/** `GET /api/dashboard/`: the signed-in user's queues and counts. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    auditApiPaths.dashboard,
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['dashboard'],
        summary: "The user's queue and overdue counts, recent changes (staff) or own complaints (clients)",
      },
    },
    async (request, reply) => {
      if (!request.principal) throw notSignedIn();
      reply.header('Cache-Control', 'private, no-store');
      return dashboardFor(db, request.principal);
    },
  );
};

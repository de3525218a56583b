import { contentApiPaths, ZNotificationListQuerySchema, ZSlugParamsSchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { paginated } from '../../http/pagination.js';
import { presentNotification, presentNotificationDetail } from './notifications.presenter.js';
import { findNotification, listNotifications } from './notifications.service.js';

/** The public notifications of measures (spec 2 `/public/notifications`). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    contentApiPaths.notifications,
    {
      config: { access: access.public() },
      schema: { tags: ['notifications'], querystring: ZNotificationListQuerySchema },
    },
    async (request) => {
      const { rows, count } = await listNotifications(db, request.query);
      return paginated(rows.map(presentNotification), count, request.query);
    },
  );

  app.get(
    '/notifications/:slug/',
    { config: { access: access.public() }, schema: { tags: ['notifications'], params: ZSlugParamsSchema } },
    async (request) => {
      const row = await findNotification(db, request.params.slug);
      if (!row) throw notFound();
      return presentNotificationDetail(row);
    },
  );
};

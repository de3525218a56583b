import { adminNotificationsApiPaths, type TIndicatorOption } from '@stp/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { access } from '../../auth/access.js';
import { indicators } from '../../db/schema/index.js';
import { notificationPermissions, notificationsAdminResource } from './notifications-admin.resource.js';

/** Manage notifications, and the indicators the form may link a notification to. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(adminResourceRoutes(notificationsAdminResource));

  app.get(
    adminNotificationsApiPaths.indicatorOptions,
    { config: { access: access.anyPermission(...notificationPermissions) }, schema: { tags: ['admin'] } },
    async (_request, reply): Promise<{ results: TIndicatorOption[] }> => {
      reply.header('Cache-Control', 'no-store');
      const rows = await db
        .select({ id: indicators.id, en: indicators.titleEn, fr: indicators.titleFr })
        .from(indicators)
        .where(eq(indicators.archived, false))
        .orderBy(asc(indicators.sortOrder), asc(indicators.titleEn));
      return { results: rows.map((row) => ({ id: row.id, title: { en: row.en, fr: row.fr } })) };
    },
  );
};

import { adminInsightsApiPaths, type TReportTagRef } from '@stp/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { access } from '../../auth/access.js';
import { reportTags } from '../../db/schema/index.js';
import { reportTagsAdminResource } from './report-tags-admin.resource.js';

/** Staff administration of report tags, and every tag for the report form's picker. */
export const reportTagsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(adminResourceRoutes(reportTagsAdminResource));

  app.get(
    adminInsightsApiPaths.reportTagOptions,
    {
      config: { access: access.anyPermission('core.view_report', 'core.view_reporttag') },
      schema: { tags: ['admin'] },
    },
    async (_request, reply): Promise<{ results: TReportTagRef[] }> => {
      reply.header('Cache-Control', 'no-store');
      const rows = await db.select().from(reportTags).orderBy(asc(reportTags.nameEn), asc(reportTags.id));
      return {
        results: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: { en: row.nameEn, fr: row.nameFr },
        })),
      };
    },
  );
};

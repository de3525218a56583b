import {
  adminInsightsApiPaths,
  ZAdminIdParamsSchema,
  ZReportFeaturedInputSchema,
  type TAdminOption,
} from '@stp/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { actorOf, writeAudit } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { reports } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { clearHomeCache } from '../home/home.routes.js';
import { reportsAdminResource } from './reports-admin.resource.js';

const tags = ['admin'];

/** Staff administration of reports: the resource, the list's featured toggle, and the report options. */
export const reportsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(adminResourceRoutes(reportsAdminResource));

  app.post(
    adminInsightsApiPaths.reportFeatured(':id'),
    {
      config: { access: access.permission('core.change_report') },
      schema: { params: ZAdminIdParamsSchema, body: ZReportFeaturedInputSchema, tags },
    },
    async (request) => {
      const actor = actorOf(request);
      const item = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(reports)
          .where(eq(reports.id, request.params.id))
          .for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(reports)
          .set({ featured: request.body.featured, updatedAt: new Date() })
          .where(eq(reports.id, before.id))
          .returning();
        const [beforeForm, afterForm] = await reportsAdminResource.present(tx, [before, after ?? before]);
        await writeAudit(tx, {
          actor,
          action: 'change',
          model: 'core.report',
          objectId: before.id,
          before: beforeForm as unknown as Record<string, unknown>,
          after: afterForm as unknown as Record<string, unknown>,
        });
        return afterForm;
      });
      clearHomeCache(db);
      return item;
    },
  );

  app.get(
    adminInsightsApiPaths.reportOptions,
    {
      config: { access: access.anyPermission('core.view_report', 'core.view_featuredinsight') },
      schema: { tags },
    },
    async (_request, reply): Promise<{ results: TAdminOption[] }> => {
      reply.header('Cache-Control', 'no-store');
      const rows = await db
        .select({ id: reports.id, en: reports.titleEn, fr: reports.titleFr })
        .from(reports)
        .where(eq(reports.archived, false))
        .orderBy(asc(reports.titleEn), asc(reports.id));
      return { results: rows.map((row) => ({ id: row.id, name: { en: row.en, fr: row.fr } })) };
    },
  );
};

import { catalogueConfigApiPaths, type TRestrictionAccessHolders } from '@stp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { access } from '../../auth/access.js';
import { groups, users } from '../../db/schema/index.js';
import { restrictionAccessResource, userName } from './restriction-access.resource.js';

/** Staff administration of restriction access rules, and the groups and staff users a rule can name. */
export const restrictionAccessAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    catalogueConfigApiPaths.restrictionAccessHolders,
    {
      config: { access: access.permission('restrictions.view_restrictionaccess') },
      schema: {
        tags: ['admin'],
        summary: 'The groups and active staff users a restriction access rule can name',
      },
    },
    async (_request, reply): Promise<TRestrictionAccessHolders> => {
      reply.header('Cache-Control', 'no-store');
      const [groupRows, userRows] = await Promise.all([
        db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),
        db
          .select()
          .from(users)
          .where(and(eq(users.isStaff, true), eq(users.isActive, true)))
          .orderBy(asc(users.email))
          .limit(1000),
      ]);
      return {
        groups: groupRows,
        users: userRows.map((user) => ({ id: user.id, name: userName(user), email: user.email })),
      };
    },
  );
  await app.register(adminResourceRoutes(restrictionAccessResource));
};

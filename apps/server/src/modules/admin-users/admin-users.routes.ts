import { adminUsersApiPaths, adminUserTexts, ZAdminIdParamsSchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { HttpError } from '../../http/errors.js';
import { usersResource } from './admin-users.resource.js';
import { mailInvitation, mailPasswordReset, userChoices } from './admin-users.service.js';

const tags = ['admin'];

/** Staff administration of user accounts: the resource contract plus choices, invitation and reset mails. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, outbox, config } = app.deps;
  const mail = { outbox, publicUrl: config.publicUrl };

  // Accounts are deactivated, never purged: the audit log keeps naming who made each change.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'DELETE') return;
    route.preHandler = async () => {
      throw new HttpError(409, adminUserTexts.notPurged);
    };
  });

  app.get(
    adminUsersApiPaths.userChoices,
    { config: { access: access.permission('auth.view_user') }, schema: { tags } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return userChoices(db);
    },
  );

  app.post(
    adminUsersApiPaths.userPasswordReset(':id'),
    {
      config: { access: access.permission('auth.change_user') },
      schema: { params: ZAdminIdParamsSchema, tags },
    },
    async (request) => {
      await mailPasswordReset(db, mail, actorOf(request), request.params.id);
      return { detail: adminUserTexts.resetSent };
    },
  );

  app.post(
    adminUsersApiPaths.userInvite(':id'),
    {
      config: { access: access.permission('auth.change_user') },
      schema: { params: ZAdminIdParamsSchema, tags },
    },
    async (request) => {
      await mailInvitation(db, mail, actorOf(request), request.params.id);
      return { detail: adminUserTexts.invitationSent };
    },
  );

  await app.register(adminResourceRoutes(usersResource(mail)));
};

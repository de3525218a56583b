import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { groupsResource } from './admin-groups.resource.js';

/**
 * Superuser administration of permission groups. The resource contract gates by codename
 * (`auth.view_group` ...); spec 2 gives groups to superusers only, so every route of this plugin is
 * turned into a superuser route as it is registered. The requirement object is changed in place, so
 * the route table the security suites walk records the superuser rule too.
 */
export const adminGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    if (declared?.kind === 'permission') declared.requirement = { superuser: true };
  });
  await app.register(adminResourceRoutes(groupsResource));
};

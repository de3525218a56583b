import { smsApiPaths, ZSmsCountryParamsSchema, ZSmsServiceSchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { notSignedIn } from '../../http/errors.js';
import { listSmsServices, saveSmsService } from './sms-services.service.js';

/** Staff management of the per-country SMS services (issue 5 item 7). */
export const smsServicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    smsApiPaths.services,
    { config: { access: access.permission('core.view_smsservice') }, schema: { tags: ['sms'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listSmsServices(db);
    },
  );

  app.put(
    '/sms-services/:country/',
    {
      config: { access: access.permission('core.change_smsservice') },
      schema: { params: ZSmsCountryParamsSchema, body: ZSmsServiceSchema, tags: ['sms'] },
    },
    async (request) => {
      if (!request.principal) throw notSignedIn();
      return saveSmsService(db, request.params.country, request.body, {
        userId: request.principal.user.id,
        ip: request.ip,
      });
    },
  );
};

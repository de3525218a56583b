import {
  ZRestrictionExportQuerySchema,
  ZRestrictionListQuerySchema,
  ZRestrictionUpdateSchema,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { exportRestrictions } from './restriction-export.js';
import { updateRestriction } from './restriction-update.js';
import { errorSchema, restrictionDetailSchema, restrictionListSchema } from './restrictions.openapi.js';
import { closeBrowseIndex, preloadBrowseIndex } from './browse-index.js';
import { sendJson } from './send-json.js';
import { browseRestrictions, restrictionDetailJson } from './restrictions.service.js';

const slugParams = z.object({ slug: z.string().min(1).max(500) });
const tags = ['restrictions'];

/** The export's answer: a file, CSV or an Excel workbook by `format` (streamed, never serialised). */
const exportFileResponse = {
  description:
    'The file, sent as an attachment (`Content-Disposition`): CSV or an Excel workbook by `format`.',
  content: {
    'text/csv': { schema: z.string() },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: z.string().meta({ format: 'binary' }),
    },
  },
};

/** The public restrictions catalogue: browse, export, view; and the guarded field update. */
export const restrictionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  // The browse index loads once the server listens (browse answers from SQL until then; the start's own
  // work, such as the job queue's, goes first) and stops with it.
  app.addHook('onListen', async () => preloadBrowseIndex(db, app.log));
  app.addHook('onClose', async () => closeBrowseIndex(db));

  app.get(
    '/restrictions/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Browse restrictions (filters, full-text search, sort, pages)',
        querystring: ZRestrictionListQuerySchema,
        response: { 200: restrictionListSchema, 422: errorSchema },
      },
    },
    async (request, reply) => sendJson(reply, await browseRestrictions(db, request.query), true),
  );

  app.get(
    '/restrictions/export/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Export every restriction matching the browse filters (CSV or Excel, streamed)',
        querystring: ZRestrictionExportQuerySchema,
        response: { 200: exportFileResponse, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await exportRestrictions(db, request.query, config.publicUrl);
      reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .type(file.contentType);
      return reply.send(file.stream as never);
    },
  );

  app.get(
    '/restrictions/:slug/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'A restriction with its commitment, history and updates (archived ones too)',
        params: slugParams,
        response: { 200: restrictionDetailSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const json = await restrictionDetailJson(db, request.params.slug);
      if (json === null) throw notFound();
      return sendJson(reply, json, true);
    },
  );

  app.patch(
    '/restrictions/:slug/',
    {
      config: { access: access.permission('restrictions.change_restriction') },
      schema: {
        tags,
        summary: 'Change fields of a restriction (writes a version and an audit entry)',
        params: slugParams,
        body: ZRestrictionUpdateSchema,
        response: {
          200: restrictionDetailSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (!principal) throw notFound();
      await updateRestriction(db, { slug: request.params.slug }, request.body, principal, request.ip);
      const json = await restrictionDetailJson(db, request.params.slug);
      if (json === null) throw notFound();
      return sendJson(reply, json, false);
    },
  );
};

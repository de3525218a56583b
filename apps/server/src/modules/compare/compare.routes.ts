import { compareApiPaths, ZCompareQuerySchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { errorSchema } from '../restrictions/restrictions.openapi.js';
import { sendJson } from '../restrictions/send-json.js';
import { compareResponseSchema } from './compare.openapi.js';
import { compareStates } from './compare.service.js';

/** The comparison of partner states (issue 34, item 6; page `/public/compare`, docs/compare.md). */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    compareApiPaths.compare,
    {
      config: { access: access.public() },
      schema: {
        tags: ['compare'],
        summary:
          'Compare 2 to 5 partner states in a sector: restrictions by mode of supply and policy area, commitment, restrictiveness index',
        querystring: ZCompareQuerySchema,
        response: { 200: compareResponseSchema, 422: errorSchema },
      },
    },
    async (request, reply) => sendJson(reply, JSON.stringify(await compareStates(db, request.query)), true),
  );
};

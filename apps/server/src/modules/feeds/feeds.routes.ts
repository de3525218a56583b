import { ZRestrictionListQuerySchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { errorSchema } from '../restrictions/restrictions.openapi.js';
import { sendFeed } from './feed-http.js';
import { notificationFeed, notificationFeedPath, ZNotificationFeedQuerySchema } from './notification-feed.js';
import { restrictionFeed, restrictionFeedPath } from './restriction-feed.js';

const tags = ['feeds'];

const atomResponse = {
  description:
    'An Atom 1.0 feed (RFC 4287), newest entry first, at most 50 entries; 304 when `If-None-Match` holds its ETag.',
  content: { 'application/atom+xml': { schema: z.string() } },
};

/** Atom feeds of the public lists: the browse filters' restriction changes, the notifications (docs/feeds.md). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    restrictionFeedPath,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Atom feed of the changes to the restrictions a browse filter selects (`lang`: en or fr)',
        querystring: ZRestrictionListQuerySchema,
        response: { 200: atomResponse, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const feed = await restrictionFeed(db, request.query, config.publicUrl);
      return sendFeed(request, reply, feed.xml, feed.updated);
    },
  );

  app.get(
    notificationFeedPath,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "Atom feed of the notifications of measures (a partner state's with `country`)",
        querystring: ZNotificationFeedQuerySchema,
        response: { 200: atomResponse, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const feed = await notificationFeed(db, request.query, config.publicUrl);
      return sendFeed(request, reply, feed.xml, feed.updated);
    },
  );
};

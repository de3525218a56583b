import formbody from '@fastify/formbody';
import {
  subscriptionApiPaths,
  subscriptionPagePaths,
  ZSubscribeSchema,
  ZSubscriptionChangeSchema,
  ZSubscriptionIdParamsSchema,
  ZSubscriptionLinkQuerySchema,
  ZSubscriptionLinkSchema,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { limitBy, tooManyRequests } from '../../auth/rate-limits.js';
import { errorSchema } from '../restrictions/restrictions.openapi.js';
import {
  changeSubscription,
  confirmSubscription,
  listSubscriptions,
  managerOf,
  stopSubscription,
  subscribe,
  unsubscribeByLink,
} from './subscriptions.service.js';

const tags = ['subscriptions'];
const detail = z.object({ detail: z.string() });
const ZSubscriptionViewSchema = z.object({
  id: z.number(),
  kind: z.enum(['browse', 'restriction', 'notifications']),
  label: z.string(),
  path: z.string(),
  frequency: z.enum(['immediate', 'daily', 'weekly']),
  lang: z.enum(['en', 'fr']),
  confirmed: z.boolean(),
  created_at: z.string(),
});

/** E-mail alerts (issue 34 item 1, docs/subscriptions.md): follow, confirm, unsubscribe, manage. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const limits = config.rateLimits;
  // RFC 8058's one-click POST is a form body (`List-Unsubscribe=One-Click`): accepted in this plugin only.
  await app.register(formbody, { bodyLimit: 1024 });

  app.post(
    subscriptionApiPaths.list,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Follow a browse filter, a restriction or a country’s notifications by e-mail',
        description:
          'Signed in: active at once for the account. A visitor gives `email` and gets a confirmation link (double opt-in); nothing else is mailed before it is followed.',
        body: ZSubscribeSchema,
        response: {
          201: z.object({ id: z.number(), confirmed: z.boolean(), detail: z.string() }),
          422: errorSchema,
          429: errorSchema,
        },
      },
      preHandler: limitBy(app, 'subscribe-ip', limits.subscribePerIp),
    },
    async (request, reply) => {
      const result = await subscribe(app.deps, request.principal, request.body, (ttlMs) =>
        tooManyRequests(reply, ttlMs),
      );
      reply.code(201);
      return {
        ...result,
        detail: result.confirmed
          ? 'You follow it now.'
          : 'We have sent a link to this address. The alert starts once it is confirmed.',
      };
    },
  );

  app.post(
    subscriptionApiPaths.confirm,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Confirm a visitor’s subscription from its mailed link (`s`, `t`)',
        body: ZSubscriptionLinkSchema,
        response: { 200: detail, 404: errorSchema, 422: errorSchema },
      },
      preHandler: limitBy(app, 'token', limits.token),
    },
    async (request) => {
      await confirmSubscription(db, request.body);
      return { detail: 'Your alert is confirmed.' };
    },
  );

  app.post(
    subscriptionApiPaths.unsubscribe,
    {
      // Mail clients post here without a cookie (RFC 8058): the link's token authenticates instead.
      config: { access: access.public(), csrf: false },
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every alert',
        description:
          'A POST (any body; mail clients send `List-Unsubscribe=One-Click`) stops the subscription at once, with no sign-in and no confirmation.',
        querystring: ZSubscriptionLinkSchema,
        response: { 200: detail, 404: errorSchema, 422: errorSchema },
      },
      preHandler: limitBy(app, 'token', limits.token),
    },
    async (request) => {
      await unsubscribeByLink(db, config.secretKey, request.query);
      return { detail: 'You will receive no more mails from this alert.' };
    },
  );

  app.get(
    subscriptionApiPaths.unsubscribe,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The List-Unsubscribe address opened in a browser: leads to the page with the button',
        querystring: ZSubscriptionLinkSchema,
        response: { 303: z.null().describe('To the unsubscribe page'), 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { s, t } = request.query;
      return reply.redirect(`${subscriptionPagePaths.unsubscribe}?s=${s}&t=${encodeURIComponent(t)}`, 303);
    },
  );

  app.get(
    subscriptionApiPaths.list,
    {
      config: { access: access.public(), personalData: true },
      schema: {
        tags,
        summary:
          'The caller’s subscriptions: signed in, or those of the address a mailed link (`s`, `t`) names',
        querystring: ZSubscriptionLinkQuerySchema,
        response: { 200: z.array(ZSubscriptionViewSchema), 401: errorSchema, 404: errorSchema },
      },
      preHandler: limitBy(app, 'token', limits.token),
    },
    async (request) => {
      const manager = await managerOf(db, config.secretKey, request.principal, request.query);
      return listSubscriptions(db, manager);
    },
  );

  app.patch(
    '/subscriptions/:id/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Change how often a subscription is mailed',
        params: ZSubscriptionIdParamsSchema,
        querystring: ZSubscriptionLinkQuerySchema,
        body: ZSubscriptionChangeSchema,
        response: { 200: detail, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
      preHandler: limitBy(app, 'token', limits.token),
    },
    async (request) => {
      const manager = await managerOf(db, config.secretKey, request.principal, request.query);
      await changeSubscription(db, manager, request.params.id, request.body.frequency);
      return { detail: 'Saved.' };
    },
  );

  app.delete(
    '/subscriptions/:id/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Stop a subscription',
        params: ZSubscriptionIdParamsSchema,
        querystring: ZSubscriptionLinkQuerySchema,
        response: { 200: detail, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
      preHandler: limitBy(app, 'token', limits.token),
    },
    async (request) => {
      const manager = await managerOf(db, config.secretKey, request.principal, request.query);
      await stopSubscription(db, manager, request.params.id);
      return { detail: 'You will receive no more mails from this alert.' };
    },
  );
};

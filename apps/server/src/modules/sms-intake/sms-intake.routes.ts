import { createHash, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { messages, smsApiPaths } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { HttpError } from '../../http/errors.js';
import { receiveSms } from './sms-intake.service.js';

const field = z.string().max(4000).optional();
const ZInboundSmsSchema = z.object({
  from: field,
  to: field,
  text: field,
  date: field,
  id: field,
  linkId: field,
});
const ZInboundQuerySchema = z.object({ secret: z.string().max(500).optional() });

export const smsSecretHeader = 'x-sms-webhook-secret';
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison (of digests, so lengths never leak either); an unset secret matches nothing. */
function secretMatches(expected: string, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || !given) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/** The SMS gateway's incoming-message webhook (docs/sms.md); replies go out through the outbox. */
export const smsIntakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  // Form bodies only inside this plugin: no other route accepts them.
  await app.register(formbody);

  app.post(
    smsApiPaths.inbound,
    {
      // A machine holds no cookie: no CSRF; the shared secret authenticates it instead.
      config: { access: access.public(), csrf: false },
      schema: { querystring: ZInboundQuerySchema, body: ZInboundSmsSchema, tags: ['sms'] },
      preValidation: async (request) => {
        const query = request.query as { secret?: unknown };
        if (!secretMatches(config.sms.webhookSecret, request.headers[smsSecretHeader] ?? query.secret)) {
          request.log.warn({ ip: request.ip }, 'SMS webhook refused: wrong or missing secret');
          throw new HttpError(403, messages.noAccess);
        }
      },
    },
    async (request, reply) => {
      const result = await receiveSms(
        { deps: app.deps, perSender: config.sms.perSender, log: request.log },
        request.body,
      );
      request.log.info({ outcome: result.outcome, to: request.body.to }, 'SMS received');
      reply.code(result.statusCode).header('Cache-Control', 'no-store');
      if (result.statusCode === 400)
        return { detail: 'The sender (from) is missing or is not a phone number.' };
      return { detail: 'Received.' };
    },
  );
};

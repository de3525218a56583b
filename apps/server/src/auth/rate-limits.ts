import { messages } from '@stp/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSetting } from '../config.js';
import { HttpError } from '../http/errors.js';

/**
 * A named limit on top of the global one, as a preHandler (after validation, so it can key on the body).
 * Built on `createRateLimit`: the plugin's own per-route hook runs only once per request, and login
 * needs two limits (per address and per account).
 */
export function limitBy(
  app: FastifyInstance,
  name: string,
  setting: RateLimitSetting,
  key: (request: FastifyRequest) => string = (request) => request.ip,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({ ...setting, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request, reply) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new HttpError(429, messages.apiLimit, undefined, messages.apiLimitTitle);
    }
  };
}

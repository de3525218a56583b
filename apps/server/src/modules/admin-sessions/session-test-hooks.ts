import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { createSession } from '../../auth/sessions.js';

/**
 * Test-only (NODE_ENV=test, as the e2e server runs): `POST /test-hooks/sessions/expired/` creates
 * `count` sessions for the calling superuser that expired an hour ago, so the browser spec can check that
 * the bulk removal takes exactly those. Outside `/api/`, hidden from the OpenAPI document and absent from
 * any other environment; still signed-in, CSRF-checked and superuser-only.
 */
export const sessionTestHooks: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.env !== 'test') return;
  app.post(
    '/test-hooks/sessions/expired/',
    {
      config: { access: access.superuser() },
      schema: { hide: true, body: z.object({ count: z.number().int().min(1).max(20) }) },
    },
    async (request) => {
      const userId = request.principal?.user.id ?? 0;
      for (let index = 0; index < request.body.count; index += 1)
        await createSession(app.deps.db, {
          userId,
          ttlMs: -3_600_000,
          ip: request.ip,
          userAgent: 'e2e expired',
        });
      return { created: request.body.count };
    },
  );
};

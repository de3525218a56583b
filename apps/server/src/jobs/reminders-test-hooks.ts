import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../auth/access.js';
import { digestQueue, informationQueue } from './reminders.js';

/**
 * Test-only (NODE_ENV=test, as the e2e server runs): `POST /test-hooks/reminders/run/` queues both
 * reminder jobs as if the clock were `advance_days` days ahead, so the browser spec sees a reminder
 * arrive without waiting a week. The moved time lives in those jobs only (the sessions, the rest of the
 * server keep the real clock), and the job handlers ignore it outside NODE_ENV=test. Outside `/api/`,
 * hidden from the OpenAPI document and absent from any other environment; signed-in, CSRF-checked and
 * superuser-only.
 */
export const reminderTestHooks: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.env !== 'test') return;
  app.post(
    '/test-hooks/reminders/run/',
    {
      config: { access: access.superuser() },
      schema: { hide: true, body: z.object({ advance_days: z.number().min(0).max(60) }) },
    },
    async (request) => {
      const at = new Date(Date.now() + request.body.advance_days * 86_400_000).toISOString();
      const { boss } = app.deps.queue;
      const jobs = [await boss.send(digestQueue, { at }), await boss.send(informationQueue, { at })];
      return { at, jobs };
    },
  );
};

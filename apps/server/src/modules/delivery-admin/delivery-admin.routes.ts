import { ZAdminIdParamsSchema } from '@stp/shared';
import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, writeAudit } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { outboxMessages } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { maintenanceStatus } from '../../jobs/maintenance.js';

const ZDeliveryQuerySchema = z.object({
  status: z.enum(['queued', 'sent', 'failed']).optional(),
  days: z.coerce.number().int().min(1).max(90).default(7),
});
const tags = ['admin'];

type Row = typeof outboxMessages.$inferSelect;
const present = (row: Row) => ({
  id: row.id,
  channel: row.channel,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  sent_at: row.sentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** Superusers: the outbox (queued, failed, sent in the last days), a resend, and the maintenance tasks' last runs. */
export const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, outbox, config, queue } = app.deps;

  app.get(
    '/admin/delivery/',
    { config: { access: access.superuser() }, schema: { querystring: ZDeliveryQuerySchema, tags } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const since = new Date(Date.now() - request.query.days * 86_400_000);
      const { status } = request.query;
      // Failed messages are listed whatever their age, as they are counted: they wait for someone to act.
      const where: SQL[] = status === 'failed' ? [] : [gte(outboxMessages.createdAt, since)];
      if (status) where.push(eq(outboxMessages.status, status));
      const counts = await db
        .select({ status: outboxMessages.status, n: count() })
        .from(outboxMessages)
        .where(gte(outboxMessages.createdAt, since))
        .groupBy(outboxMessages.status);
      // Failed messages count whatever their age: they wait for someone to act.
      const [failed] = await db
        .select({ n: count() })
        .from(outboxMessages)
        .where(eq(outboxMessages.status, 'failed'));
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(and(...where))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(200);
      const countOf = (status: string) => counts.find((row) => row.status === status)?.n ?? 0;
      return {
        counts: { queued: countOf('queued'), sent: countOf('sent'), failed: failed?.n ?? 0 },
        results: rows.map(present),
      };
    },
  );

  app.post(
    '/admin/delivery/:id/resend/',
    { config: { access: access.superuser() }, schema: { params: ZAdminIdParamsSchema, tags } },
    async (request) => {
      const sent = await db.transaction(async (tx) => {
        // Read (and locked) first: the audit row holds the message as it was before the resend.
        const [current] = await tx
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.id, request.params.id))
          .for('update');
        if (!current) throw notFound();
        const row = await outbox.resend(tx, request.params.id);
        if (!row) throw new HttpError(409, 'Only a message whose every attempt failed can be sent again.');
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'resend',
          model: 'core.outboxmessage',
          objectId: row.id,
          before: present(current),
          after: present(row),
        });
        return row;
      });
      return present(sent);
    },
  );

  app.get(
    '/admin/maintenance/',
    { config: { access: access.superuser() }, schema: { tags } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        results: await maintenanceStatus(
          db,
          { ...config.maintenance, uploadOrphanAgeSeconds: config.uploads.orphanAgeSeconds },
          // pg-boss's own reading of the expression (UTC), the one its scheduler uses.
          (schedule) => queue.boss.previewSchedule(schedule, { count: 1, from: new Date() })[0] ?? null,
        ),
      };
    },
  );
};

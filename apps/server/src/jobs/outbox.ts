import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { outboxMessages, smsMessages } from '../db/schema/index.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { SmsGateway } from '../sms/gateway.js';
import type { JobQueue, JobRun, QueueLog } from './queue.js';

export const mailQueue = 'deliver-mail';
export const smsQueue = 'deliver-sms';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** What a mail is about, kept with it for the Delivery screen. */
export interface MailFacts {
  kind: string;
  complaintId?: number | null;
  /** A sign-in link (registration, reset, invitation): the body is blanked once delivered. */
  sensitive?: boolean;
}

/** An SMS reply: to whom, the text, and what the SMS log records with it. */
export interface SmsOutgoing {
  to: string;
  text: string;
  shortCode: string;
  country: string | null;
  complaintId: number | null;
}

interface Job {
  id: number;
}

// A mail's extra headers travel in `meta` as `header:<name>` keys, so the row holds all it sends.
const headerPrefix = 'header:';
const headerMeta = (headers: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [`${headerPrefix}${name}`, value]));
const headersOf = (meta: OutboxRow['meta']) => {
  const entries = Object.entries(meta)
    .filter(([key, value]) => key.startsWith(headerPrefix) && typeof value === 'string')
    .map(([key, value]) => [key.slice(headerPrefix.length), String(value)]);
  return entries.length ? { headers: Object.fromEntries(entries) as Record<string, string> } : {};
};

/**
 * The outbox: every mail and SMS reply is a row written in the caller's transaction together with
 * its delivery job, so it exists exactly when the change that caused it committed, and is sent
 * afterwards by a worker (docs/background-jobs.md).
 */
export class Outbox {
  constructor(private readonly queue: JobQueue) {}

  /** Queues mails inside `executor`'s transaction (a savepoint when given one, its own otherwise). */
  async mail(executor: Executor, messages: MailMessage | MailMessage[], facts: MailFacts): Promise<void> {
    const list = Array.isArray(messages) ? messages : [messages];
    if (list.length === 0) return;
    await executor.transaction(async (tx) => {
      const rows = await tx
        .insert(outboxMessages)
        .values(
          list.map((message) => ({
            channel: 'mail',
            kind: facts.kind,
            recipient: message.to,
            subject: message.subject,
            body: message.text,
            html: message.html,
            sensitive: facts.sensitive ?? false,
            complaintId: facts.complaintId ?? null,
            meta: headerMeta(message.headers),
          })),
        )
        .returning({ id: outboxMessages.id });
      for (const row of rows) await this.queue.send<Job>(tx, mailQueue, { id: row.id });
    });
  }

  /** Queues an SMS reply inside `executor`'s transaction. */
  async sms(executor: Executor, reply: SmsOutgoing): Promise<void> {
    await executor.transaction(async (tx) => {
      const [row] = await tx
        .insert(outboxMessages)
        .values({
          channel: 'sms',
          kind: 'sms_reply',
          recipient: reply.to,
          body: reply.text,
          complaintId: reply.complaintId,
          meta: { shortCode: reply.shortCode, country: reply.country },
        })
        .returning({ id: outboxMessages.id });
      if (row) await this.queue.send<Job>(tx, smsQueue, { id: row.id });
    });
  }

  /** Sends a failed message again (a new series of attempts); false when it is not failed. */
  async resend(executor: Executor, id: number): Promise<OutboxRow | null> {
    const [row] = await executor
      .update(outboxMessages)
      .set({ status: 'queued', lastError: null })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
      .returning();
    if (!row) return null;
    await this.queue.send<Job>(executor, row.channel === 'sms' ? smsQueue : mailQueue, { id: row.id });
    return row;
  }
}

interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  sms: SmsGateway;
  log: QueueLog;
}

const describe = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/** Loads a queued row; null when it is gone or already delivered (a second job for it does nothing). */
async function pending(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row && row.status !== 'sent' ? row : null;
}

async function recordFailure(db: Database, row: OutboxRow, run: JobRun<Job>, error: string) {
  await db
    .update(outboxMessages)
    .set({
      status: run.lastAttempt ? 'failed' : 'queued',
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: error,
      lastAttemptAt: new Date(),
    })
    .where(eq(outboxMessages.id, row.id));
}

async function recordSent(db: Database, row: OutboxRow) {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: null,
      lastAttemptAt: new Date(),
      sentAt: new Date(),
      // A delivered sign-in link is not kept readable in the database.
      ...(row.sensitive ? { body: '', html: '' } : {}),
    })
    .where(eq(outboxMessages.id, row.id));
}

/** Test hook (NODE_ENV=test only): holds each delivery this long first, so the kill test can land before a send. */
const testDelay = () =>
  Number(process.env.NODE_ENV === 'test' ? (process.env.DELIVERY_TEST_DELAY_MS ?? 0) : 0);

/** The workers of the two delivery queues: a failure records the error and throws, so pg-boss retries with back-off. */
export function defineDeliveryJobs(
  queue: JobQueue,
  deps: DeliveryDeps,
  retry: {
    retryLimit: number;
    retryDelaySeconds: number;
    retryDelayMaxSeconds: number;
    expireSeconds: number;
  },
): void {
  const options = {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryDelayMax: retry.retryDelayMaxSeconds,
    retryBackoff: true,
    expireInSeconds: retry.expireSeconds,
    // Our own table keeps what was sent; pg-boss's job rows go after a week.
    deleteAfterSeconds: 7 * 86_400,
    retentionSeconds: 14 * 86_400,
  };
  queue.define<Job>(
    mailQueue,
    options,
    async (run) => {
      const row = await pending(deps.db, run.data.id);
      if (!row) return;
      if (testDelay() > 0) await new Promise((resolve) => setTimeout(resolve, testDelay()));
      try {
        await deps.mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          html: row.html,
          ...headersOf(row.meta),
        });
      } catch (error) {
        await recordFailure(deps.db, row, run, describe(error));
        deps.log.warn(
          {
            err: error,
            outbox: row.id,
            to: row.recipient,
            attempt: run.retryCount + 1,
            final: run.lastAttempt,
          },
          'mail not delivered',
        );
        throw error;
      }
      await recordSent(deps.db, row);
      deps.log.info({ outbox: row.id, kind: row.kind }, 'mail delivered');
    },
    4,
  );
  queue.define<Job>(
    smsQueue,
    options,
    async (run) => {
      const row = await pending(deps.db, run.data.id);
      if (!row) return;
      const result = await deps.sms.send(row.recipient, row.body);
      const shortCode = String(row.meta.shortCode ?? '');
      const country =
        row.meta.country === null || row.meta.country === undefined ? null : String(row.meta.country);
      // Each attempt is in the SMS log, as the intake's delivery record.
      await deps.db.insert(smsMessages).values({
        direction: 'out',
        phone: row.recipient,
        shortCode,
        text: row.body,
        gatewayId: result.messageId ?? null,
        countryCode: country,
        complaintId: row.complaintId,
        outcome: result.ok ? 'sent' : deps.sms.configured ? 'failed' : 'not_sent',
        error: result.error ?? null,
      });
      if (result.ok) {
        await recordSent(deps.db, row);
        return;
      }
      // No gateway configured: nothing to retry against; kept as failed for the Delivery screen.
      const final = !deps.sms.configured;
      await recordFailure(
        deps.db,
        row,
        final ? { ...run, lastAttempt: true } : run,
        result.error ?? 'not sent',
      );
      deps.log.warn({ outbox: row.id, to: row.recipient, error: result.error }, 'SMS reply not sent');
      if (!final) throw new Error(result.error ?? 'SMS not sent');
    },
    2,
  );
}

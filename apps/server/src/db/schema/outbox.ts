import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { complaints } from './complaints.js';

/**
 * Every mail and SMS reply the portal sends (docs/background-jobs.md): written in the transaction of
 * the change that causes it, delivered by a queue job with retries, kept with its outcome. The
 * Delivery screen lists it; a failed one can be sent again.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** What it is: registration, reset, invitation, complaint_lodged, complaint_update, complaint_queued, sms_reply, reminder … */
    kind: text('kind').notNull(),
    /** An e-mail address, or a phone number in E.164 for an SMS. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** The plain-text part of a mail; the text of an SMS. */
    body: text('body').notNull().default(''),
    html: text('html').notNull().default(''),
    /** Carries a sign-in link (registration, reset, invitation): its body is blanked once delivered. */
    sensitive: boolean('sensitive').notNull().default(false),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    /** SMS: the portal number and country the reply goes out on (copied to the SMS log). */
    meta: jsonb('meta').$type<Record<string, string | number | null>>().notNull().default({}),
    /** queued (waiting or between attempts), sent, failed (every attempt failed). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
    index('outbox_messages_created_idx').on(t.createdAt),
    check('outbox_messages_channel_check', sql`${t.channel} in ('mail', 'sms')`),
    check('outbox_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

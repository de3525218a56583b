import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { complaints } from './complaints.js';
import { countries } from './reference.js';

/**
 * Every SMS the portal receives or sends (issue 5 item 7): the inbound log, the per-sender rate limit
 * (counted here, so it holds across restarts and instances) and the delivery record of each reply.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    direction: text('direction').notNull(),
    /** The sender of an inbound message, the recipient of a reply: digits of E.164 with a leading `+`. */
    phone: text('phone').notNull(),
    /** The portal's own number (short code) the message went to or came from. */
    shortCode: text('short_code').notNull().default(''),
    text: text('text').notNull().default(''),
    /** The gateway's message id (`id` of the callback; the id it answers for a reply). */
    gatewayId: text('gateway_id'),
    linkId: text('link_id'),
    countryCode: text('country_code').references(() => countries.code),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    /** What came of it: complaint, status, help, unknown_reference, rate_limited, duplicate, invalid; sent, failed. */
    outcome: text('outcome').notNull(),
    error: text('error'),
    /** When the gateway says the message was sent (inbound `date`); null for replies. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
    index('sms_messages_gateway_idx').on(t.gatewayId),
    index('sms_messages_created_idx').on(t.createdAt),
    check('sms_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

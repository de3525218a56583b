import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { countries } from './reference.js';
import { restrictions } from './restrictions.js';

/**
 * E-mail alerts (issue 34 item 1, docs/subscriptions.md): a signed-in user or a visitor's confirmed
 * address follows a browse filter, one restriction or a partner state's notifications.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** A signed-in user's subscription: mailed to the user's address. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A visitor's address (lower case), mailed only once confirmed. */
    email: text('email'),
    lang: text('lang').notNull().default('en'),
    /** browse (a browse filter), restriction (one restriction), notifications (a country's). */
    kind: text('kind').notNull(),
    /** browse: the browse list's query, canonical (keys sorted, paging left out). */
    filter: jsonb('filter').$type<Record<string, string>>(),
    restrictionId: integer('restriction_id').references(() => restrictions.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').references(() => countries.code),
    /** What is followed in one text (`browse:<query>`, `restriction:<id>`, `notifications:<code>`): one subscription per follower and target. */
    target: text('target').notNull(),
    frequency: text('frequency').notNull(),
    /** Hash of the double opt-in link's token; null once confirmed (and for signed-in users). */
    confirmTokenHash: text('confirm_token_hash'),
    /** Hash of the token of the unsubscribe and manage links every mail carries. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Every change before this instant has been mailed (or came before the subscription): the cursor. */
    changesUntil: timestamp('changes_until', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_user_target_key')
      .on(t.userId, t.target)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('subscriptions_email_target_key')
      .on(t.email, t.target)
      .where(sql`${t.email} is not null`),
    index('subscriptions_due_idx')
      .on(t.frequency, t.changesUntil)
      .where(sql`${t.confirmedAt} is not null`),
    index('subscriptions_restriction_idx').on(t.restrictionId),
    check('subscriptions_follower_check', sql`(${t.userId} is null) <> (${t.email} is null)`),
    check('subscriptions_lang_check', sql`${t.lang} in ('en', 'fr')`),
    check('subscriptions_frequency_check', sql`${t.frequency} in ('immediate', 'daily', 'weekly')`),
    check(
      'subscriptions_kind_check',
      sql`(${t.kind} = 'browse' and ${t.filter} is not null) or (${t.kind} = 'restriction' and ${t.restrictionId} is not null) or (${t.kind} = 'notifications' and ${t.countryCode} is not null)`,
    ),
  ],
);

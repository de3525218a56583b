import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { countries } from './reference.js';

/** A partner state's public holiday: working-day deadlines skip it (docs/background-jobs.md, "Deadlines"). */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    date: date('date', { mode: 'string' }).notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('public_holidays_country_date_key').on(t.countryCode, t.date),
    index('public_holidays_date_idx').on(t.date),
  ],
);

/**
 * Each reminder sent, under a key that names it once (`digest:<user>:<date>`, `rfi:<review log>`):
 * written in the transaction that queues its mail, so a reminder is queued once, whoever runs the job.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('sent_reminders_kind_check', sql`${t.kind} in ('digest', 'rfi')`)],
);

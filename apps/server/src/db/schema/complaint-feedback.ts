import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { complaints } from './complaints.js';

/**
 * The applicant's answer to "is the barrier actually gone?" after a resolution (docs/complaint-feedback.md):
 * one row per resolution answered. `not_fixed` within the answer window reopened the complaint at
 * `resolved_stage`; the Performance page's "share confirmed fixed" counts `outcome = 'fixed'`.
 */
export const complaintFeedback = pgTable(
  'complaint_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    /** The resolution answered: the complaint's `date_resolved` when the answer came. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull(),
    /** The review stage that resolved it (and where `not_fixed` reopened it). */
    resolvedStage: text('resolved_stage').notNull(),
    /** `fixed` (the barrier is gone) or `not_fixed` (it is not: the complaint was reopened). */
    outcome: text('outcome').notNull(),
    /** The applicant's reason; required for `not_fixed`, also written to the review log. */
    reason: text('reason'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One answer per resolution: a second one loses on this constraint even when two race.
    unique('complaint_feedback_resolution_unique').on(t.complaintId, t.resolvedAt),
    index('complaint_feedback_answered_idx').on(t.answeredAt),
    check('complaint_feedback_outcome_check', sql`${t.outcome} in ('fixed', 'not_fixed')`),
    check(
      'complaint_feedback_reason_check',
      sql`${t.outcome} = 'fixed' or (${t.reason} is not null and length(${t.reason}) > 0)`,
    ),
  ],
);

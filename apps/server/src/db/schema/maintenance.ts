import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last run of each scheduled maintenance task (docs/background-jobs.md): shown to superusers. */
export const maintenanceRuns = pgTable('maintenance_runs', {
  task: text('task').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** ok or error. */
  outcome: text('outcome').notNull(),
  /** Rows or files removed by an `ok` run. */
  removed: integer('removed').notNull().default(0),
  error: text('error'),
});

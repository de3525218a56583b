import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The named rate limits (login, registration, token) shared by every server instance: one row per
 * limit and caller, counting hits until `expires_at` (docs/two-instances.md).
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

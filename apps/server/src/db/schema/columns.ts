import { boolean, customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector`, for the generated full-text columns. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The record flags of spec 3: active, archived, deleted on (a soft delete before the purge). */
export const recordFlags = () => ({
  active: boolean('active').notNull().default(true),
  archived: boolean('archived').notNull().default(false),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  deletedOn: timestamp('deleted_on', { withTimezone: true }),
});

import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { complaints } from './complaints.js';

/**
 * A trader's supporting statement on an existing complaint ("add my case to this one", or the text of a
 * duplicate merged into it; docs/complaint-duplicates.md). Its reviewers see it with its author.
 */
export const complaintStatements = pgTable(
  'complaint_statements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The duplicate complaint whose merge wrote this statement; null for a statement added by its author. */
    mergedFromId: integer('merged_from_id').references(() => complaints.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_statements_complaint_idx').on(t.complaintId, t.createdAt),
    index('complaint_statements_author_idx').on(t.authorId),
    // A duplicate is merged once.
    unique('complaint_statements_merged_from_unique').on(t.mergedFromId),
    check('complaint_statements_body_check', sql`length(${t.body}) between 1 and 5000`),
  ],
);

/** A supporter's own files with their statement, in the store under generated keys (as complaint attachments). */
export const complaintStatementAttachments = pgTable(
  'complaint_statement_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => complaintStatements.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_statement_attachments_statement_idx').on(t.statementId)],
);

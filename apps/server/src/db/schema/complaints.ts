import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, recordFlags, tsvector, updatedAt } from './columns.js';
import { countries, sectors } from './reference.js';
import { restrictions } from './restrictions.js';

/** The review stages in order, with their configurable deadline in calendar or working days. */
export const reviewStages = pgTable(
  'review_stages',
  {
    stage: text('stage').primaryKey(),
    position: integer('position').notNull().unique(),
    deadlineDays: integer('deadline_days').notNull(),
    /** `calendar` or `working` (weekends and public holidays skipped: lib/working-days.ts). */
    deadlineUnit: text('deadline_unit').notNull().default('calendar'),
    updatedAt: updatedAt(),
  },
  (t) => [check('review_stages_deadline_unit_check', sql`${t.deadlineUnit} in ('calendar', 'working')`)],
);

/** A complaint about a trade barrier (spec 3). `version` guards against two reviewers acting at once. */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    /** The address of the complaint's page: random, so it cannot be guessed from the reference. */
    slug: uuid('slug').notNull().unique().defaultRandom(),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    restrictionType: text('restriction_type').notNull(),
    detailsOfOccurrence: text('details_of_occurrence').notNull(),
    dateOfOccurrence: date('date_of_occurrence').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    briefDescription: text('brief_description').notNull(),
    restrictionId: integer('restriction_id').references(() => restrictions.id, { onDelete: 'set null' }),
    sectorId: integer('sector_id').references(() => sectors.id),
    status: text('status').notNull().default('submitted'),
    stage: text('stage').references(() => reviewStages.stage),
    stageStartedAt: timestamp('stage_started_at', { withTimezone: true }),
    stageDueAt: timestamp('stage_due_at', { withTimezone: true }),
    /** How `stage_due_at` was counted (`working`: moved when a holiday in its span changes); null is calendar. */
    stageDeadlineUnit: text('stage_deadline_unit'),
    dateResolved: timestamp('date_resolved', { withTimezone: true }),
    /**
     * The public record, written by the reviewer who resolves or rejects (docs/complaints-public-record.md):
     * what the public list and view show instead of the applicant's own words. Null until then; the
     * French twins are null when not translated.
     */
    publicSummary: text('public_summary'),
    publicSummaryFr: text('public_summary_fr'),
    resolutionNote: text('resolution_note'),
    resolutionNoteFr: text('resolution_note_fr'),
    /**
     * The applicant asked that their identity be withheld from reviewers outside their own country and
     * from every public view (docs/complaint-confidentiality.md).
     */
    identityWithheld: boolean('identity_withheld').notNull().default(false),
    /** When the applicant last redacted personal data in their own text (null: never). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    source: text('source').notNull().default('web'),
    smsPhone: text('sms_phone'),
    /**
     * The complaint this one was merged into as a duplicate (status `merged`; docs/complaint-duplicates.md):
     * its applicant is then a supporter of that one.
     */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => complaints.id, {
      onDelete: 'set null',
    }),
    /** The brief description's words in English and French, for the duplicate hints' full-text match. */
    briefSearch: tsvector('brief_search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english'::regconfig, coalesce(brief_description, '')) || to_tsvector('french'::regconfig, coalesce(brief_description, ''))`,
      ),
    version: integer('version').notNull().default(1),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_applicant_idx').on(t.applicantId),
    index('complaints_brief_search_idx').using('gin', t.briefSearch),
    // Trigram similarity (pg_trgm) of a brief being typed against the briefs already lodged.
    index('complaints_brief_trgm_idx').using('gin', t.briefDescription.op('gin_trgm_ops')),
    index('complaints_merged_into_idx').on(t.mergedIntoId),
    // Only a merged complaint points to another one, never to itself (the pointer empties if that one is purged).
    check(
      'complaints_merged_into_check',
      sql`${t.mergedIntoId} is null or (${t.status} = 'merged' and ${t.mergedIntoId} <> ${t.id})`,
    ),
    index('complaints_queue_idx').on(t.stage, t.countryCode, t.stageDueAt),
    index('complaints_status_idx').on(t.status),
    index('complaints_country_idx').on(t.countryCode),
    index('complaints_created_idx').on(t.createdAt),
    // The next reference number is the highest one + 1: read from this index, not from every complaint.
    index('complaints_reference_number_idx').on(sql`(substring(${t.reference} from '([0-9]+)$')::int)`),
    check('complaints_source_check', sql`${t.source} in ('web', 'sms')`),
    // A summary never goes public without its resolution note, nor a translation without its English.
    check(
      'complaints_public_record_check',
      sql`(${t.publicSummary} is null) = (${t.resolutionNote} is null) and (${t.publicSummary} is not null or (${t.publicSummaryFr} is null and ${t.resolutionNoteFr} is null))`,
    ),
  ],
);

/** Supporting documentation: files in the store under generated keys. */
export const complaintAttachments = pgTable(
  'complaint_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_attachments_complaint_idx').on(t.complaintId)],
);

/** A review log row (spec 3): ID, Reviewer, Stage, Time Stamp, Comments, and the decision taken. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    stage: text('stage').notNull(),
    decision: text('decision').notNull(),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('review_logs_complaint_idx').on(t.complaintId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, recordFlags, tsvector, updatedAt } from './columns.js';
import { countries, sectors } from './reference.js';

/** An indicator computed from the restriction data; `metric` names the computation, `params` tunes it. */
export const indicators = pgTable('indicators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionFr: text('description_fr').notNull().default(''),
  metric: text('metric').notNull(),
  chartType: text('chart_type').notNull().default('bar'),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  ...recordFlags(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A notification of a measure by a partner state (spec 3). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    reference: text('reference').notNull().unique(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    sectorId: integer('sector_id').references(() => sectors.id),
    status: text('status').notNull(),
    applicability: text('applicability').notNull().default(''),
    requirement: text('requirement').notNull().default(''),
    notificationDate: date('notification_date').notNull(),
    descriptionOfMeasure: text('description_of_measure').notNull(),
    /** The French translation: null when not translated. */
    descriptionOfMeasureFr: text('description_of_measure_fr'),
    indicatorId: integer('indicator_id').references(() => indicators.id, { onDelete: 'set null' }),
    ...recordFlags(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english'::regconfig, coalesce(reference, '') || ' ' || coalesce(description_of_measure, '') || ' ' || coalesce(requirement, '') || ' ' || coalesce(applicability, '')) || to_tsvector('french'::regconfig, coalesce(description_of_measure, '') || ' ' || coalesce(description_of_measure_fr, ''))`,
      ),
  },
  (t) => [
    index('notifications_country_idx').on(t.countryCode),
    index('notifications_status_idx').on(t.status),
    index('notifications_date_idx').on(t.notificationDate),
    index('notifications_search_idx').using('gin', t.search),
  ],
);

/** A publication with its PDF in the file store. */
export const publications = pgTable(
  'publications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryFr: text('summary_fr').notNull().default(''),
    authors: text('authors').notNull().default(''),
    publishedOn: date('published_on').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    /** One of `publicationTypes` (@stp/shared): report, study, policy_brief, guide. */
    publicationType: text('publication_type').notNull().default('report'),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('publications_published_idx').on(t.publishedOn),
    check(
      'publications_type_check',
      sql`${t.publicationType} in ('report', 'study', 'policy_brief', 'guide')`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  date,
} from 'drizzle-orm/pg-core';
import { groups, users } from './accounts.js';
import { createdAt, recordFlags, tsvector, updatedAt } from './columns.js';
import { countries, policies, sectors } from './reference.js';

/** A measure of a partner state that restricts trade in services (spec 3). */
export const restrictions = pgTable(
  'restrictions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** French translations (docs/decisions.md, "Bilingual catalogue content"): null when not translated. */
    titleFr: text('title_fr'),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    subSectorId: integer('sub_sector_id').references(() => sectors.id),
    specificServiceId: integer('specific_service_id').references(() => sectors.id),
    policyId: integer('policy_id').references(() => policies.id),
    restrictionType: text('restriction_type').notNull(),
    marketAccess: text('market_access').notNull().default('no'),
    nationalTreatment: text('national_treatment').notNull().default('no'),
    nonComplianceType: text('non_compliance_type'),
    discriminative: text('discriminative'),
    measureType: text('measure_type'),
    modesOfSupply: text('modes_of_supply')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    restrictivenessIndicator: doublePrecision('restrictiveness_indicator'),
    responsibleAgency: text('responsible_agency').notNull().default(''),
    commitmentsMade: text('commitments_made').notNull().default(''),
    otherDates: text('other_dates').notNull().default(''),
    proposedRemovalYear: integer('proposed_removal_year'),
    yearRemovedOrAmended: integer('year_removed_or_amended'),
    yearIntroduced: integer('year_introduced'),
    textOfMeasure: text('text_of_measure').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    textOfMeasureFr: text('text_of_measure_fr'),
    remarksFr: text('remarks_fr'),
    status: text('status').notNull().default('in_force'),
    version: integer('version').notNull().default(1),
    ...recordFlags(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * English and French stemming over the English text (visitors search in either language), and French
     * stemming over the French translations.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('french'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(text_of_measure, '') || ' ' || coalesce(responsible_agency, '')), 'B') || setweight(to_tsvector('french'::regconfig, coalesce(text_of_measure, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(remarks, '') || ' ' || coalesce(commitments_made, '')), 'C') || setweight(to_tsvector('french'::regconfig, coalesce(title_fr, '')), 'A') || setweight(to_tsvector('french'::regconfig, coalesce(text_of_measure_fr, '')), 'B') || setweight(to_tsvector('french'::regconfig, coalesce(remarks_fr, '')), 'C')`,
      ),
  },
  (t) => [
    index('restrictions_country_idx').on(t.countryCode),
    index('restrictions_sector_idx').on(t.sectorId),
    index('restrictions_sub_sector_idx').on(t.subSectorId),
    index('restrictions_specific_service_idx').on(t.specificServiceId),
    index('restrictions_policy_idx').on(t.policyId),
    index('restrictions_type_idx').on(t.restrictionType),
    index('restrictions_year_introduced_idx').on(t.yearIntroduced),
    index('restrictions_browse_idx').on(t.archived, t.countryCode, t.sectorId, t.id),
    index('restrictions_updated_idx').on(t.updatedAt),
    index('restrictions_modes_idx').using('gin', t.modesOfSupply),
    index('restrictions_search_idx').using('gin', t.search),
    // The browse list's default order (title) over visible rows: the first pages come straight from it.
    index('restrictions_visible_title_idx')
      .on(t.title, t.id)
      .where(sql`${t.archived} = false and ${t.deletedOn} is null and ${t.active} = true`),
    check(
      'restrictions_indicator_range',
      sql`${t.restrictivenessIndicator} is null or ${t.restrictivenessIndicator} between 0 and 1`,
    ),
    check('restrictions_market_access_check', sql`${t.marketAccess} in ('yes', 'no')`),
    check('restrictions_national_treatment_check', sql`${t.nationalTreatment} in ('yes', 'no')`),
  ],
);

/** Every saved state of a restriction: who, when, which fields changed (old and new). */
export const restrictionVersions = pgTable(
  'restriction_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    changeType: text('change_type').notNull(),
    changes: jsonb('changes').$type<Record<string, { old: unknown; new: unknown }>>().notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('restriction_versions_version_key').on(t.restrictionId, t.version),
    check(
      'restriction_versions_type_check',
      sql`${t.changeType} in ('created', 'updated', 'archived', 'unarchived')`,
    ),
  ],
);

/** An update of a restriction published by the partner state or by the community (spec 3). */
export const restrictionUpdates = pgTable(
  'restriction_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    summary: text('summary').notNull(),
    details: text('details').notNull().default(''),
    /** French translations: null when not translated. */
    summaryFr: text('summary_fr'),
    detailsFr: text('details_fr'),
    updateDate: date('update_date').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('restriction_updates_restriction_idx').on(t.restrictionId, t.updateDate),
    check('restriction_updates_source_check', sql`${t.source} in ('partner_state', 'community')`),
  ],
);

/** Grants a group or a user view or edit rights on the restrictions of a country (and optionally a sector). */
export const restrictionAccess = pgTable(
  'restriction_access',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    sectorId: integer('sector_id').references(() => sectors.id, { onDelete: 'cascade' }),
    canEdit: boolean('can_edit').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('restriction_access_rule_key')
      .on(t.groupId, t.userId, t.countryCode, t.sectorId)
      .nullsNotDistinct(),
    index('restriction_access_user_idx').on(t.userId),
    index('restriction_access_group_idx').on(t.groupId),
    check('restriction_access_holder_check', sql`(${t.groupId} is null) <> (${t.userId} is null)`),
  ],
);

/** A partner state's commitment for a sector: one row per country and sector pair (spec 5). */
export const commitments = pgTable(
  'commitments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    committedToLiberalise: boolean('committed_to_liberalise').notNull().default(false),
    yearCommitted: integer('year_committed'),
    details: text('details').notNull().default(''),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('commitments_country_sector_key').on(t.countryCode, t.sectorId),
    index('commitments_sector_idx').on(t.sectorId),
  ],
);

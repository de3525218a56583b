import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, recordFlags, updatedAt } from './columns.js';

/** Every country (residence), with the community's partner states flagged. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  isPartnerState: boolean('is_partner_state').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** The W/120 tree: level 1 sector, level 2 sub-sector, level 3 specific service. */
export const sectors = pgTable(
  'sectors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => sectors.id, { onDelete: 'restrict' }),
    level: integer('level').notNull(),
    code: text('code').notNull().unique(),
    cpc: text('cpc'),
    slug: text('slug').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sectors_parent_idx').on(t.parentId),
    check('sectors_level_check', sql`${t.level} between 1 and 3`),
  ],
);

/** Policy areas that classify restrictions (foreign entry, movement of people ...). */
export const policies = pgTable('policies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionFr: text('description_fr').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  ...recordFlags(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

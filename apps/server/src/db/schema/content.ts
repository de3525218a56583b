import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, recordFlags, updatedAt } from './columns.js';
import { countries } from './reference.js';

/** A page template (spec 3): title, layout, content, banner, attachment on scroll, slide interval, updated on. */
export const pageTemplates = pgTable(
  'page_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    layout: text('layout').notNull().default('standard'),
    /** Sanitised HTML, per language. */
    contentEn: text('content_en').notNull().default(''),
    contentFr: text('content_fr').notNull().default(''),
    bannerKey: text('banner_key'),
    /** CSS background-attachment of the banner while the page scrolls. */
    bannerAttachment: text('banner_attachment').notNull().default('scroll'),
    slideInterval: integer('slide_interval').notNull().default(5),
    status: text('status').notNull().default('draft'),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('page_templates_attachment_check', sql`${t.bannerAttachment} in ('scroll', 'fixed', 'local')`),
    check('page_templates_interval_check', sql`${t.slideInterval} between 1 and 120`),
  ],
);

export const pageTemplateSlides = pgTable(
  'page_template_slides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => pageTemplates.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    captionEn: text('caption_en').notNull().default(''),
    captionFr: text('caption_fr').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('page_template_slides_template_idx').on(t.templateId, t.sortOrder)],
);

/** A content page at `/public/page/{slug}`, rendered from its template. */
export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => pageTemplates.id),
    status: text('status').notNull().default('draft'),
    showInMenu: boolean('show_in_menu').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pages_status_idx').on(t.status)],
);

export const reportTags = pgTable('report_tags', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  createdAt: createdAt(),
});

/** A report (spec 3): display type, index (order), display height, params (metric, dimension, filters), featured. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    displayType: text('display_type').notNull(),
    index: integer('index').notNull().default(0),
    displayHeight: integer('display_height').notNull().default(360),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    featured: boolean('featured').notNull().default(false),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reports_featured_idx').on(t.featured, t.index),
    check('reports_height_check', sql`${t.displayHeight} between 80 and 2000`),
  ],
);

export const reportTagLinks = pgTable(
  'report_tag_links',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => reportTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.tagId] }), index('report_tag_links_tag_idx').on(t.tagId)],
);

/** An entry of the home page's featured-insights list, usually showing a report live. */
export const featuredInsights = pgTable(
  'featured_insights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryFr: text('summary_fr').notNull().default(''),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    linkUrl: text('link_url'),
    index: integer('index').notNull().default(0),
    publishedOn: date('published_on').notNull(),
    ...recordFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('featured_insights_index_idx').on(t.active, t.index)],
);

/** The SMS reporting service of a country: number, keyword and instructions. */
export const smsServices = pgTable('sms_services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  countryCode: text('country_code')
    .notNull()
    .unique()
    .references(() => countries.code),
  isActive: boolean('is_active').notNull().default(false),
  shortCode: text('short_code').notNull().default(''),
  keyword: text('keyword').notNull().default(''),
  instructionsEn: text('instructions_en').notNull().default(''),
  instructionsFr: text('instructions_fr').notNull().default(''),
  activatedOn: date('activated_on'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

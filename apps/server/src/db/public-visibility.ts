import { getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import {
  commitments,
  complaints,
  featuredInsights,
  indicators,
  notifications,
  pages,
  pageTemplates,
  policies,
  publications,
  reports,
  restrictions,
  sectors,
  smsServices,
} from './schema/index.js';

/*
 * What a visitor may see of each public resource: one rule per resource, used by every public read
 * (its list and page, counts, figures, searches, exports, filters, the home page and the metrics).
 * Every rule starts from the record flags of spec 3 (active, not archived, not deleted); a resource
 * with a publication status also asks for its published value. docs/content.md, "Public visibility".
 *
 * The rules are SQL text over a table name or an alias, so the catalogue's hand-written queries
 * (`restrictions r`) use the very same text as Drizzle's: the partial index on visible restrictions
 * (`restrictions_visible_title_idx`) is written with the same three conditions.
 */

/** Active, not archived, not deleted: the record flags' part of every rule. */
const flags = (alias: string) =>
  `${alias}.active = true and ${alias}.archived = false and ${alias}.deleted_on is null`;

const rules = {
  restriction: flags,
  notification: (alias: string) => `${flags(alias)} and ${alias}.status <> 'draft'`,
  publication: flags,
  page: (alias: string) => `${flags(alias)} and ${alias}.status = 'published'`,
  pageTemplate: (alias: string) => `${flags(alias)} and ${alias}.status = 'published'`,
  indicator: flags,
  report: flags,
  featuredInsight: flags,
  sector: flags,
  policy: flags,
  commitment: flags,
  complaint: flags,
  smsService: (alias: string) => `${alias}.is_active = true and ${alias}.short_code <> ''`,
};

type Resource = keyof typeof rules;

/** A resource's rule over a table alias of a hand-written query (`publicAs('restriction', 'r')`). */
export function publicAs(resource: Resource, alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`publicAs: not an alias: ${alias}`);
  return sql.raw(`(${rules[resource](alias)})`);
}

const onTable = (resource: Resource, table: Table) =>
  sql.raw(`(${rules[resource](`"${getTableName(table)}"`)})`);

/** Visible restrictions: the browse list, its export and counts, sector counts, figures, metrics. */
export const publicRestriction = onTable('restriction', restrictions);
/** The same rule over `restrictions r`, the alias of the catalogue's hand-written queries. */
export const publicRestrictionRows = publicAs('restriction', 'r');
/**
 * The restrictions whose page opens: visible ones and archived ones, which the page shows with its
 * archived notice (spec 2, `/public/restriction/{slug}`). Inactive and deleted ones do not open.
 */
export const viewableRestrictionAs = (alias: string): SQL =>
  sql.raw(`(${alias}.active = true and ${alias}.deleted_on is null)`);
/** Published notifications: not drafts. */
export const publicNotification = onTable('notification', notifications);
export const publicPublication = onTable('publication', publications);
/** Published pages; a page shows only when its template is public too. */
export const publicPage = onTable('page', pages);
export const publicPageTemplate = onTable('pageTemplate', pageTemplates);
export const publicIndicator = onTable('indicator', indicators);
export const publicReport = onTable('report', reports);
export const publicFeaturedInsight = onTable('featuredInsight', featuredInsights);
/** Sectors of the public tree, filters and figures (their restrictions are counted by their own rule). */
export const publicSector = onTable('sector', sectors);
/** Policy areas of `GET /api/policies/`, the browse filter and the metrics. */
export const publicPolicy = onTable('policy', policies);
export const publicCommitment = onTable('commitment', commitments);
/** The complaints of the public list and of the figures over complaints. */
export const publicComplaint = onTable('complaint', complaints);
/** An SMS service whose number and instructions the how-to shows: active and with a number. */
export const publicSmsService = onTable('smsService', smsServices);

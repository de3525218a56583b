import type { TRestrictionListQuery, TRestrictionSortField } from '@stp/shared';
import { sql, type SQL } from 'drizzle-orm';
import { publicRestrictionRows } from '../../db/public-visibility.js';
import { validationFailed } from '../../http/errors.js';
import { findPolicy, findSector, type CatalogueReference } from '../sectors/catalogue-reference.js';

/** The browse filters with sectors and policies resolved to ids and lists sorted (one cache key per meaning). */
export interface RestrictionFilters {
  countries: string[];
  sectorId?: number;
  subSectorId?: number;
  specificServiceId?: number;
  policyId?: number;
  restrictionTypes: string[];
  modes: string[];
  marketAccess?: string;
  nationalTreatment?: string;
  nonComplianceTypes: string[];
  statuses: string[];
  yearFrom?: number;
  yearTo?: number;
  q?: string;
}

const sectorColumns = { 1: 'sectorId', 2: 'subSectorId', 3: 'specificServiceId' } as const;
const sorted = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();

/**
 * Resolves sector/policy ids or slugs against the reference lists; an unknown one, or one the public
 * does not see (archived, inactive), is a 422 on its field.
 */
export function resolveFilters(
  query: Omit<TRestrictionListQuery, 'page' | 'page_size' | 'sort'>,
  reference: CatalogueReference,
): RestrictionFilters {
  const errors: Record<string, string> = {};
  const filters: RestrictionFilters = {
    countries: sorted(query.country),
    restrictionTypes: sorted(query.restriction_type),
    modes: sorted(query.mode_of_supply),
    nonComplianceTypes: sorted(query.non_compliance_type),
    statuses: sorted(query.status),
    marketAccess: query.market_access,
    nationalTreatment: query.national_treatment,
    yearFrom: query.year_from,
    yearTo: query.year_to,
    q: query.q ? query.q.replace(/\s+/g, ' ') : undefined,
  };
  for (const code of filters.countries) {
    if (!reference.countries.has(code)) errors.country = 'Select a valid country.';
  }
  // A sector of any level may be named by `category` or `sector`; it filters the column of its level.
  const named: [field: 'category' | 'sector' | 'sub_sector' | 'specific_service', level?: 1 | 2 | 3][] = [
    ['category'],
    ['sector'],
    ['sub_sector', 2],
    ['specific_service', 3],
  ];
  for (const [field, level] of named) {
    const value = query[field];
    if (!value) continue;
    const sector = findSector(reference, value);
    if (!sector || (level && sector.level !== level)) {
      errors[field] = 'Select a valid choice.';
      continue;
    }
    filters[sectorColumns[sector.level]] = sector.id;
  }
  if (query.policy) {
    const policy = findPolicy(reference, query.policy);
    if (policy) filters.policyId = policy.id;
    else errors.policy = 'Select a valid choice.';
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return filters;
}

/** A stable text key of the filters (the cache key of counts). */
export function filtersKey(filters: RestrictionFilters): string {
  return JSON.stringify(filters, Object.keys(filters).sort());
}

/** The full-text query: English and French stemming of the visitor's words, either matching. */
export function tsQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('french', ${q}))`;
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The WHERE of browse and export: only visible restrictions (db/public-visibility.ts). The feed of
 * changes passes the rule of the pages that open (archived ones too: their archiving is a change).
 */
export function whereSql(filters: RestrictionFilters, visible: SQL = publicRestrictionRows): SQL {
  const parts: SQL[] = [visible];
  if (filters.countries.length === 1) parts.push(sql`r.country_code = ${filters.countries[0]}`);
  else if (filters.countries.length > 1)
    parts.push(sql`r.country_code = any(${textArray(filters.countries)})`);
  if (filters.sectorId !== undefined) parts.push(sql`r.sector_id = ${filters.sectorId}`);
  if (filters.subSectorId !== undefined) parts.push(sql`r.sub_sector_id = ${filters.subSectorId}`);
  if (filters.specificServiceId !== undefined)
    parts.push(sql`r.specific_service_id = ${filters.specificServiceId}`);
  if (filters.policyId !== undefined) parts.push(sql`r.policy_id = ${filters.policyId}`);
  if (filters.restrictionTypes.length > 0)
    parts.push(sql`r.restriction_type = any(${textArray(filters.restrictionTypes)})`);
  // `&&` (overlap) is what the GIN index on modes_of_supply serves.
  if (filters.modes.length > 0) parts.push(sql`r.modes_of_supply && ${textArray(filters.modes)}`);
  if (filters.marketAccess) parts.push(sql`r.market_access = ${filters.marketAccess}`);
  if (filters.nationalTreatment) parts.push(sql`r.national_treatment = ${filters.nationalTreatment}`);
  if (filters.nonComplianceTypes.length > 0)
    parts.push(sql`r.non_compliance_type = any(${textArray(filters.nonComplianceTypes)})`);
  if (filters.statuses.length > 0) parts.push(sql`r.status = any(${textArray(filters.statuses)})`);
  if (filters.yearFrom !== undefined) parts.push(sql`r.year_introduced >= ${filters.yearFrom}`);
  if (filters.yearTo !== undefined) parts.push(sql`r.year_introduced <= ${filters.yearTo}`);
  if (filters.q) parts.push(sql`r.search @@ ${tsQuery(filters.q)}`);
  return sql.join(parts, sql` and `);
}

const sortColumns: Record<TRestrictionSortField, string> = {
  title: 'r.title',
  // Country codes of the partner states sort as their English names do.
  country: 'r.country_code',
  // Sector ids follow the W/120 order they were loaded in.
  sector: 'r.sector_id',
  year_introduced: 'r.year_introduced',
  indicator: 'r.restrictiveness_indicator',
  updated: 'r.updated_at',
};

/** Sort columns that may be null: they sort last either way (the others keep plain order for their indexes). */
const nullable = new Set<TRestrictionSortField>(['year_introduced', 'indicator']);

/** ORDER BY of the browse list: the asked column, then the id; relevance first when searching without a sort. */
export function orderSql(sort: string | undefined, searching: boolean, q: string | undefined): SQL {
  if (!sort && searching && q) return sql`ts_rank(r.search, ${tsQuery(q)}) desc, r.id asc`;
  const wanted = sort ?? 'title';
  const descending = wanted.startsWith('-');
  const field = wanted.replace(/^-/, '') as TRestrictionSortField;
  const column = sortColumns[field];
  if (!column) throw validationFailed({ sort: 'Select a valid sort order.' });
  const direction = descending ? 'desc' : 'asc';
  const nulls = nullable.has(field) ? ' nulls last' : '';
  return sql.raw(`${column} ${direction}${nulls}, r.id ${direction}`);
}

import {
  complaintStatus,
  metricDimensions,
  modeOfSupply,
  restrictionTypes,
  ZReportParamsSchema,
  type TLabel,
  type TMetricData,
  type TMetricName,
  type TReportParams,
} from '@stp/shared';
import { and, asc, eq, gte, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  publicCommitment,
  publicComplaint,
  publicPolicy,
  publicRestriction,
  publicSector,
} from '../../db/public-visibility.js';
import {
  commitments,
  complaints,
  countries,
  policies,
  restrictions,
  sectors,
} from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';

/** Filters after their names were checked against the database. */
interface ResolvedFilters {
  countryCode?: string;
  sectorId?: number;
  yearFrom?: number;
  yearTo?: number;
}

interface Category {
  key: string;
  label: TLabel;
}

type Counted = { key: string | number | null; n: number }[];

const count = sql<number>`count(*)::int`;
const averageIndex = sql<number>`round(avg(${restrictions.restrictivenessIndicator})::numeric, 3)::float8`;
const notClassified: TLabel = { en: 'Not classified', fr: 'Non classé' };

/** Turns zod issues into the `{ field: message }` of a 422 (nested paths joined by dots). */
export function issuesToErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'params'] ??= issue.message;
  return errors;
}

/** Validates report params against the whitelist; 422 with field messages when they do not fit. */
export function parseReportParams(params: unknown): TReportParams {
  const parsed = ZReportParamsSchema.safeParse(params);
  if (!parsed.success) throw validationFailed(issuesToErrors(parsed.error.issues));
  return parsed.data;
}

/** Checks the filters' country and sector against the database (422 on `filters.*` when unknown or hidden). */
export async function resolveFilters(db: Executor, params: TReportParams): Promise<ResolvedFilters> {
  const filters = params.filters ?? {};
  const resolved: ResolvedFilters = { yearFrom: filters.year_from, yearTo: filters.year_to };
  if (filters.country) {
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, filters.country));
    if (!country) throw validationFailed({ 'filters.country': 'Select a valid country.' });
    resolved.countryCode = country.code;
  }
  if (filters.sector) {
    const [sector] = await db
      .select({ id: sectors.id })
      .from(sectors)
      .where(and(eq(sectors.slug, filters.sector), publicSector));
    if (!sector) throw validationFailed({ 'filters.sector': 'Select a valid sector.' });
    resolved.sectorId = sector.id;
  }
  return resolved;
}

/** The restrictions a metric counts: the visible ones (db/public-visibility.ts). */
function restrictionScope(filters: ResolvedFilters, years = true): SQL {
  const { countryCode, sectorId, yearFrom, yearTo } = filters;
  return and(
    publicRestriction,
    countryCode ? eq(restrictions.countryCode, countryCode) : undefined,
    sectorId
      ? or(
          eq(restrictions.sectorId, sectorId),
          eq(restrictions.subSectorId, sectorId),
          eq(restrictions.specificServiceId, sectorId),
        )
      : undefined,
    years && yearFrom !== undefined ? gte(restrictions.yearIntroduced, yearFrom) : undefined,
    years && yearTo !== undefined ? lte(restrictions.yearIntroduced, yearTo) : undefined,
  ) as SQL;
}

async function countryCategories(db: Executor, withData: Counted): Promise<Category[]> {
  const rows = await db
    .select({
      code: countries.code,
      en: countries.nameEn,
      fr: countries.nameFr,
      partner: countries.isPartnerState,
    })
    .from(countries)
    .orderBy(asc(countries.sortOrder), asc(countries.nameEn));
  const present = new Set(withData.map((row) => String(row.key)));
  return rows
    .filter((row) => row.partner || present.has(row.code))
    .map((row) => ({ key: row.code, label: { en: row.en, fr: row.fr } }));
}

async function sectorCategories(db: Executor): Promise<(Category & { id: number })[]> {
  const rows = await db
    .select({ id: sectors.id, slug: sectors.slug, en: sectors.nameEn, fr: sectors.nameFr })
    .from(sectors)
    .where(and(eq(sectors.level, 1), publicSector))
    .orderBy(asc(sectors.sortOrder), asc(sectors.code));
  return rows.map((row) => ({ id: row.id, key: row.slug, label: { en: row.en, fr: row.fr } }));
}

/** One series over the categories, in their order; categories found only in the data are appended. */
function oneSeries(
  metric: TMetricName,
  dimension: string,
  categories: Category[],
  rows: Counted,
  label: TLabel,
  unit: TMetricData['unit'] = 'count',
  total?: number | null,
): TMetricData {
  const byKey = new Map(rows.map((row) => [String(row.key ?? ''), row.n]));
  const known = new Set(categories.map((c) => c.key));
  const extra = rows
    .filter((row) => !known.has(String(row.key ?? '')))
    .map((row) => ({
      key: String(row.key ?? ''),
      label: row.key === null ? notClassified : labelOf(row.key),
    }));
  const all = [...categories, ...extra];
  const values = all.map((c) => byKey.get(c.key) ?? (unit === 'count' ? 0 : null));
  const sum = values.reduce<number>((acc, value) => acc + (value ?? 0), 0);
  return {
    metric,
    dimension,
    unit,
    categories: all,
    series: [{ key: metric, label, values }],
    total: total === undefined ? sum : total,
  };
}

const labelOf = (key: string | number): TLabel => ({ en: String(key), fr: String(key) });
const restrictionsLabel: TLabel = { en: 'Restrictions', fr: 'Restrictions' };
const indexLabel: TLabel = { en: 'Restrictiveness index', fr: 'Indice de restrictivité' };

async function restrictivenessIndex(db: Executor, dimension: string, filters: ResolvedFilters) {
  const scope = and(
    restrictionScope(filters),
    eq(restrictions.status, 'in_force'),
    isNotNull(restrictions.restrictivenessIndicator),
  );
  const [overall] = await db.select({ n: averageIndex }).from(restrictions).where(scope);
  const total = overall?.n ?? null;
  const sectorList = await sectorCategories(db);
  const sectorKey = new Map(sectorList.map((s) => [s.id, s.key]));
  if (dimension === 'country') {
    const rows = await db
      .select({ key: restrictions.countryCode, n: averageIndex })
      .from(restrictions)
      .where(scope)
      .groupBy(restrictions.countryCode);
    const cats = (await countryCategories(db, rows)).filter((c) => rows.some((row) => row.key === c.key));
    return oneSeries('restrictiveness_index', dimension, cats, rows, indexLabel, 'index', total);
  }
  if (dimension === 'sector') {
    const rows = await db
      .select({ id: restrictions.sectorId, n: averageIndex })
      .from(restrictions)
      .where(scope)
      .groupBy(restrictions.sectorId);
    const keyed = rows.map((row) => ({ key: sectorKey.get(row.id) ?? String(row.id), n: row.n }));
    const cats = sectorList.filter((s) => keyed.some((row) => row.key === s.key));
    return oneSeries('restrictiveness_index', dimension, cats, keyed, indexLabel, 'index', total);
  }
  // Country × sector: one series per country, one value per sector (null where nothing is recorded).
  const rows = await db
    .select({ country: restrictions.countryCode, sector: restrictions.sectorId, n: averageIndex })
    .from(restrictions)
    .where(scope)
    .groupBy(restrictions.countryCode, restrictions.sectorId);
  const usedSectors = sectorList.filter((s) => rows.some((row) => row.sector === s.id));
  const countryList = (await countryCategories(db, [])).filter((c) =>
    rows.some((row) => row.country === c.key),
  );
  const cell = new Map(rows.map((row) => [`${row.country}|${row.sector}`, row.n]));
  return {
    metric: 'restrictiveness_index',
    dimension,
    unit: 'index',
    categories: usedSectors.map(({ key, label }) => ({ key, label })),
    series: countryList.map((country) => ({
      key: country.key,
      label: country.label,
      values: usedSectors.map((s) => cell.get(`${country.key}|${s.id}`) ?? null),
    })),
    total,
  } satisfies TMetricData;
}

async function restrictionsBy(
  db: Executor,
  metric: TMetricName,
  filters: ResolvedFilters,
): Promise<TMetricData> {
  const scope = restrictionScope(filters);
  const dimension = metricDimensions[metric][0] ?? '';
  switch (metric) {
    case 'restrictions_by_country': {
      const rows = await db
        .select({ key: restrictions.countryCode, n: count })
        .from(restrictions)
        .where(scope)
        .groupBy(restrictions.countryCode);
      return oneSeries(metric, dimension, await countryCategories(db, rows), rows, restrictionsLabel);
    }
    case 'restrictions_by_sector': {
      const sectorList = await sectorCategories(db);
      const rows = await db
        .select({ id: restrictions.sectorId, n: count })
        .from(restrictions)
        .where(scope)
        .groupBy(restrictions.sectorId);
      const keyed = rows.map((row) => ({
        key: sectorList.find((s) => s.id === row.id)?.key ?? String(row.id),
        n: row.n,
      }));
      return oneSeries(
        metric,
        dimension,
        sectorList.map(({ key, label }) => ({ key, label })),
        keyed,
        restrictionsLabel,
      );
    }
    case 'restrictions_by_mode': {
      // A measure affecting several modes counts once under each of them.
      const mode = sql<string>`unnest(${restrictions.modesOfSupply})`;
      const rows = await db
        .select({ key: mode, n: count })
        .from(restrictions)
        .where(scope)
        .groupBy(sql`1`);
      const [all] = await db.select({ n: count }).from(restrictions).where(scope);
      const cats = modeOfSupply.map((m) => ({ key: m.value, label: m.label }));
      return oneSeries(metric, dimension, cats, rows, restrictionsLabel, 'count', all?.n ?? 0);
    }
    case 'restrictions_by_policy_area': {
      const list = await db
        .select({ id: policies.id, slug: policies.slug, en: policies.nameEn, fr: policies.nameFr })
        .from(policies)
        .where(publicPolicy)
        .orderBy(asc(policies.sortOrder), asc(policies.nameEn));
      const rows = await db
        .select({ id: restrictions.policyId, n: count })
        .from(restrictions)
        .where(scope)
        .groupBy(restrictions.policyId);
      const keyed = rows.map((row) => ({
        key: row.id === null ? null : (list.find((p) => p.id === row.id)?.slug ?? String(row.id)),
        n: row.n,
      }));
      const cats = list.map((p) => ({ key: p.slug, label: { en: p.en, fr: p.fr } }));
      return oneSeries(metric, dimension, cats, keyed, restrictionsLabel);
    }
    case 'restrictions_by_type': {
      const rows = await db
        .select({ key: restrictions.restrictionType, n: count })
        .from(restrictions)
        .where(scope)
        .groupBy(restrictions.restrictionType);
      const cats = restrictionTypes.map((t) => ({ key: t.value, label: t.label }));
      return oneSeries(metric, dimension, cats, rows, restrictionsLabel);
    }
    default: {
      const [all] = await db.select({ n: count }).from(restrictions).where(scope);
      return { metric, dimension, unit: 'count', categories: [], series: [], total: all?.n ?? 0 };
    }
  }
}

async function measuresPerYear(db: Executor, filters: ResolvedFilters): Promise<TMetricData> {
  // The year range bounds each series' own year, not the year of introduction of every measure.
  const scope = restrictionScope(filters, false);
  const within = (column: typeof restrictions.yearIntroduced | typeof restrictions.yearRemovedOrAmended) =>
    and(
      scope,
      isNotNull(column),
      filters.yearFrom !== undefined ? gte(column, filters.yearFrom) : undefined,
      filters.yearTo !== undefined ? lte(column, filters.yearTo) : undefined,
    );
  const introduced = await db
    .select({ key: restrictions.yearIntroduced, n: count })
    .from(restrictions)
    .where(within(restrictions.yearIntroduced))
    .groupBy(restrictions.yearIntroduced);
  const removed = await db
    .select({ key: restrictions.yearRemovedOrAmended, n: count })
    .from(restrictions)
    .where(within(restrictions.yearRemovedOrAmended))
    .groupBy(restrictions.yearRemovedOrAmended);
  const years = [...introduced, ...removed].map((row) => row.key as number);
  const first = years.length ? Math.min(...years) : 0;
  const last = years.length ? Math.max(...years) : -1;
  const range = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const valuesOf = (rows: Counted) => range.map((y) => rows.find((row) => row.key === y)?.n ?? 0);
  const introducedValues = valuesOf(introduced);
  return {
    metric: 'measures_per_year',
    dimension: 'year',
    unit: 'count',
    categories: range.map((y) => ({ key: String(y), label: labelOf(y) })),
    series: [
      { key: 'introduced', label: { en: 'Introduced', fr: 'Introduites' }, values: introducedValues },
      {
        key: 'removed_or_amended',
        label: { en: 'Removed or amended', fr: 'Supprimées ou modifiées' },
        values: valuesOf(removed),
      },
    ],
    total: introducedValues.reduce((a, b) => a + b, 0),
  };
}

async function commitmentsByCountry(db: Executor, filters: ResolvedFilters): Promise<TMetricData> {
  const rows = await db
    .select({ key: commitments.countryCode, n: count })
    .from(commitments)
    .where(
      and(
        eq(commitments.committedToLiberalise, true),
        publicCommitment,
        filters.countryCode ? eq(commitments.countryCode, filters.countryCode) : undefined,
        filters.sectorId ? eq(commitments.sectorId, filters.sectorId) : undefined,
        filters.yearFrom !== undefined ? gte(commitments.yearCommitted, filters.yearFrom) : undefined,
        filters.yearTo !== undefined ? lte(commitments.yearCommitted, filters.yearTo) : undefined,
      ),
    )
    .groupBy(commitments.countryCode);
  const label = { en: 'Sectors committed to liberalise', fr: 'Secteurs à libéraliser' };
  return oneSeries('commitments_by_country', 'country', await countryCategories(db, rows), rows, label);
}

async function complaintsByStatus(db: Executor, filters: ResolvedFilters): Promise<TMetricData> {
  // Counts only: no field of a complaint other than its status leaves this query.
  const year = sql<number>`extract(year from ${complaints.createdAt})::int`;
  const rows = await db
    .select({ key: complaints.status, n: count })
    .from(complaints)
    .where(
      and(
        publicComplaint,
        filters.countryCode ? eq(complaints.countryCode, filters.countryCode) : undefined,
        filters.sectorId ? eq(complaints.sectorId, filters.sectorId) : undefined,
        filters.yearFrom !== undefined ? gte(year, filters.yearFrom) : undefined,
        filters.yearTo !== undefined ? lte(year, filters.yearTo) : undefined,
      ),
    )
    .groupBy(complaints.status);
  const cats = complaintStatus.map((s) => ({ key: s.value, label: s.label }));
  return oneSeries('complaints_by_status', 'status', cats, rows, { en: 'Complaints', fr: 'Plaintes' });
}

/** Computes one whitelisted metric; every value reaches SQL as a bound parameter. */
export async function computeMetric(db: Executor, params: TReportParams): Promise<TMetricData> {
  const filters = await resolveFilters(db, params);
  const dimension = params.dimension ?? metricDimensions[params.metric][0] ?? '';
  switch (params.metric) {
    case 'restrictiveness_index':
      return restrictivenessIndex(db, dimension, filters);
    case 'measures_per_year':
      return measuresPerYear(db, filters);
    case 'commitments_by_country':
      return commitmentsByCountry(db, filters);
    case 'complaints_by_status':
      return complaintsByStatus(db, filters);
    default:
      return restrictionsBy(db, params.metric, filters);
  }
}

const cacheTtlMs = 30_000;
const cacheMax = 200;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<TMetricData> }>>();

/**
 * A metric, cached for 30 s per database and params: these are aggregates over every restriction, read
 * by each visit of the home page. A failed computation is not kept.
 */
export function cachedMetric(db: Executor, params: TReportParams): Promise<TMetricData> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, { at: number; value: Promise<TMetricData> }>()));
  const key = JSON.stringify([params.metric, params.dimension ?? '', params.filters ?? {}]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at <= cacheTtlMs) return hit.value;
  if (cache.size >= cacheMax) cache.clear();
  const value = computeMetric(db, params);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets every cached metric of a database (tests, and writers that want fresh figures at once). */
export function clearMetricCache(db: Executor): void {
  caches.get(db)?.clear();
}

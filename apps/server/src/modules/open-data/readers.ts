import { metricDimensions, ZReportParamsSchema, type TMetricData, type TOpenDataset } from '@stp/shared';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs, publicIndicator } from '../../db/public-visibility.js';
import { indicators } from '../../db/schema/index.js';
import { cachedMetric } from '../reports/metrics.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import type { RestrictionDetailRow } from '../restrictions/restrictions.presenter.js';
import type { RecordOf } from './dictionary.js';

/*
 * The rows of each open dataset, read in batches (docs/open-data.md): the files stream them, so a
 * catalogue of 100,000 restrictions is never held in memory. Only what the public-visibility rules let
 * a visitor see is read (db/public-visibility.ts).
 */

/** What a download asks for: the database, the portal's address and an optional partner state. */
export interface ReadScope {
  db: Executor;
  publicUrl: string;
  /** A partner state's code, checked by the route. */
  country?: string;
}

const batchSize = 1_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** ISO 8601 in UTC to the second, as the dictionary's `datetime` says. */
const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** The rows of `select` in batches read by keyset on the id (no cursor holding PGlite's one connection). */
async function* keyset<T extends { id: number }>(
  db: Executor,
  select: (after: number, size: number) => SQL,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<T>(await db.execute(select(after, batchSize)));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

const inCountry = (alias: string, country: string | undefined) =>
  country ? sql`and ${sql.raw(alias)}.country_code = ${country}` : sql.empty();

const sectorCode = (reference: CatalogueReference, id: number | null) =>
  id === null ? null : (reference.sectors.get(id)?.code ?? String(id));

/** A restriction's detail columns as the file reads them (no version or archive facts; the time as text). */
type RestrictionRow = Omit<
  RestrictionDetailRow,
  'version' | 'archived' | 'archived_at' | 'created_at' | 'updated_at'
> & { updated_at: string };

async function* restrictionRecords(scope: ReadScope): AsyncGenerator<RecordOf<'restrictions'>[]> {
  const reference = await catalogueReference(scope.db);
  const base = scope.publicUrl.replace(/\/$/, '');
  const batches = keyset<RestrictionRow>(
    scope.db,
    (after, size) => sql`select r.id, r.slug, r.title, r.title_fr, r.country_code, r.sector_id,
      r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access,
      r.national_treatment, r.non_compliance_type, r.discriminative, r.measure_type, r.modes_of_supply,
      r.restrictiveness_indicator, r.responsible_agency, r.commitments_made, r.other_dates,
      r.proposed_removal_year, r.year_removed_or_amended, r.year_introduced, r.text_of_measure,
      r.text_of_measure_fr, r.remarks, r.remarks_fr, r.status, ${utc('r.updated_at')} as updated_at
      from restrictions r where ${publicAs('restriction', 'r')} ${inCountry('r', scope.country)}
      and r.id > ${after} order by r.id limit ${size}`,
  );
  for await (const rows of batches)
    yield rows.map((row) => ({
      slug: row.slug,
      url: `${base}/public/restriction/${encodeURIComponent(row.slug)}`,
      title: row.title,
      title_fr: row.title_fr || null,
      country: row.country_code,
      sector: sectorCode(reference, row.sector_id)!,
      sub_sector: sectorCode(reference, row.sub_sector_id),
      specific_service: sectorCode(reference, row.specific_service_id),
      policy_area: row.policy_id === null ? null : (reference.policies.get(row.policy_id)?.slug ?? null),
      restriction_type: row.restriction_type,
      market_access: row.market_access,
      national_treatment: row.national_treatment,
      non_compliance_type: row.non_compliance_type || null,
      discriminative: row.discriminative || null,
      measure_type: row.measure_type || null,
      modes_of_supply: row.modes_of_supply,
      restrictiveness_indicator: row.restrictiveness_indicator,
      responsible_agency: row.responsible_agency,
      commitments_made: row.commitments_made,
      other_dates: row.other_dates,
      proposed_removal_year: row.proposed_removal_year,
      year_removed_or_amended: row.year_removed_or_amended,
      year_introduced: row.year_introduced,
      text_of_measure: row.text_of_measure,
      text_of_measure_fr: row.text_of_measure_fr || null,
      remarks: row.remarks,
      remarks_fr: row.remarks_fr || null,
      status: row.status,
      updated_at: row.updated_at,
    }));
}

interface CommitmentRow {
  id: number;
  country_code: string;
  sector_id: number;
  committed_to_liberalise: boolean;
  year_committed: number | null;
  details: string;
  updated_at: string;
}

async function* commitmentRecords(scope: ReadScope): AsyncGenerator<RecordOf<'commitments'>[]> {
  const reference = await catalogueReference(scope.db);
  const batches = keyset<CommitmentRow>(
    scope.db,
    (after, size) => sql`select c.id, c.country_code, c.sector_id, c.committed_to_liberalise,
      c.year_committed, c.details, ${utc('c.updated_at')} as updated_at
      from commitments c where ${publicAs('commitment', 'c')} ${inCountry('c', scope.country)}
      and c.id > ${after} order by c.id limit ${size}`,
  );
  for await (const rows of batches)
    yield rows.map((row) => ({
      country: row.country_code,
      sector: sectorCode(reference, row.sector_id)!,
      committed_to_liberalise: row.committed_to_liberalise,
      year_committed: row.year_committed,
      details: row.details,
      updated_at: row.updated_at,
    }));
}

interface NotificationRow {
  id: number;
  reference: string;
  slug: string;
  country_code: string;
  sector_id: number | null;
  status: string;
  notification_date: string;
  applicability: string;
  requirement: string;
  description_of_measure: string;
  description_of_measure_fr: string | null;
  updated_at: string;
}

async function* notificationRecords(scope: ReadScope): AsyncGenerator<RecordOf<'notifications'>[]> {
  const reference = await catalogueReference(scope.db);
  const batches = keyset<NotificationRow>(
    scope.db,
    (after, size) => sql`select n.id, n.reference, n.slug, n.country_code, n.sector_id, n.status,
      to_char(n.notification_date, 'YYYY-MM-DD') as notification_date, n.applicability, n.requirement,
      n.description_of_measure, n.description_of_measure_fr, ${utc('n.updated_at')} as updated_at
      from notifications n where ${publicAs('notification', 'n')} ${inCountry('n', scope.country)}
      and n.id > ${after} order by n.id limit ${size}`,
  );
  for await (const rows of batches)
    yield rows.map((row) => ({
      reference: row.reference,
      slug: row.slug,
      country: row.country_code,
      sector: sectorCode(reference, row.sector_id),
      status: row.status,
      notification_date: row.notification_date,
      applicability: row.applicability,
      requirement: row.requirement,
      description_of_measure: row.description_of_measure,
      description_of_measure_fr: row.description_of_measure_fr || null,
      updated_at: row.updated_at,
    }));
}

/** One indicator's data for one partner state as records: a row per category and series. */
function indicatorRows(slug: string, country: string, data: TMetricData): RecordOf<'indicators'>[] {
  const common = {
    indicator: slug,
    metric: data.metric,
    country,
    dimension: data.dimension,
    unit: data.unit,
  };
  if (data.categories.length === 0)
    return [
      {
        ...common,
        category: 'total',
        category_en: 'Total',
        category_fr: 'Total',
        series: data.metric,
        value: data.total,
      },
    ];
  return data.series.flatMap((series) =>
    data.categories.flatMap((category, i) =>
      // By partner state, only the state's own category is its value (the others are other states).
      data.dimension === 'country' && category.key !== country
        ? []
        : [
            {
              ...common,
              category: category.key,
              category_en: category.label.en,
              category_fr: category.label.fr,
              series: series.key,
              value: series.values[i] ?? null,
            },
          ],
    ),
  );
}

async function* indicatorRecords(scope: ReadScope): AsyncGenerator<RecordOf<'indicators'>[]> {
  const reference = await catalogueReference(scope.db);
  const states = [...reference.countries.values()]
    .filter((country) => country.partnerState && (!scope.country || country.code === scope.country))
    .map((country) => country.code);
  const list = await scope.db
    .select()
    .from(indicators)
    .where(publicIndicator)
    .orderBy(asc(indicators.sortOrder), asc(indicators.id));
  for (const row of list) {
    // An indicator whose stored params no longer fit the whitelist has no page either: left out.
    const parsed = ZReportParamsSchema.safeParse({ ...row.params, metric: row.metric });
    if (!parsed.success) continue;
    const params = parsed.data;
    const own = params.filters?.country?.toUpperCase();
    const dimension = params.dimension ?? metricDimensions[params.metric][0];
    const records: RecordOf<'indicators'>[] = [];
    for (const country of states) {
      if (own && own !== country) continue;
      const data = await cachedMetric(scope.db, {
        ...params,
        dimension,
        filters: { ...params.filters, country },
      });
      records.push(...indicatorRows(row.slug, country, data));
    }
    if (records.length > 0) yield records;
  }
}

async function* complaintStatisticRecords(
  scope: ReadScope,
): AsyncGenerator<RecordOf<'complaint-statistics'>[]> {
  // Counts only: no other field of a complaint leaves this query.
  const rows = rowsOf<RecordOf<'complaint-statistics'>>(
    await scope.db.execute(sql`select c.country_code as country,
      extract(year from c.created_at at time zone 'UTC')::int as year, c.status,
      count(*)::int as complaints
      from complaints c where ${publicAs('complaint', 'c')} ${inCountry('c', scope.country)}
      group by 1, 2, 3 order by 1, 2, 3`),
  );
  // The columns in the dictionary's order, whatever order the driver gives them in.
  if (rows.length > 0)
    yield rows.map((row) => ({
      country: row.country,
      year: row.year,
      status: row.status,
      complaints: row.complaints,
    }));
}

/** Each dataset's records, in batches. */
export const datasetRecords: {
  [D in TOpenDataset]: (scope: ReadScope) => AsyncGenerator<RecordOf<D>[]>;
} = {
  restrictions: restrictionRecords,
  commitments: commitmentRecords,
  notifications: notificationRecords,
  indicators: indicatorRecords,
  'complaint-statistics': complaintStatisticRecords,
};

/** The tables each dataset is drawn from: the last change to any of them dates the dataset. */
export const datasetSources: Record<TOpenDataset, readonly string[]> = {
  restrictions: ['restrictions'],
  commitments: ['commitments'],
  notifications: ['notifications'],
  indicators: ['indicators', 'restrictions', 'commitments', 'complaints'],
  'complaint-statistics': ['complaints'],
};

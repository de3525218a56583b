import { compareLimits, compareTexts, type TCompareQuery, type TCompareResponse } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs, publicRestrictionRows } from '../../db/public-visibility.js';
import { validationFailed } from '../../http/errors.js';
import {
  catalogueReference,
  findSector,
  type CatalogueReference,
  type SectorNode,
} from '../sectors/catalogue-reference.js';
import { presentComparison, type CompareSqlRow } from './compare.presenter.js';

/** What a comparison is over, once checked against the reference lists. */
export interface CompareScope {
  /** Partner states' codes, in the reference order (the columns). */
  countries: string[];
  sector: SectorNode;
  /** The sector's id, then its parent's and grandparent's: where a commitment may be recorded. */
  lineage: number[];
}

/** Checks the query against the reference: partner states and a public sector, or 422 on those fields. */
export function resolveScope(reference: CatalogueReference, query: TCompareQuery): CompareScope {
  const errors: Record<string, string> = {};
  const unknown = query.countries.some((code) => !reference.countries.get(code)?.partnerState);
  if (unknown) errors.countries = compareTexts.countryUnknown;
  const sector = findSector(reference, query.sector);
  if (!sector) errors.sector = compareTexts.sectorUnknown;
  if (!sector || Object.keys(errors).length > 0) throw validationFailed(errors);
  const chosen = new Set(query.countries);
  const countries = [...reference.countries.values()]
    .filter((country) => chosen.has(country.code))
    .map((country) => country.code);
  const lineage: number[] = [];
  let node: SectorNode | undefined = sector;
  while (node) {
    lineage.push(node.id);
    node = node.parentId === null ? undefined : reference.sectors.get(node.parentId);
  }
  return { countries, sector, lineage };
}

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Every figure of a comparison in one statement over the visible records (db/public-visibility.ts):
 * per state, its restrictions of the sector (its sub-sectors and specific services too) counted in
 * total, by mode of supply and by policy area with the first titles of each cell; its restrictiveness
 * index as the indicators compute it (reports/metrics.ts: the average over measures in force with an
 * index, 3 decimals); and its commitment for the sector or the nearest sector above it.
 */
export async function comparisonRows(db: Executor, scope: CompareScope): Promise<CompareSqlRow[]> {
  const id = scope.sector.id;
  const countries = list(scope.countries);
  const lineage = sql`array[${list(scope.lineage)}]::int[]`;
  const result = await db.execute(sql`
    with scope as (
      select r.slug, r.title, r.title_fr, r.country_code, r.policy_id, r.modes_of_supply, r.status,
        r.restrictiveness_indicator
      from restrictions r
      where ${publicRestrictionRows} and r.country_code in (${countries})
        and (r.sector_id = ${id} or r.sub_sector_id = ${id} or r.specific_service_id = ${id})
    ),
    cells as (
      select s.country_code, 'mode'::text as kind, m.mode::text as key, s.slug, s.title, s.title_fr
        from scope s cross join lateral unnest(s.modes_of_supply) as m(mode)
      union all
      select s.country_code, 'policy', coalesce(s.policy_id::text, ''), s.slug, s.title, s.title_fr
        from scope s
      union all
      select s.country_code, 'total', '', s.slug, s.title, s.title_fr from scope s
    ),
    ranked as (
      select c.*, row_number() over (partition by c.country_code, c.kind, c.key order by c.title, c.slug) as n
      from cells c
    )
    select kind, country_code, key, count(*)::int as count, null::float8 as value,
      coalesce(json_agg(json_build_object('slug', slug, 'title', title, 'title_fr', title_fr) order by n)
        filter (where n <= ${compareLimits.titlesPerCell} and kind <> 'total'), '[]'::json) as data
      from ranked group by kind, country_code, key
    union all
    select 'index', s.country_code, '', count(*)::int,
      round(avg(s.restrictiveness_indicator)::numeric, 3)::float8, null::json
      from scope s where s.status = 'in_force' and s.restrictiveness_indicator is not null
      group by s.country_code
    union all
    select * from (
      select distinct on (c.country_code) 'commitment'::text as kind, c.country_code, ''::text as key,
        0 as count, null::float8 as value,
        json_build_object('id', c.id, 'country_code', c.country_code, 'sector_id', c.sector_id,
          'committed_to_liberalise', c.committed_to_liberalise, 'year_committed', c.year_committed,
          'details', c.details) as data
      from commitments c
      where ${publicAs('commitment', 'c')} and c.country_code in (${countries})
        and c.sector_id = any(${lineage})
      order by c.country_code, array_position(${lineage}, c.sector_id)
    ) nearest`);
  return (result as { rows: CompareSqlRow[] }).rows;
}

/** `GET /api/compare/`: the comparison of 2 to 5 partner states in a sector. */
export async function compareStates(db: Executor, query: TCompareQuery): Promise<TCompareResponse> {
  const reference = await catalogueReference(db);
  const scope = resolveScope(reference, query);
  return presentComparison(await comparisonRows(db, scope), scope, reference);
}

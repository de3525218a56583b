import type { TRestrictionSortField } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { validationFailed } from '../../http/errors.js';
import type { RestrictionFilters } from './restriction-query.js';
import { tsQuery } from './restriction-query.js';

/**
 * The browse list's filters, counts, sorts and pages, answered from memory (issue 4 item 12).
 *
 * PostgreSQL stays the source of truth and the search engine: the visible restrictions' filter columns
 * are loaded into typed arrays, each sort order is computed once as a permutation, and each search is
 * run once by PostgreSQL (`search @@ query`, `ts_rank`) and kept as its set of matches in rank order.
 * A browse request is then one pass over the rows in the asked order, testing the filters, counting
 * every match and keeping the page's ids; the page's columns and highlights still come from the
 * database by primary key. Writes on this instance drop the index at once (invalidateRestrictionCaches);
 * other instances see a change within `checkEveryMs` (a cheap signature query), as with the 30 s caches.
 */

const checkEveryMs = 5_000;
const maxSearches = 64;
const none = 0;

/** The visible rows' filter columns, one typed array per column, rows in id order. */
interface Columns {
  size: number;
  ids: Int32Array;
  country: Uint8Array;
  sector: Int32Array;
  subSector: Int32Array;
  specificService: Int32Array;
  policy: Int32Array;
  type: Uint8Array;
  modes: Uint8Array;
  marketAccess: Uint8Array;
  nationalTreatment: Uint8Array;
  nonCompliance: Uint8Array;
  status: Uint8Array;
  /** 0 when unknown. */
  year: Int16Array;
  /** NaN when unknown. */
  indicator: Float32Array;
  updated: Float64Array;
  /** Position of each row in `order by title, id` (PostgreSQL's collation, not JavaScript's). */
  titleRank: Int32Array;
}

/** Text values stored as small numbers (0 is "none"). */
class Dictionary {
  private readonly codes = new Map<string, number>();
  /** The value of each code (index 0 is "none"). */
  readonly values: string[] = [''];
  code(value: string | null): number {
    if (value === null) return none;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      if (code > 255) throw new Error('too many distinct values for a byte column');
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }
  /** A lookup table of the wanted values' codes (unknown values match nothing). */
  wanted(values: string[]): Uint8Array {
    const table = new Uint8Array(256);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) table[code] = 1;
    }
    return table;
  }
}

interface SearchMatches {
  /** Row positions in relevance order (`ts_rank desc, id asc`). */
  ranked: Int32Array;
  /** 1 at the position of each matching row. */
  member: Uint8Array;
}

interface LoadedIndex {
  columns: Columns;
  signature: string;
  dictionaries: Record<'country' | 'type' | 'nonCompliance' | 'status', Dictionary>;
  positionOfId: Map<number, number>;
  orders: Map<string, Int32Array>;
  searches: Map<string, Promise<SearchMatches>>;
}

type Row = {
  id: number;
  country_code: string;
  sector_id: number;
  sub_sector_id: number | null;
  specific_service_id: number | null;
  policy_id: number | null;
  restriction_type: string;
  modes_of_supply: string[];
  market_access: string;
  national_treatment: string;
  non_compliance_type: string | null;
  status: string;
  year_introduced: number | null;
  restrictiveness_indicator: number | null;
  updated_ms: number | string;
  title_rank: number | string;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const visible = sql.raw('r.archived = false and r.deleted_on is null and r.active = true');
const modeBits: Record<string, number> = { mode_1: 1, mode_2: 2, mode_3: 4, mode_4: 8 };

/** What changes whenever a visible restriction is added, changed or removed. */
async function signatureOf(db: Executor): Promise<string> {
  const [row] = rowsOf<{ n: number; latest: string | null; top: number | null }>(
    await db.execute(
      sql`select count(*)::int as n, max(updated_at)::text as latest, max(id) as top from restrictions`,
    ),
  );
  return `${row?.n}|${row?.latest}|${row?.top}`;
}

async function load(db: Executor): Promise<LoadedIndex> {
  const signature = await signatureOf(db);
  const rows = rowsOf<Row>(
    await db.execute(sql`select r.id, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id,
        r.policy_id, r.restriction_type, r.modes_of_supply, r.market_access, r.national_treatment,
        r.non_compliance_type, r.status, r.year_introduced, r.restrictiveness_indicator,
        (extract(epoch from r.updated_at) * 1000)::float8 as updated_ms,
        (row_number() over (order by r.title, r.id))::int as title_rank
      from restrictions r where ${visible} order by r.id`),
  );
  const size = rows.length;
  const columns: Columns = {
    size,
    ids: new Int32Array(size),
    country: new Uint8Array(size),
    sector: new Int32Array(size),
    subSector: new Int32Array(size),
    specificService: new Int32Array(size),
    policy: new Int32Array(size),
    type: new Uint8Array(size),
    modes: new Uint8Array(size),
    marketAccess: new Uint8Array(size),
    nationalTreatment: new Uint8Array(size),
    nonCompliance: new Uint8Array(size),
    status: new Uint8Array(size),
    year: new Int16Array(size),
    indicator: new Float32Array(size),
    updated: new Float64Array(size),
    titleRank: new Int32Array(size),
  };
  const dictionaries = {
    country: new Dictionary(),
    type: new Dictionary(),
    nonCompliance: new Dictionary(),
    status: new Dictionary(),
  };
  const positionOfId = new Map<number, number>();
  rows.forEach((row, p) => {
    columns.ids[p] = row.id;
    positionOfId.set(row.id, p);
    columns.country[p] = dictionaries.country.code(row.country_code);
    columns.sector[p] = row.sector_id;
    columns.subSector[p] = row.sub_sector_id ?? none;
    columns.specificService[p] = row.specific_service_id ?? none;
    columns.policy[p] = row.policy_id ?? none;
    columns.type[p] = dictionaries.type.code(row.restriction_type);
    columns.modes[p] = row.modes_of_supply.reduce((bits, mode) => bits | (modeBits[mode] ?? 0), 0);
    columns.marketAccess[p] = row.market_access === 'yes' ? 1 : 0;
    columns.nationalTreatment[p] = row.national_treatment === 'yes' ? 1 : 0;
    columns.nonCompliance[p] = dictionaries.nonCompliance.code(row.non_compliance_type);
    columns.status[p] = dictionaries.status.code(row.status);
    columns.year[p] = row.year_introduced ?? 0;
    columns.indicator[p] = row.restrictiveness_indicator ?? Number.NaN;
    columns.updated[p] = Number(row.updated_ms);
    columns.titleRank[p] = Number(row.title_rank);
  });
  return { columns, signature, dictionaries, positionOfId, orders: new Map(), searches: new Map() };
}

/** Compares two row positions by one sort field: `order by field [desc] nulls last, id [desc]`. */
function comparer(index: LoadedIndex, field: TRestrictionSortField, descending: boolean) {
  const { columns } = index;
  const sign = descending ? -1 : 1;
  const byId = (a: number, b: number) => sign * (columns.ids[a]! - columns.ids[b]!);
  const numeric =
    (values: ArrayLike<number>, unknown: (value: number) => boolean = () => false) =>
    (a: number, b: number) => {
      const x = values[a]!;
      const y = values[b]!;
      const ux = unknown(x);
      const uy = unknown(y);
      if (ux || uy) return ux === uy ? byId(a, b) : ux ? 1 : -1;
      return x === y ? byId(a, b) : sign * (x < y ? -1 : 1);
    };
  switch (field) {
    case 'title':
      return numeric(columns.titleRank);
    case 'country': {
      // Two-letter upper-case codes: JavaScript's order is PostgreSQL's.
      const names = index.dictionaries.country.values;
      return (a: number, b: number) => {
        const x = names[columns.country[a]!]!;
        const y = names[columns.country[b]!]!;
        return x === y ? byId(a, b) : sign * (x < y ? -1 : 1);
      };
    }
    case 'sector':
      return numeric(columns.sector);
    case 'year_introduced':
      return numeric(columns.year, (value) => value === 0);
    case 'indicator':
      return numeric(columns.indicator, Number.isNaN);
    case 'updated':
      return numeric(columns.updated);
  }
}

const sortFields = new Set<string>(['title', 'country', 'sector', 'year_introduced', 'indicator', 'updated']);

/** The row positions in the order of `sort` (`title` by default, `-` for descending), computed once. */
function orderFor(index: LoadedIndex, sort: string | undefined): Int32Array {
  const wanted = sort ?? 'title';
  const cached = index.orders.get(wanted);
  if (cached) return cached;
  const descending = wanted.startsWith('-');
  const field = wanted.replace(/^-/, '');
  if (!sortFields.has(field)) throw validationFailed({ sort: 'Select a valid sort order.' });
  const order = Int32Array.from({ length: index.columns.size }, (_, p) => p);
  order.sort(comparer(index, field as TRestrictionSortField, descending));
  index.orders.set(wanted, order);
  return order;
}

/** The rows matching a search, as PostgreSQL's full text finds and ranks them; kept per search text. */
function searchMatches(db: Executor, index: LoadedIndex, q: string): Promise<SearchMatches> {
  const key = q.toLowerCase();
  const cached = index.searches.get(key);
  if (cached) {
    // Most recently used last: the oldest search leaves first.
    index.searches.delete(key);
    index.searches.set(key, cached);
    return cached;
  }
  const query = tsQuery(q);
  const found = db
    .execute(
      sql`select r.id from restrictions r where ${visible} and r.search @@ ${query} order by ts_rank(r.search, ${query}) desc, r.id asc`,
    )
    .then((result) => {
      const member = new Uint8Array(index.columns.size);
      const ranked: number[] = [];
      for (const { id } of rowsOf<{ id: number }>(result)) {
        const position = index.positionOfId.get(id);
        if (position === undefined) continue;
        member[position] = 1;
        ranked.push(position);
      }
      return { ranked: Int32Array.from(ranked), member };
    });
  found.catch(() => index.searches.delete(key));
  index.searches.set(key, found);
  if (index.searches.size > maxSearches) {
    const oldest = index.searches.keys().next();
    if (!oldest.done) index.searches.delete(oldest.value);
  }
  return found;
}

/** One test per row position for every filter but the search. */
function rowTest(index: LoadedIndex, filters: RestrictionFilters): (position: number) => boolean {
  const { columns, dictionaries } = index;
  const tests: ((p: number) => boolean)[] = [];
  const oneOf = (values: Uint8Array, wanted: string[], dictionary: Dictionary) => {
    const table = dictionary.wanted(wanted);
    tests.push((p) => table[values[p]!] === 1);
  };
  const equals = (values: Int32Array, wanted: number | undefined) => {
    if (wanted !== undefined) tests.push((p) => values[p] === wanted);
  };
  if (filters.countries.length > 0) oneOf(columns.country, filters.countries, dictionaries.country);
  equals(columns.sector, filters.sectorId);
  equals(columns.subSector, filters.subSectorId);
  equals(columns.specificService, filters.specificServiceId);
  equals(columns.policy, filters.policyId);
  if (filters.restrictionTypes.length > 0) oneOf(columns.type, filters.restrictionTypes, dictionaries.type);
  if (filters.modes.length > 0) {
    const mask = filters.modes.reduce((bits, mode) => bits | (modeBits[mode] ?? 0), 0);
    tests.push((p) => (columns.modes[p]! & mask) !== 0);
  }
  if (filters.marketAccess) {
    const wanted = filters.marketAccess === 'yes' ? 1 : 0;
    tests.push((p) => columns.marketAccess[p] === wanted);
  }
  if (filters.nationalTreatment) {
    const wanted = filters.nationalTreatment === 'yes' ? 1 : 0;
    tests.push((p) => columns.nationalTreatment[p] === wanted);
  }
  if (filters.nonComplianceTypes.length > 0)
    oneOf(columns.nonCompliance, filters.nonComplianceTypes, dictionaries.nonCompliance);
  if (filters.statuses.length > 0) oneOf(columns.status, filters.statuses, dictionaries.status);
  // An unknown year matches neither bound, as in SQL.
  const { yearFrom, yearTo } = filters;
  if (yearFrom !== undefined) tests.push((p) => columns.year[p] !== 0 && columns.year[p]! >= yearFrom);
  if (yearTo !== undefined) tests.push((p) => columns.year[p] !== 0 && columns.year[p]! <= yearTo);
  return (p) => {
    for (const test of tests) if (!test(p)) return false;
    return true;
  };
}

interface IndexState {
  index: Promise<LoadedIndex> | null;
  checkedAt: number;
}

const states = new WeakMap<object, IndexState>();
const live = new Set<IndexState>();

/** Forgets every loaded index of this process (called by invalidateRestrictionCaches). */
export function dropBrowseIndexes(): void {
  for (const state of live) state.index = null;
}

/** The database's index: loaded on first use, reloaded when another instance changed the rows. */
async function indexOf(db: Executor): Promise<LoadedIndex> {
  let state = states.get(db);
  if (!state) {
    state = { index: null, checkedAt: 0 };
    states.set(db, state);
    live.add(state);
  }
  const now = Date.now();
  if (state.index && now - state.checkedAt > checkEveryMs) {
    state.checkedAt = now;
    const [current, signature] = await Promise.all([state.index, signatureOf(db)]);
    if (current.signature !== signature) state.index = null;
  }
  if (!state.index) {
    state.checkedAt = now;
    const loading = load(db);
    state.index = loading;
    loading.catch(() => {
      if (state.index === loading) state.index = null;
    });
  }
  return state.index;
}

/**
 * The ids of one browse page and the number of matches: relevance order when searching without a
 * sort, else the sort's order (title by default), ties by id.
 */
export async function browsePage(
  db: Executor,
  filters: RestrictionFilters,
  sort: string | undefined,
  limit: number,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const index = await indexOf(db);
  const search = filters.q ? await searchMatches(db, index, filters.q) : null;
  const test = rowTest(index, filters);
  const byRelevance = search !== null && !sort;
  const order = byRelevance ? search.ranked : orderFor(index, sort);
  const member = byRelevance ? null : search?.member;
  const { ids } = index.columns;
  const page: number[] = [];
  let count = 0;
  for (let i = 0; i < order.length; i += 1) {
    const p = order[i]!;
    if (member && member[p] !== 1) continue;
    if (!test(p)) continue;
    if (count >= offset && page.length < limit) page.push(ids[p]!);
    count += 1;
  }
  return { count, ids: page };
}

import type { TRestrictionSortField } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { validationFailed } from '../../http/errors.js';
import type { RestrictionFilters } from './restriction-query.js';
import { tsQuery } from './restriction-query.js';
import { LruMap } from '../../lib/lru-map.js';
import type { RestrictionListRow } from './restrictions.presenter.js';
import {
  searchableText,
  searchLexemesOf,
  searchLexemesSql,
  type SearchLexemes,
} from './search-highlights.js';

/**
 * The browse list's filters, counts, sorts and pages, answered from memory (issue 4 item 12).
 *
 * PostgreSQL stays the source of truth and the search engine: the visible restrictions' list columns
 * are loaded into typed arrays (text values as small dictionary codes, slug and title as strings), each
 * sort order is computed once as a permutation, and each search is run once by PostgreSQL
 * (`search @@ query`, `ts_rank`) and kept as its set of matches in rank order, with its lexemes. A
 * browse request is then one pass over the rows in the asked order, testing the filters, counting
 * every match and keeping the page's rows; the texts of measure are kept too (outside the JavaScript
 * heap), so a page's search highlights are marked here (search-highlights.ts). Writes on
 * this instance drop the index at once (invalidateRestrictionCaches); other instances see a change
 * within `checkEveryMs` (a cheap signature query), as with the 30 s caches.
 */

const checkEveryMs = 5_000;
const maxSearches = 64;
const none = 0;

/** A set of row positions, one bit per row (32 rows per word). */
type RowSet = Uint32Array;

/** The visible rows' filter columns, one typed array per column, rows in id order. */
interface Columns {
  size: number;
  ids: Int32Array;
  slug: string[];
  title: string[];
  country: Uint8Array;
  sector: Int32Array;
  subSector: Int32Array;
  specificService: Int32Array;
  policy: Int32Array;
  type: Uint8Array;
  modes: Uint8Array;
  /** The modes as stored (their order kept), a code of the `modes` dictionary. */
  modesList: Uint8Array;
  marketAccess: Uint8Array;
  nationalTreatment: Uint8Array;
  nonCompliance: Uint8Array;
  status: Uint8Array;
  /** 0 when unknown. */
  year: Int16Array;
  /** NaN when unknown. */
  indicator: Float64Array;
  updated: Float64Array;
  /** Position of each row in `order by title, id` (PostgreSQL's collation, not JavaScript's). */
  titleRank: Int32Array;
  /** Each row's text of measure as searched and highlighted (stored tags left out). */
  measureText: TextColumn;
}

/**
 * Strings kept as one UTF-8 buffer and their offsets: outside the JavaScript heap, so the collector
 * never walks them (about 45 MB at 100,000 rows of the generated data).
 */
class TextColumn {
  constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Float64Array,
  ) {}

  static from(chunks: string[][]): TextColumn {
    const offsets = new Float64Array(chunks.reduce((n, chunk) => n + chunk.length, 0) + 1);
    const buffers: Buffer[] = [];
    let row = 0;
    for (const chunk of chunks) {
      for (const text of chunk) {
        offsets[row + 1] = offsets[row]! + Buffer.byteLength(text);
        row += 1;
      }
      buffers.push(Buffer.from(chunk.join('')));
    }
    return new TextColumn(Buffer.concat(buffers), offsets);
  }

  at(position: number): string {
    return this.bytes.toString('utf8', this.offsets[position], this.offsets[position + 1]);
  }
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
  /** The code of a value, or "none" when no row has it. */
  codeOf(value: string): number {
    return this.codes.get(value) ?? none;
  }
}

interface SearchMatches {
  /** Row positions in relevance order (`ts_rank desc, id asc`). */
  ranked: Int32Array;
  /** The matching rows. */
  member: RowSet;
  /** `ranked` with each member's place in it, built when a page first needs it. */
  order?: SortOrder;
  /** What its highlights mark. */
  lexemes: SearchLexemes;
}

/** Rows in one order, and each one's place in it (the inverse permutation; for a search, of its members). */
interface SortOrder {
  positions: Int32Array;
  rankOf: Int32Array;
}

interface LoadedIndex {
  columns: Columns;
  signature: string;
  dictionaries: Record<'country' | 'type' | 'nonCompliance' | 'status' | 'modes', Dictionary>;
  orders: Map<string, SortOrder>;
  searches: Map<string, Promise<SearchMatches>>;
  /** Row sets per filter value, built on first use. */
  sets: Map<string, RowSet>;
  memo: BrowseMemo;
}

/**
 * What the browse list keeps beside the index, valid as long as it is (a write drops both): the page
 * rows' columns by id and the search highlights by search and id, each bounded.
 */
export interface BrowseMemo {
  /** Each row as its list item's JSON (no highlight), with the reference lists that named it. */
  items: LruMap<number, { reference: object; json: string }>;
  /** Each highlight's JSON, by search text and id. */
  highlights: LruMap<string, string>;
}

const memoRows = 20_000;
const memoHighlights = 50_000;

type Row = {
  id: number;
  slug: string;
  title: string;
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
  text_of_measure: string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const visible = sql.raw('r.archived = false and r.deleted_on is null and r.active = true');
const modeBits: Record<string, number> = { mode_1: 1, mode_2: 2, mode_3: 4, mode_4: 8 };

/**
 * What changes whenever a restriction is added, changed or removed: the revision a trigger moves on at
 * each committed write (migration 0006). One row, where counting the table read every row.
 */
async function signatureOf(db: Executor): Promise<string> {
  const [row] = rowsOf<{ revision: string }>(
    await db.execute(sql`select revision::text as revision from restrictions_revision`),
  );
  return row?.revision ?? '';
}

const loadChunk = 50_000;

/** Reads the visible rows in id order, a chunk at a time (the memory of a million rows stays bounded). */
async function* visibleRows(db: Executor): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<Row>(
      await db.execute(sql`select r.id, r.slug, r.title, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id,
          r.policy_id, r.restriction_type, r.modes_of_supply, r.market_access, r.national_treatment,
          r.non_compliance_type, r.status, r.year_introduced, r.restrictiveness_indicator,
          (extract(epoch from r.updated_at) * 1000)::float8 as updated_ms, r.text_of_measure
        from restrictions r where ${visible} and r.id > ${after} order by r.id limit ${loadChunk}`),
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

async function load(db: Executor): Promise<LoadedIndex> {
  const signature = await signatureOf(db);
  const dictionaries = {
    country: new Dictionary(),
    type: new Dictionary(),
    nonCompliance: new Dictionary(),
    status: new Dictionary(),
    modes: new Dictionary(),
  };
  const slug: string[] = [];
  const title: string[] = [];
  const measureTexts: string[][] = [];
  const read: Record<
    Exclude<keyof Columns, 'size' | 'titleRank' | 'slug' | 'title' | 'measureText'>,
    number[]
  > = {
    ids: [],
    country: [],
    sector: [],
    subSector: [],
    specificService: [],
    policy: [],
    type: [],
    modes: [],
    modesList: [],
    marketAccess: [],
    nationalTreatment: [],
    nonCompliance: [],
    status: [],
    year: [],
    indicator: [],
    updated: [],
  };
  for await (const rows of visibleRows(db)) {
    measureTexts.push(rows.map((row) => searchableText(row.text_of_measure)));
    for (const row of rows) {
      read.ids.push(row.id);
      slug.push(row.slug);
      title.push(row.title);
      read.country.push(dictionaries.country.code(row.country_code));
      read.sector.push(row.sector_id);
      read.subSector.push(row.sub_sector_id ?? none);
      read.specificService.push(row.specific_service_id ?? none);
      read.policy.push(row.policy_id ?? none);
      read.type.push(dictionaries.type.code(row.restriction_type));
      read.modes.push(row.modes_of_supply.reduce((bits, mode) => bits | (modeBits[mode] ?? 0), 0));
      read.modesList.push(dictionaries.modes.code(row.modes_of_supply.join(',')));
      read.marketAccess.push(row.market_access === 'yes' ? 1 : 0);
      read.nationalTreatment.push(row.national_treatment === 'yes' ? 1 : 0);
      read.nonCompliance.push(dictionaries.nonCompliance.code(row.non_compliance_type));
      read.status.push(dictionaries.status.code(row.status));
      read.year.push(row.year_introduced ?? 0);
      read.indicator.push(row.restrictiveness_indicator ?? Number.NaN);
      read.updated.push(Number(row.updated_ms));
    }
  }
  const size = read.ids.length;
  const columns: Columns = {
    size,
    ids: Int32Array.from(read.ids),
    slug,
    title,
    country: Uint8Array.from(read.country),
    sector: Int32Array.from(read.sector),
    subSector: Int32Array.from(read.subSector),
    specificService: Int32Array.from(read.specificService),
    policy: Int32Array.from(read.policy),
    type: Uint8Array.from(read.type),
    modes: Uint8Array.from(read.modes),
    modesList: Uint8Array.from(read.modesList),
    marketAccess: Uint8Array.from(read.marketAccess),
    nationalTreatment: Uint8Array.from(read.nationalTreatment),
    nonCompliance: Uint8Array.from(read.nonCompliance),
    status: Uint8Array.from(read.status),
    year: Int16Array.from(read.year),
    indicator: Float64Array.from(read.indicator),
    updated: Float64Array.from(read.updated),
    // A row added since the chunks were read ranks last; the next signature check reloads anyway.
    titleRank: new Int32Array(size).fill(size),
    measureText: TextColumn.from(measureTexts),
  };
  // PostgreSQL's collation orders titles, not JavaScript's: its order, as ids only.
  const titleOrder = rowsOf<{ id: number }>(
    await db.execute(sql`select r.id from restrictions r where ${visible} order by r.title, r.id`),
  );
  titleOrder.forEach(({ id }, rank) => {
    const position = positionIn(columns.ids, id);
    if (position >= 0) columns.titleRank[position] = rank;
  });
  return {
    columns,
    signature,
    dictionaries,
    orders: new Map(),
    searches: new Map(),
    sets: new Map(),
    memo: { items: new LruMap(memoRows), highlights: new LruMap(memoHighlights) },
  };
}

/** The position of an id among the rows (ids ascending), or -1. */
function positionIn(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle]!;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
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
function orderFor(index: LoadedIndex, sort: string | undefined): SortOrder {
  const wanted = sort ?? 'title';
  const cached = index.orders.get(wanted);
  if (cached) return cached;
  const descending = wanted.startsWith('-');
  const field = wanted.replace(/^-/, '');
  if (!sortFields.has(field)) throw validationFailed({ sort: 'Select a valid sort order.' });
  const positions = Int32Array.from({ length: index.columns.size }, (_, p) => p);
  positions.sort(comparer(index, field as TRestrictionSortField, descending));
  const rankOf = new Int32Array(positions.length);
  positions.forEach((p, rank) => (rankOf[p] = rank));
  const order = { positions, rankOf };
  index.orders.set(wanted, order);
  return order;
}

/** A search's matches in relevance order, as a sort order of its members. */
function relevanceOrder(index: LoadedIndex, search: SearchMatches): SortOrder {
  if (!search.order) {
    const rankOf = new Int32Array(index.columns.size);
    search.ranked.forEach((p, rank) => (rankOf[p] = rank));
    search.order = { positions: search.ranked, rankOf };
  }
  return search.order;
}

/** The SQL of a search's matches, ranked (also printed for the pgbench script). */
export function searchSql(q: string) {
  const query = tsQuery(q);
  return sql`select r.id from restrictions r where ${visible} and r.search @@ ${query} order by ts_rank(r.search, ${query}) desc, r.id asc`;
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
  const found = Promise.all([db.execute(searchSql(q)), db.execute(searchLexemesSql(q))]).then(
    ([result, lexemes]) => {
      const member: RowSet = new Uint32Array((index.columns.size + 31) >>> 5);
      const ranked: number[] = [];
      for (const { id } of rowsOf<{ id: number }>(result)) {
        const position = positionIn(index.columns.ids, id);
        if (position < 0) continue;
        member[position >>> 5]! |= 1 << (position & 31);
        ranked.push(position);
      }
      const [row] = rowsOf<{ en: string | null; fr: string | null }>(lexemes);
      return { ranked: Int32Array.from(ranked), member, lexemes: searchLexemesOf(row) };
    },
  );
  found.catch(() => index.searches.delete(key));
  index.searches.set(key, found);
  if (index.searches.size > maxSearches) {
    const oldest = index.searches.keys().next();
    if (!oldest.done) index.searches.delete(oldest.value);
  }
  return found;
}

/** Memory the kept row sets of one index may take (12.5 KB a set at 100,000 rows, 125 KB at a million). */
const setsBytes = 64 * 1024 * 1024;

/** A set kept with the index under `key`, built by `build` on first use. */
function cachedSet(index: LoadedIndex, key: string, build: () => RowSet): RowSet {
  const cached = index.sets.get(key);
  if (cached) return cached;
  const set = build();
  if (index.sets.size >= Math.max(64, setsBytes / set.byteLength)) index.sets.clear();
  index.sets.set(key, set);
  return set;
}

/** The rows passing `test`, as a set (built once per column value and kept with the index). */
function setWhere(index: LoadedIndex, key: string, test: (position: number) => boolean): RowSet {
  return cachedSet(index, key, () => {
    const size = index.columns.size;
    const set = new Uint32Array((size + 31) >>> 5);
    for (let p = 0; p < size; p += 1) if (test(p)) set[p >>> 5]! |= 1 << (p & 31);
    return set;
  });
}

/** The union of some sets (a filter with several values), kept under `key`. */
function union(index: LoadedIndex, key: string, sets: RowSet[]): RowSet {
  if (sets.length === 1) return sets[0]!;
  return cachedSet(index, key, () => {
    const result = sets[0]!.slice();
    for (const set of sets.slice(1)) for (let w = 0; w < result.length; w += 1) result[w]! |= set[w]!;
    return result;
  });
}

/**
 * The rows in every one of some sets (the filters, and the search's matches), never built as a set of
 * its own: a request allocates nothing the size of the rows. No set: every row.
 */
type Conjunction = RowSet[];

/** Whether the row at `p` is in every set. */
function inAll(sets: Conjunction, p: number): boolean {
  const w = p >>> 5;
  const bit = 1 << (p & 31);
  for (let k = 0; k < sets.length; k += 1) if ((sets[k]![w]! & bit) === 0) return false;
  return true;
}

/** Word `w` of the conjunction. */
function wordOf(sets: Conjunction, w: number): number {
  let word = sets[0]![w]!;
  for (let k = 1; k < sets.length && word !== 0; k += 1) word &= sets[k]![w]!;
  return word;
}

/** Bits set in a word. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The sets of the rows matching each filter but the search (none: every row). */
function filterSets(index: LoadedIndex, filters: RestrictionFilters): Conjunction {
  const { columns, dictionaries } = index;
  const parts: RowSet[] = [];
  const oneOf = (
    name: 'country' | 'type' | 'nonCompliance' | 'status',
    values: Uint8Array,
    wanted: string[],
  ) => {
    if (wanted.length === 0) return;
    const dictionary = dictionaries[name];
    parts.push(
      union(
        index,
        `${name}:${wanted.join('|')}`,
        wanted.map((value) => {
          const code = dictionary.codeOf(value);
          return setWhere(index, `${name}:${code}`, (p) => code !== none && values[p] === code);
        }),
      ),
    );
  };
  const equals = (name: string, values: Int32Array, wanted: number | undefined) => {
    if (wanted !== undefined) parts.push(setWhere(index, `${name}:${wanted}`, (p) => values[p] === wanted));
  };
  oneOf('country', columns.country, filters.countries);
  equals('sector', columns.sector, filters.sectorId);
  equals('subSector', columns.subSector, filters.subSectorId);
  equals('specificService', columns.specificService, filters.specificServiceId);
  equals('policy', columns.policy, filters.policyId);
  oneOf('type', columns.type, filters.restrictionTypes);
  if (filters.modes.length > 0) {
    parts.push(
      union(
        index,
        `mode:${filters.modes.join('|')}`,
        filters.modes.map((mode) => {
          const bit = modeBits[mode] ?? 0;
          return setWhere(index, `mode:${bit}`, (p) => (columns.modes[p]! & bit) !== 0);
        }),
      ),
    );
  }
  const yesNo = (name: string, values: Uint8Array, wanted: string | undefined) => {
    if (!wanted) return;
    const flag = wanted === 'yes' ? 1 : 0;
    parts.push(setWhere(index, `${name}:${flag}`, (p) => values[p] === flag));
  };
  yesNo('marketAccess', columns.marketAccess, filters.marketAccess);
  yesNo('nationalTreatment', columns.nationalTreatment, filters.nationalTreatment);
  oneOf('nonCompliance', columns.nonCompliance, filters.nonComplianceTypes);
  oneOf('status', columns.status, filters.statuses);
  // An unknown year matches neither bound, as in SQL.
  const { yearFrom, yearTo } = filters;
  if (yearFrom !== undefined)
    parts.push(
      setWhere(index, `yearFrom:${yearFrom}`, (p) => columns.year[p] !== 0 && columns.year[p]! >= yearFrom),
    );
  if (yearTo !== undefined)
    parts.push(
      setWhere(index, `yearTo:${yearTo}`, (p) => columns.year[p] !== 0 && columns.year[p]! <= yearTo),
    );
  return parts;
}

interface IndexState {
  index: Promise<LoadedIndex> | null;
  /** A reload after another instance's write; the current index answers until it is ready. */
  reloading: Promise<LoadedIndex> | null;
  checkedAt: number;
}

const states = new WeakMap<object, IndexState>();
const live = new Set<IndexState>();

/** Forgets every loaded index of this process at once (called by invalidateRestrictionCaches). */
export function dropBrowseIndexes(): void {
  for (const state of live) {
    state.index = null;
    state.reloading = null;
  }
}

/** Loads a new index in the background and puts it in place once loaded. */
function reloadInBackground(db: Executor, state: IndexState): void {
  const reloading = load(db);
  state.reloading = reloading;
  reloading.then(
    () => {
      if (state.reloading !== reloading) return;
      state.index = reloading;
      state.reloading = null;
    },
    () => {
      if (state.reloading === reloading) state.reloading = null;
    },
  );
}

/**
 * The database's index: loaded on first use and again at once after a write on this instance; after a
 * write on another instance (seen by its signature) the current one answers while the next one loads.
 */
async function indexOf(db: Executor): Promise<LoadedIndex> {
  let state = states.get(db);
  if (!state) {
    state = { index: null, reloading: null, checkedAt: 0 };
    states.set(db, state);
    live.add(state);
  }
  const now = Date.now();
  if (state.index && !state.reloading && now - state.checkedAt > checkEveryMs) {
    state.checkedAt = now;
    const checked = state.index;
    const [current, signature] = await Promise.all([checked, signatureOf(db)]);
    // Unless this instance dropped or replaced the index meanwhile.
    if (current.signature !== signature && state.index === checked && !state.reloading)
      reloadInBackground(db, state);
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

/** The number of rows in every set of the conjunction (none: every row). */
function countOf(index: LoadedIndex, sets: Conjunction): number {
  if (sets.length === 0) return index.columns.size;
  const words = sets[0]!.length;
  let count = 0;
  for (let w = 0; w < words; w += 1) count += bitCount(wordOf(sets, w));
  return count;
}

/** The positions of one page: `order` walked from the start, skipping rows outside `wanted`, until the page is full. */
function walk(order: Int32Array, wanted: Conjunction, limit: number, offset: number): number[] {
  const page: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && page.length < limit; i += 1) {
    const p = order[i]!;
    if (wanted.length > 0 && !inAll(wanted, p)) continue;
    if (seen >= offset) page.push(p);
    seen += 1;
  }
  return page;
}

/**
 * The positions of one page of `wanted` rows in a sort's order. A walk of the order passes about
 * (offset + limit) × rows / matches positions; when that is more than reading the set's members and
 * sorting their ranks, the members' ranks are sorted instead (few matches, a late page).
 */
function pageInOrder(
  order: SortOrder,
  wanted: Conjunction,
  count: number,
  limit: number,
  offset: number,
): number[] {
  if (count <= offset) return [];
  const walkLength = ((offset + limit) * order.positions.length) / count;
  const words = wanted[0]?.length ?? 0;
  if (wanted.length === 0 || walkLength <= words + count * Math.log2(count + 2))
    return walk(order.positions, wanted, limit, offset);
  const ranks = new Int32Array(count);
  let n = 0;
  for (let w = 0; w < words; w += 1) {
    let word = wordOf(wanted, w);
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      ranks[n++] = order.rankOf[(w << 5) + bit]!;
      word &= word - 1;
    }
  }
  ranks.sort();
  return Array.from(ranks.subarray(offset, offset + limit), (rank) => order.positions[rank]!);
}

/** The browse columns of the row at `position`, as the list query would select them. */
function listRowAt(index: LoadedIndex, p: number): RestrictionListRow {
  const { columns, dictionaries } = index;
  const optional = (value: number) => (value === none ? null : value);
  const modes = dictionaries.modes.values[columns.modesList[p]!]!;
  const indicator = columns.indicator[p]!;
  return {
    id: columns.ids[p]!,
    slug: columns.slug[p]!,
    title: columns.title[p]!,
    country_code: dictionaries.country.values[columns.country[p]!]!,
    sector_id: columns.sector[p]!,
    sub_sector_id: optional(columns.subSector[p]!),
    specific_service_id: optional(columns.specificService[p]!),
    policy_id: optional(columns.policy[p]!),
    restriction_type: dictionaries.type.values[columns.type[p]!]!,
    market_access: columns.marketAccess[p] === 1 ? 'yes' : 'no',
    national_treatment: columns.nationalTreatment[p] === 1 ? 'yes' : 'no',
    non_compliance_type: dictionaries.nonCompliance.values[columns.nonCompliance[p]!] || null,
    modes_of_supply: modes === '' ? [] : modes.split(','),
    restrictiveness_indicator: Number.isNaN(indicator) ? null : indicator,
    year_introduced: columns.year[p] === 0 ? null : columns.year[p]!,
    status: dictionaries.status.values[columns.status[p]!]!,
    updated_at: new Date(columns.updated[p]!),
  };
}

/** What a searching page's highlights are marked from: the search's lexemes and its rows' texts. */
export interface PageSearch {
  lexemes: SearchLexemes;
  /** The text of measure of the page's `i`th row (read only for highlights not kept yet). */
  measureText(i: number): string;
}

/**
 * One browse page and the number of matches: relevance order when searching without a sort, else the
 * sort's order (title by default), ties by id. The page's rows come from the index: no database read.
 */
export async function browsePage(
  db: Executor,
  filters: RestrictionFilters,
  sort: string | undefined,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: RestrictionListRow[]; memo: BrowseMemo; search: PageSearch | null }> {
  const index = await indexOf(db);
  const search = filters.q ? await searchMatches(db, index, filters.q) : null;
  const filtered = filterSets(index, filters);
  const wanted = search === null ? filtered : [...filtered, search.member];
  const count = countOf(index, wanted);
  const order = search !== null && !sort ? relevanceOrder(index, search) : orderFor(index, sort);
  const positions = pageInOrder(order, wanted, count, limit, offset);
  const rows = Array.from(positions, (p) => listRowAt(index, p));
  return {
    count,
    rows,
    memo: index.memo,
    search: search && {
      lexemes: search.lexemes,
      measureText: (i: number) => index.columns.measureText.at(positions[i]!),
    },
  };
}

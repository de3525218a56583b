import { validationFailed } from '../../http/errors.js';
import type { Executor } from '../../db/client.js';
import { catchUp } from './browse-patch.js';
import {
  comparerOf,
  emptyMemo,
  listRowAt,
  loadIndex,
  none,
  modeBits,
  orderOf,
  rowsOf,
  visibleSql,
  type BrowseMemo,
  type LoadedIndex,
  type RowSet,
  type SearchMatches,
  type SortOrder,
} from './browse-store.js';
import type { RestrictionFilters } from './restriction-query.js';
import { orderSql, tsQuery, whereSql } from './restriction-query.js';
import type { RestrictionListRow } from './restrictions.presenter.js';
import {
  searchableText,
  searchLexemesOf,
  searchLexemesSql,
  type SearchLexemes,
} from './search-highlights.js';
import { sql } from 'drizzle-orm';

export type { BrowseMemo } from './browse-store.js';

/**
 * The browse list's filters, counts, sorts and pages, answered from memory (issue 4 item 12).
 *
 * PostgreSQL stays the source of truth and the search engine: the visible restrictions' list columns
 * are loaded into typed arrays (browse-store.ts), each sort order is computed once as a permutation,
 * and each search is run once by PostgreSQL (`search @@ query`, `ts_rank`) and kept as its set of
 * matches in rank order, with its lexemes. A browse request is then one pass over the rows in the
 * asked order, testing the filters, counting every match and keeping the page's rows; the texts of
 * measure are not kept: a searching page reads those of its rows whose highlights are not kept yet, by
 * id, and marks them here (search-highlights.ts).
 *
 * A write changes the index in place (issue 35, browse-patch.ts): the writing process catches up at
 * commit, before it answers the write; the other processes within `checkEveryMs` of their next
 * request. Until a catch-up is applied, the index answers as of its revision.
 */

const checkEveryMs = 1_000;
/** Browse requests answered by SQL at once while the index loads. */
const sqlAnswersAtOnce = 2;
let sqlAnswers = 0;
/** How long the others wait for the loading index before SQL answers them anyway. */
const indexWaitMs = 1_000;

/** What `promise` gives within `ms`; null after that or when it fails. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    const settle = (value: T | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    promise.then(settle, () => settle(null));
  });
}
const maxSearches = 64;

/** Rows in the asked order: the sort's, computed once and kept (patched on writes). */
function orderFor(index: LoadedIndex, sort: string | undefined): SortOrder {
  const wanted = sort ?? 'title';
  const cached = index.orders.get(wanted);
  if (cached) return cached;
  const field = wanted.replace(/^-/, '');
  if (!sortFields.has(field)) throw validationFailed({ sort: 'Select a valid sort order.' });
  const { columns } = index;
  const positions = new Int32Array(columns.live);
  let n = 0;
  for (let p = 0; p < columns.size; p += 1) if (columns.visible[p] === 1) positions[n++] = p;
  positions.sort(comparerOf(index, wanted));
  const order = orderOf(columns, positions);
  index.orders.set(wanted, order);
  return order;
}

const sortFields = new Set<string>(['title', 'country', 'sector', 'year_introduced', 'indicator', 'updated']);

/** A search's matches in relevance order, as a sort order of its members. */
function relevanceOrder(index: LoadedIndex, search: SearchMatches): SortOrder {
  search.order ??= orderOf(index.columns, search.ranked);
  return search.order;
}

/** The SQL of a search's matches, ranked (also printed for the pgbench script). */
export function searchSql(q: string) {
  const query = tsQuery(q);
  return sql`select r.id, ts_rank(r.search, ${query}) as rank from restrictions r where ${visibleSql('r')} and r.search @@ ${query} order by ts_rank(r.search, ${query}) desc, r.id asc`;
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
  const found: Promise<SearchMatches> = Promise.all([
    db.execute(searchSql(q)),
    db.execute(searchLexemesSql(q)),
  ]).then(([result, lexemes]) => {
    const { columns } = index;
    const member: RowSet = new Uint32Array(columns.words);
    const ranked: number[] = [];
    const ranks: number[] = [];
    for (const { id, rank } of rowsOf<{ id: number; rank: number }>(result)) {
      const position = columns.positionOf(id);
      if (position < 0 || columns.visible[position] !== 1) continue;
      member[position >>> 5]! |= 1 << (position & 31);
      ranked.push(position);
      ranks.push(Number(rank));
    }
    const [row] = rowsOf<{ en: string | null; fr: string | null }>(lexemes);
    const search: SearchMatches = {
      q,
      ranked: Int32Array.from(ranked),
      ranks: Float32Array.from(ranks),
      member,
      lexemes: searchLexemesOf(row),
    };
    // Kept for the catch-ups unless one came meanwhile (then it is asked again next time).
    if (index.searches.get(key) === found) index.searchesDone.set(key, search);
    return search;
  });
  found.catch(() => {
    if (index.searches.get(key) === found) index.searches.delete(key);
  });
  index.searches.set(key, found);
  if (index.searches.size > maxSearches) {
    const oldest = index.searches.keys().next();
    if (!oldest.done) {
      index.searches.delete(oldest.value);
      index.searchesDone.delete(oldest.value);
    }
  }
  return found;
}

/** Memory the kept row sets of one index may take (12.5 KB a set at 100,000 rows, 125 KB at a million). */
const setsBytes = 16 * 1024 * 1024;

/** A set kept with the index under `key`, built on first use; `test` says whether a visible row is in it. */
function cachedSet(index: LoadedIndex, key: string, test: (position: number) => boolean): RowSet {
  const cached = index.sets.get(key);
  if (cached) return cached.set;
  const { columns } = index;
  const set = new Uint32Array(columns.words);
  for (let p = 0; p < columns.size; p += 1)
    if (columns.visible[p] === 1 && test(p)) set[p >>> 5]! |= 1 << (p & 31);
  if (index.sets.size >= Math.max(64, setsBytes / set.byteLength)) index.sets.clear();
  index.sets.set(key, { set, test });
  return set;
}

/** The union of some filter values' sets, kept under `key`. */
function union(
  index: LoadedIndex,
  key: string,
  parts: { key: string; test: (p: number) => boolean }[],
): RowSet {
  if (parts.length === 1) return cachedSet(index, parts[0]!.key, parts[0]!.test);
  const tests = parts.map((part) => part.test);
  return cachedSet(index, key, (p) => tests.some((test) => test(p)));
}

/**
 * The rows in every one of some sets (the filters, and the search's matches), never built as a set of
 * its own: a request allocates nothing the size of the rows. No set: every visible row.
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
          return { key: `${name}:${code}`, test: (p: number) => code !== none && values[p] === code };
        }),
      ),
    );
  };
  const equals = (name: string, values: Int32Array, wanted: number | undefined) => {
    if (wanted !== undefined) parts.push(cachedSet(index, `${name}:${wanted}`, (p) => values[p] === wanted));
  };
  oneOf('country', columns.country, filters.countries);
  equals('sector', columns.sector, filters.sectorId);
  equals('subSector', columns.subSector, filters.subSectorId);
  equals('specificService', columns.specificService, filters.specificServiceId);
  equals('policy', columns.policy, filters.policyId);
  oneOf('type', columns.type, filters.restrictionTypes);
  if (filters.modes.length > 0) {
    const modes = columns.modes;
    parts.push(
      union(
        index,
        `mode:${filters.modes.join('|')}`,
        filters.modes.map((mode) => {
          const bit = modeBits[mode] ?? 0;
          return { key: `mode:${bit}`, test: (p: number) => (modes[p]! & bit) !== 0 };
        }),
      ),
    );
  }
  const yesNo = (name: string, values: Uint8Array, wanted: string | undefined) => {
    if (!wanted) return;
    const flag = wanted === 'yes' ? 1 : 0;
    parts.push(cachedSet(index, `${name}:${flag}`, (p) => values[p] === flag));
  };
  yesNo('marketAccess', columns.marketAccess, filters.marketAccess);
  yesNo('nationalTreatment', columns.nationalTreatment, filters.nationalTreatment);
  oneOf('nonCompliance', columns.nonCompliance, filters.nonComplianceTypes);
  oneOf('status', columns.status, filters.statuses);
  // An unknown year matches neither bound, as in SQL.
  const { yearFrom, yearTo } = filters;
  const year = columns.year;
  if (yearFrom !== undefined)
    parts.push(cachedSet(index, `yearFrom:${yearFrom}`, (p) => year[p] !== 0 && year[p]! >= yearFrom));
  if (yearTo !== undefined)
    parts.push(cachedSet(index, `yearTo:${yearTo}`, (p) => year[p] !== 0 && year[p]! <= yearTo));
  return parts;
}

interface IndexState {
  index: LoadedIndex | null;
  /** The first load (later loads happen beside the index in place). */
  loading: Promise<LoadedIndex> | null;
  /** Catch-ups and loads, one at a time. */
  queue: Promise<void>;
  /** A catch-up queued and not started yet, which a new caller may share. */
  pending: Promise<void> | null;
  checkedAt: number;
  /** This process wrote: the next browse catches up before it answers. */
  stale: boolean;
  /**
   * The catch-up a write of this process started at its commit: browse answers wait for it (the
   * writer's next browse shows its write), the write's own answer does not.
   */
  owed: Promise<void> | null;
  /** Full loads and patches so far. */
  loads: number;
  patches: number;
  /** The server stops: no more loads or catch-ups. */
  closed: boolean;
  /** The index has answered once (the first answer catches up first: a load may have been early). */
  served: boolean;
  /** Where loads are told (the server's log). */
  log: IndexLog | null;
}

/** The log lines of the index's loads (the server passes its logger). */
export interface IndexLog {
  info(details: object, message: string): void;
}

/** Runs a full load, told in the log: its start, its end or its stop. */
async function loggedLoad(db: Executor, state: IndexState, kind: 'load' | 'reload'): Promise<LoadedIndex> {
  const started = performance.now();
  state.log?.info({ kind }, 'browse index loading');
  try {
    const index = await loadIndex(db, () => state.closed);
    const ms = Math.round(performance.now() - started);
    state.log?.info({ kind, rows: index.columns.live, ms }, 'browse index loaded');
    return index;
  } catch (error) {
    state.log?.info({ kind, stopped: state.closed, error: String(error) }, 'browse index load failed');
    throw error;
  }
}

const states = new WeakMap<object, IndexState>();
const live = new Set<IndexState>();
const changeListeners = new Set<() => void>();

/** Calls `listener` whenever an index changes (the page caches built on it are then dropped). */
export function onBrowseIndexChange(listener: () => void): void {
  changeListeners.add(listener);
}

/** Makes every index of this process catch up before its next answer (called by invalidateRestrictionCaches). */
export function markBrowseIndexesStale(): void {
  for (const state of live) state.stale = true;
}

function stateOf(db: Executor): IndexState {
  let state = states.get(db);
  if (!state) {
    state = {
      index: null,
      loading: null,
      queue: Promise.resolve(),
      pending: null,
      checkedAt: 0,
      stale: false,
      owed: null,
      loads: 0,
      patches: 0,
      closed: false,
      served: false,
      log: null,
    };
    states.set(db, state);
    live.add(state);
  }
  return state;
}

/**
 * Queues a catch-up of the database's index (shared with one queued and not started yet): the
 * changes since its revision patched in, or, when too many rows changed, a full load put in place
 * once read while the current index answers.
 */
function queueCatchUp(db: Executor, state: IndexState, reload = false): Promise<void> {
  if (state.pending && !reload) return state.pending;
  const run = state.queue.then(async () => {
    state.pending = null;
    if (state.closed) return;
    state.stale = false;
    state.checkedAt = Date.now();
    const index = state.index ?? (await state.loading?.catch(() => null));
    if (!index) return;
    const outcome = reload ? 'reload' : await catchUp(db, index);
    if (outcome === 'current') return;
    if (outcome === 'reload') {
      const fresh = await loggedLoad(db, state, 'reload');
      state.loads += 1;
      if (state.index === index) state.index = fresh;
    } else state.patches += 1;
    for (const listener of changeListeners) listener();
  });
  const settled = run.catch(() => undefined);
  state.pending = settled;
  state.queue = settled;
  return settled;
}

/**
 * Starts bringing this process's index of `db` up to the database (a writer calls it once committed);
 * every browse answer of this process waits for it from now on. The promise settles once it is applied.
 */
export function catchUpBrowseIndex(db: Executor): Promise<void> {
  const state = states.get(db);
  if (!state || (!state.index && !state.loading)) return Promise.resolve();
  const owed = queueCatchUp(db, state);
  state.owed = owed;
  void owed.then(() => {
    if (state.owed === owed) state.owed = null;
  });
  return owed;
}

/** Reads the whole index again beside the current one, which answers until the new one is in place. */
export function reloadBrowseIndex(db: Executor): Promise<void> {
  const state = states.get(db);
  if (!state || (!state.index && !state.loading)) return Promise.resolve();
  return queueCatchUp(db, state, true);
}

/** How this process keeps its index of `db`: the revision it holds, its full loads and its patches. */
export function browseIndexStats(db: Executor): { revision: number; loads: number; patches: number } | null {
  const state = states.get(db);
  if (!state?.index) return null;
  return { revision: state.index.revision, loads: state.loads, patches: state.patches };
}

/** Starts the first load of the database's index, unless it is loaded or loading. */
function startLoad(db: Executor, state: IndexState): Promise<LoadedIndex> {
  if (state.loading) return state.loading;
  state.checkedAt = Date.now();
  const loading = loggedLoad(db, state, 'load');
  state.loading = loading;
  loading.then(
    (index) => {
      state.loads += 1;
      if (state.loading !== loading) return;
      state.index = index;
      state.loading = null;
    },
    () => {
      if (state.loading === loading) state.loading = null;
    },
  );
  return loading;
}

/**
 * Starts loading the database's index as the server starts (browse answers from SQL until it is
 * ready); a failed load is tried again by the next browse.
 */
export function preloadBrowseIndex(db: Executor, log: IndexLog | null = null): void {
  const state = stateOf(db);
  state.log = log;
  if (!state.index) startLoad(db, state).catch(() => undefined);
}

/** Where an index's memory goes, in bytes (docs/performance.md, "Memory of the browse index"). */
export function browseIndexBytes(index: LoadedIndex): Record<string, number> {
  const { columns } = index;
  let orders = 0;
  for (const order of index.orders.values()) orders += order.positions.byteLength + order.rankOf.byteLength;
  let sets = 0;
  for (const kept of index.sets.values()) sets += kept.set.byteLength;
  let searches = 0;
  for (const search of index.searchesDone.values())
    searches +=
      search.ranked.byteLength +
      search.ranks.byteLength +
      search.member.byteLength +
      (search.order?.rankOf.byteLength ?? 0);
  return {
    columns: columns.bytes,
    slugsAndTitles: columns.slug.bytes + columns.title.bytes + columns.titleFr.bytes,
    orders,
    sets,
    searches,
    memoItems: index.memo.items.bytes,
    memoHighlights: index.memo.highlights.bytes,
  };
}

/** The loaded index of `db` in this process, if any (the memory bench reads its sizes). */
export function loadedBrowseIndex(db: Executor): LoadedIndex | null {
  return states.get(db)?.index ?? null;
}

/** Waits for the first load of the database's index (started now when not yet). */
export async function browseIndexLoaded(db: Executor): Promise<void> {
  const state = stateOf(db);
  if (!state.index) await startLoad(db, state);
}

/** Stops this process's loads and catch-ups of `db`'s index and waits for the one under way (server stop). */
export async function closeBrowseIndex(db: Executor): Promise<void> {
  const state = states.get(db);
  if (!state) return;
  state.closed = true;
  live.delete(state);
  await Promise.all([state.queue, state.loading?.catch(() => undefined)]);
}

/**
 * Starts a catch-up in the background when the last was more than `checkEveryMs` ago: every browse
 * request calls it, answered from a cached page or not (so another process's write reaches the pages).
 */
export function checkBrowseIndex(db: Executor): void {
  const state = states.get(db);
  if (state?.index && !state.stale && Date.now() - state.checkedAt > checkEveryMs)
    void queueCatchUp(db, state);
}

/**
 * The database's index once loaded, caught up with the database's writes: at once after a write of
 * this process, in the background every `checkEveryMs` otherwise. Null while the first load runs: the
 * caller then holds one of the SQL slots and must give it back (`sqlAnswers -= 1`) once answered.
 */
async function readyIndex(db: Executor): Promise<LoadedIndex | null> {
  const state = stateOf(db);
  if (!state.index) {
    const loading = startLoad(db, state);
    // A few requests at a time are answered by SQL; the others wait for the index (more SQL beside
    // its load only delays it), but not for long: then SQL answers them too (a failed load as well).
    // A null answer has taken its SQL slot here, before any await, so requests arriving together
    // cannot all see a free slot; the caller gives it back (`browsePage`).
    if (sqlAnswers < sqlAnswersAtOnce) {
      sqlAnswers += 1;
      return null;
    }
    const index = await within(loading, indexWaitMs);
    if (!index) sqlAnswers += 1;
    return index;
  }
  if (state.stale || !state.served) {
    state.served = true;
    await queueCatchUp(db, state);
  } else if (state.owed) await state.owed;
  else if (Date.now() - state.checkedAt > checkEveryMs) void queueCatchUp(db, state);
  return state.index;
}

/** The number of rows in every set of the conjunction (none: every visible row). */
function countOf(index: LoadedIndex, sets: Conjunction): number {
  if (sets.length === 0) return index.columns.live;
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

/** A row's text of measure as searched and highlighted (stored tags left out), and its French (null: none). */
export interface MeasureTexts {
  en: string;
  fr: string | null;
}

/** The texts as highlighted: the French null when not translated (blank). */
function measureTextsFrom(text: string | null | undefined, french: string | null | undefined): MeasureTexts {
  const fr = searchableText(french ?? null);
  return { en: searchableText(text ?? null), fr: fr.trim() === '' ? null : fr };
}

/**
 * Some rows' texts of measure in both languages, read by id: the index keeps none (41 MB at 100,000
 * rows), a page asks only for the rows whose highlights are not kept.
 */
async function measureTextsOf(db: Executor, ids: number[]): Promise<MeasureTexts[]> {
  const found = rowsOf<{ id: number; text: string | null; text_fr: string | null }>(
    await db.execute(
      sql`select r.id, r.text_of_measure as text, r.text_of_measure_fr as text_fr from restrictions r where r.id = any(string_to_array(${ids.join(',')}, ',')::int[])`,
    ),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.map((id) => measureTextsFrom(byId.get(id)?.text, byId.get(id)?.text_fr));
}

/** The list columns of a page as the SQL fallback reads them, with the text of measure. */
const pageColumns = sql.raw(
  'r.id, r.slug, r.title, r.title_fr, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.modes_of_supply, r.restrictiveness_indicator, r.year_introduced, r.status, r.updated_at, r.text_of_measure, r.text_of_measure_fr',
);

/**
 * One browse page read by PostgreSQL, while the index loads (a start): the same answer, the page and
 * the count in two statements, the highlights marked from the same texts.
 */
async function browsePageBySql(
  db: Executor,
  filters: RestrictionFilters,
  sort: string | undefined,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: RestrictionListRow[]; memo: BrowseMemo; search: PageSearch | null }> {
  const where = whereSql(filters);
  const order = orderSql(sort, Boolean(filters.q), filters.q);
  const [counted, page, lexemes] = await Promise.all([
    db.execute(sql`select count(*)::int as n from restrictions r where ${where}`),
    db.execute(
      sql`select ${pageColumns} from restrictions r where ${where} order by ${order} limit ${limit} offset ${offset}`,
    ),
    filters.q ? db.execute(searchLexemesSql(filters.q)) : Promise.resolve(null),
  ]);
  const found = rowsOf<
    RestrictionListRow & { text_of_measure: string | null; text_of_measure_fr: string | null }
  >(page);
  const texts = found.map((row) => measureTextsFrom(row.text_of_measure, row.text_of_measure_fr));
  const rows = found.map(({ text_of_measure: _text, text_of_measure_fr: _french, ...row }) => row);
  const measureTexts = async (places: number[]) => places.map((i) => texts[i]!);
  return {
    count: rowsOf<{ n: number }>(counted)[0]?.n ?? 0,
    rows,
    memo: emptyMemo(limit),
    search:
      lexemes === null
        ? null
        : {
            lexemes: searchLexemesOf(rowsOf<{ en: string | null; fr: string | null }>(lexemes)[0]),
            measureTexts,
          },
  };
}

/** What a searching page's highlights are marked from: the search's lexemes and its rows' texts. */
export interface PageSearch {
  lexemes: SearchLexemes;
  /** The texts of measure of some of the page's rows, by their place in it (only for highlights not kept). */
  measureTexts(places: number[]): Promise<MeasureTexts[]>;
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
  const index = await readyIndex(db);
  if (!index) {
    // The SQL slot was taken by readyIndex.
    try {
      return await browsePageBySql(db, filters, sort, limit, offset);
    } finally {
      sqlAnswers -= 1;
    }
  }
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
      measureTexts: (places: number[]) =>
        measureTextsOf(
          db,
          places.map((i) => rows[i]!.id),
        ),
    },
  };
}

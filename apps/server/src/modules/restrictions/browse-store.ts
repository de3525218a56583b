import type { TRestrictionSortField } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs } from '../../db/public-visibility.js';
import { entryOverhead, LruMap, stringBytes } from '../../lib/lru-map.js';
import type { RestrictionBaseRow, RestrictionListRow } from './restrictions.presenter.js';
import type { SearchLexemes } from './search-highlights.js';

/**
 * The browse index's storage (browse-index.ts answers from it, browse-patch.ts changes it in place):
 * the list columns of the restrictions in typed arrays, one position per restriction. Positions are
 * handed out in load order and never reused: a row that stops being visible keeps its position with
 * `visible` 0 (an unarchive brings it back there), a new one takes the next free position.
 */

export const none = 0;

/** A set of row positions, one bit per row (32 rows per word). */
export type RowSet = Uint32Array;

/** One chunk of a text column: its rows' UTF-8 bytes end to end, and where each row starts. */
interface TextChunk {
  first: number;
  buffer: Buffer;
  offsets: Uint32Array;
}

/**
 * Strings kept as UTF-8 outside the JavaScript heap, a buffer per chunk of rows as the load read them
 * (never copied into one: the copy would double the load's peak, and the freed chunks stay in the
 * process's resident memory); rows changed since the load in a map.
 */
export class TextColumn {
  private readonly changed = new Map<number, string>();

  constructor(private readonly chunks: TextChunk[]) {}

  static from(chunks: string[][]): TextColumn {
    const builder = new TextColumnBuilder();
    for (const chunk of chunks) builder.add(chunk);
    return builder.build();
  }

  at(position: number): string {
    const changed = this.changed.get(position);
    if (changed !== undefined) return changed;
    // The last chunk starting at or before the position.
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.chunks[middle]!.first <= position) low = middle;
      else high = middle - 1;
    }
    const chunk = this.chunks[low];
    const row = position - (chunk?.first ?? 0);
    if (!chunk || row < 0 || row + 1 >= chunk.offsets.length) return '';
    return chunk.buffer.toString('utf8', chunk.offsets[row], chunk.offsets[row + 1]);
  }

  set(position: number, text: string): void {
    this.changed.set(position, text);
  }

  /** Bytes of the buffers and their offsets (the texts changed since the load left out). */
  get bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.buffer.byteLength + chunk.offsets.byteLength, 0);
  }
}

/** A text column built a chunk at a time: each chunk's strings leave the heap as soon as it is added. */
export class TextColumnBuilder {
  private readonly chunks: TextChunk[] = [];
  private rows = 0;

  add(texts: string[]): void {
    const buffer = Buffer.from(texts.join(''));
    const offsets = new Uint32Array(texts.length + 1);
    texts.forEach((text, row) => (offsets[row + 1] = offsets[row]! + Buffer.byteLength(text)));
    this.chunks.push({ first: this.rows, buffer, offsets });
    this.rows += texts.length;
  }

  build(): TextColumn {
    return new TextColumn(this.chunks);
  }
}

/** Text values stored as small numbers (0 is "none"). */
export class Dictionary {
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

const numericColumns = {
  ids: Int32Array,
  sector: Int32Array,
  subSector: Int32Array,
  specificService: Int32Array,
  policy: Int32Array,
  country: Uint8Array,
  type: Uint8Array,
  modes: Uint8Array,
  modesList: Uint8Array,
  marketAccess: Uint8Array,
  nationalTreatment: Uint8Array,
  nonCompliance: Uint8Array,
  status: Uint8Array,
  visible: Uint8Array,
  year: Int16Array,
  indicator: Float64Array,
  updated: Float64Array,
  titleRank: Int32Array,
} as const;

type NumericColumn = keyof typeof numericColumns;

/** The rows' list columns, one typed array per column, with room for `capacity` rows. */
export class Columns {
  /** Positions handed out (visible or not). */
  size = 0;
  /** Visible rows. */
  live = 0;
  capacity = 0;
  ids = new Int32Array(0);
  sector = new Int32Array(0);
  subSector = new Int32Array(0);
  specificService = new Int32Array(0);
  policy = new Int32Array(0);
  country = new Uint8Array(0);
  type = new Uint8Array(0);
  /** The modes as bits (mode_1 = 1 ... mode_4 = 8). */
  modes = new Uint8Array(0);
  /** The modes as stored (their order kept), a code of the `modes` dictionary. */
  modesList = new Uint8Array(0);
  marketAccess = new Uint8Array(0);
  nationalTreatment = new Uint8Array(0);
  nonCompliance = new Uint8Array(0);
  status = new Uint8Array(0);
  /** 1 when the row is listed (not archived, not deleted, active). */
  visible = new Uint8Array(0);
  /** 0 when unknown. */
  year = new Int16Array(0);
  /** NaN when unknown. */
  indicator = new Float64Array(0);
  updated = new Float64Array(0);
  /** Position of each visible row in `order by title, id` (PostgreSQL's collation, not JavaScript's). */
  titleRank = new Int32Array(0);
  /** Slugs and titles, outside the heap (they are read for a page's rows only). */
  slug: TextColumn = TextColumn.from([]);
  title: TextColumn = TextColumn.from([]);
  /** French titles ('' when not translated). */
  titleFr: TextColumn = TextColumn.from([]);
  /** Each id's position + 1 (0: not in the index). */
  private positions = new Int32Array(0);

  /** The position of an id, or -1. */
  positionOf(id: number): number {
    return id < this.positions.length ? this.positions[id]! - 1 : -1;
  }

  /** A new position for `id` (growing the columns when full; the caller then resizes its row sets). */
  add(id: number): number {
    if (this.size === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    if (id >= this.positions.length) {
      const positions = new Int32Array(Math.max(id + 1, this.positions.length * 2, 1024));
      positions.set(this.positions);
      this.positions = positions;
    }
    const position = this.size;
    this.size += 1;
    this.ids[position] = id;
    this.positions[id] = position + 1;
    return position;
  }

  private grow(capacity: number): void {
    for (const name of Object.keys(numericColumns) as NumericColumn[]) {
      const grown = new numericColumns[name](capacity);
      grown.set(this[name]);
      (this as Record<NumericColumn, ArrayLike<number>>)[name] = grown;
    }
    this.capacity = capacity;
  }

  /** Words of a row set over every position the columns have room for. */
  get words(): number {
    return (this.capacity + 31) >>> 5;
  }

  /** Memory of the columns, in bytes (the texts of measure included). */
  get bytes(): number {
    let bytes = this.positions.byteLength;
    for (const name of Object.keys(numericColumns) as NumericColumn[]) bytes += this[name].byteLength;
    return bytes;
  }
}

export interface SearchMatches {
  /** The search text as asked (its key is in lower case). */
  q: string;
  /** Row positions in relevance order (`ts_rank desc, id asc`). */
  ranked: Int32Array;
  /** Each ranked row's `ts_rank` (a float4, as PostgreSQL compares them). */
  ranks: Float32Array;
  /** The matching rows. */
  member: RowSet;
  /** `ranked` with each member's place in it, built when a page first needs it. */
  order?: SortOrder;
  /** What its highlights mark. */
  lexemes: SearchLexemes;
}

/** Rows in one order, and each one's place in it (the inverse permutation; for a search, of its members). */
export interface SortOrder {
  positions: Int32Array;
  rankOf: Int32Array;
}

/** A row set kept with the index, and the test of its rows (to patch it when a row changes). */
export interface KeptSet {
  set: RowSet;
  test: (position: number) => boolean;
}

export type DictionaryName = 'country' | 'type' | 'nonCompliance' | 'status' | 'modes';

export interface LoadedIndex {
  columns: Columns;
  /** The restrictions' revision (migration 0006) the index holds every change up to. */
  revision: number;
  dictionaries: Record<DictionaryName, Dictionary>;
  orders: Map<string, SortOrder>;
  searches: Map<string, Promise<SearchMatches>>;
  /** The searches whose matches have come (the ones a change patches). */
  searchesDone: Map<string, SearchMatches>;
  /** Row sets per filter value, built on first use. */
  sets: Map<string, KeptSet>;
  memo: BrowseMemo;
}

/**
 * What the browse list keeps beside the index, valid as long as its rows are (a change forgets its
 * rows' entries): the page rows' JSON by id and the search highlights by id and search, each bounded.
 */
export interface BrowseMemo {
  /** Each row as its list item's JSON (no highlight), with the reference lists that named it. */
  items: LruMap<number, { reference: object; json: string }>;
  /** Each row's highlights' JSON by search text. */
  highlights: LruMap<number, Map<string, string>>;
}

const memoRows = 20_000;
/** Each memo's bytes at most (a list item's JSON is 0.6-1 KB, a row's highlights up to 4 of 0.3-2 KB). */
const memoBytes = 8 << 20;

/** An empty memo of list items and highlights, bounded in rows and bytes. */
export function emptyMemo(rows = memoRows): BrowseMemo {
  return {
    items: new LruMap(rows, { maxBytes: memoBytes, weigh: (item) => stringBytes(item.json) }),
    highlights: new LruMap(rows, {
      maxBytes: memoBytes,
      weigh: (byRow) => {
        let bytes = 0;
        for (const [key, json] of byRow) bytes += stringBytes(key) + stringBytes(json) + entryOverhead;
        return bytes;
      },
    }),
  };
}

/** A row as the index reads it: the shared columns and the update time in ms. */
export interface Row extends RestrictionBaseRow {
  updated_ms: number | string;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** A restriction is listed when its public-visibility rule (db/public-visibility.ts) holds. */
export const visibleSql = (alias: string) => publicAs('restriction', alias);
export const modeBits: Record<string, number> = { mode_1: 1, mode_2: 2, mode_3: 4, mode_4: 8 };
/** The columns of a row as the index reads them. */
export const rowColumns =
  sql.raw(`r.id, r.slug, r.title, r.title_fr, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id,
  r.policy_id, r.restriction_type, r.modes_of_supply, r.market_access, r.national_treatment,
  r.non_compliance_type, r.status, r.year_introduced, r.restrictiveness_indicator,
  (extract(epoch from r.updated_at) * 1000)::float8 as updated_ms`);

/** Writes a row's values at `p` (its slug and title too unless `withText` is false). */
export function setRow(index: LoadedIndex, p: number, row: Row, withText = true): void {
  const { columns: c, dictionaries: d } = index;
  c.country[p] = d.country.code(row.country_code);
  c.sector[p] = row.sector_id;
  c.subSector[p] = row.sub_sector_id ?? none;
  c.specificService[p] = row.specific_service_id ?? none;
  c.policy[p] = row.policy_id ?? none;
  c.type[p] = d.type.code(row.restriction_type);
  c.modes[p] = row.modes_of_supply.reduce((bits, mode) => bits | (modeBits[mode] ?? 0), 0);
  c.modesList[p] = d.modes.code(row.modes_of_supply.join(','));
  c.marketAccess[p] = row.market_access === 'yes' ? 1 : 0;
  c.nationalTreatment[p] = row.national_treatment === 'yes' ? 1 : 0;
  c.nonCompliance[p] = d.nonCompliance.code(row.non_compliance_type);
  c.status[p] = d.status.code(row.status);
  c.year[p] = row.year_introduced ?? 0;
  c.indicator[p] = row.restrictiveness_indicator ?? Number.NaN;
  c.updated[p] = Number(row.updated_ms);
  if (!withText) return;
  c.slug.set(p, row.slug);
  c.title.set(p, row.title);
  c.titleFr.set(p, row.title_fr ?? '');
}

/**
 * The restrictions' revision: a trigger moves it on at each committed write (migration 0006), and
 * each written row's id is kept in `restriction_changes` with it (migration 0007).
 */
export async function revisionOf(db: Executor): Promise<number> {
  const [row] = rowsOf<{ revision: string }>(
    await db.execute(sql`select revision::text as revision from restrictions_revision`),
  );
  return Number(row?.revision ?? 0);
}

// Small chunks: a chunk's rows are the load's peak of heap (a reload runs beside a serving index).
const loadChunk = 2_000;

/** Reads the visible rows in id order, a chunk at a time (the memory of a million rows stays bounded). */
async function* visibleRows(db: Executor): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<Row>(
      await db.execute(
        sql`select ${rowColumns} from restrictions r where ${visibleSql('r')} and r.id > ${after} order by r.id limit ${loadChunk}`,
      ),
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

/** An index with no rows yet. */
export function emptyIndex(revision: number): LoadedIndex {
  return {
    columns: new Columns(),
    revision,
    dictionaries: {
      country: new Dictionary(),
      type: new Dictionary(),
      nonCompliance: new Dictionary(),
      status: new Dictionary(),
      modes: new Dictionary(),
    },
    orders: new Map(),
    searches: new Map(),
    searchesDone: new Map(),
    sets: new Map(),
    memo: emptyMemo(),
  };
}

/**
 * Reads every visible row into a new index. The revision is read first: a write committed while the
 * chunks are read has a later one, so the next catch-up (browse-patch.ts) reads its rows again.
 */
export async function loadIndex(db: Executor, stopped: () => boolean = () => false): Promise<LoadedIndex> {
  const index = emptyIndex(await revisionOf(db));
  const { columns } = index;
  const slugs = new TextColumnBuilder();
  const titles = new TextColumnBuilder();
  const frenchTitles = new TextColumnBuilder();
  for await (const rows of visibleRows(db)) {
    // The server stops: the rest is not read (its database closes next).
    if (stopped()) throw new Error('the browse index load was stopped');
    slugs.add(rows.map((row) => row.slug));
    titles.add(rows.map((row) => row.title));
    frenchTitles.add(rows.map((row) => row.title_fr ?? ''));
    for (const row of rows) {
      const p = columns.add(row.id);
      setRow(index, p, row, false);
      columns.visible[p] = 1;
    }
  }
  columns.live = columns.size;
  columns.slug = slugs.build();
  columns.title = titles.build();
  columns.titleFr = frenchTitles.build();
  // PostgreSQL's collation orders titles, not JavaScript's: its order, as ids only.
  const titleOrder = rowsOf<{ id: number }>(
    await db.execute(sql`select r.id from restrictions r where ${visibleSql('r')} order by r.title, r.id`),
  );
  const positions: number[] = [];
  const placed = new Uint8Array(columns.size);
  for (const { id } of titleOrder) {
    const p = columns.positionOf(id);
    if (p < 0 || placed[p]) continue;
    placed[p] = 1;
    positions.push(p);
  }
  // A row read in the chunks but gone from the title order since ranks last until the catch-up.
  for (let p = 0; p < columns.size; p += 1) if (!placed[p]) positions.push(p);
  const title = orderOf(columns, Int32Array.from(positions));
  columns.titleRank.set(title.rankOf);
  index.orders.set('title', title);
  return index;
}

/** A sort order from its positions. */
export function orderOf(columns: Columns, positions: Int32Array): SortOrder {
  const rankOf = new Int32Array(columns.capacity);
  for (let rank = 0; rank < positions.length; rank += 1) rankOf[positions[rank]!] = rank;
  return { positions, rankOf };
}

/** Compares two row positions by one sort field: `order by field [desc] nulls last, id [desc]`. */
export function comparer(index: LoadedIndex, field: TRestrictionSortField, descending: boolean) {
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

/** The comparer of a sort key (`title`, `-updated` ...). */
export function comparerOf(index: LoadedIndex, key: string) {
  return comparer(index, key.replace(/^-/, '') as TRestrictionSortField, key.startsWith('-'));
}

/** The browse columns of the row at `position`, as the list query would select them. */
export function listRowAt(index: LoadedIndex, p: number): RestrictionListRow {
  const { columns, dictionaries } = index;
  const optional = (value: number) => (value === none ? null : value);
  const modes = dictionaries.modes.values[columns.modesList[p]!]!;
  const indicator = columns.indicator[p]!;
  return {
    id: columns.ids[p]!,
    slug: columns.slug.at(p),
    title: columns.title.at(p),
    title_fr: columns.titleFr.at(p) || null,
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

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  comparerOf,
  orderOf,
  rowColumns,
  type SortOrder,
  rowsOf,
  setRow,
  visibleSql,
  type LoadedIndex,
  type Row,
} from './browse-store.js';

/**
 * Brings a loaded browse index up to the database's current revision in place (issue 35): the ids
 * written since its revision come from `restriction_changes` (a deferred trigger keeps each written
 * row's id with the revision of its transaction, migration 0007), their rows are read again, and
 * each kept structure is patched for those rows only: the columns, every sort order (the title's
 * place asked of PostgreSQL, whose collation orders titles), the filter sets and the kept searches'
 * matches and ranks. Every read is one REPEATABLE READ snapshot, so the patch is exactly the
 * database at one revision; then it is applied synchronously, and no request sees half of it.
 */

/** More changed rows than this: a full load (in the background) costs less than the patch. */
export const maxPatchRows = 20_000;

interface ChangedRow extends Row {
  visible: boolean;
}

/** What a catch-up reads, at one snapshot of the database. */
export interface Changes {
  revision: number;
  /** The written rows still in the table, visible or not. */
  rows: ChangedRow[];
  /** Written ids no longer in the table (purged). */
  gone: number[];
  /** The written visible rows in title order, each with the unwritten visible row before it (null: first). */
  titlePlaces: { id: number; after: number | null }[];
  /** Per kept search (its key): the written visible rows it matches, with their rank. */
  searchRanks: Map<string, { id: number; rank: number }[]>;
}

/** Nothing to do, a full load needed (too many rows written, or a truncate), or the changes. */
export type CatchUp =
  { kind: 'current' } | { kind: 'reload'; revision: number } | { kind: 'patch'; changes: Changes };

/**
 * Reads what was written since `index.revision`, at one snapshot: one statement (a statement sees one
 * snapshot), so a catch-up is one round trip to the database, found changes or not (the browse answers
 * that wait for it wait one round trip, not seven).
 */
export async function readChanges(db: Executor, index: LoadedIndex): Promise<CatchUp> {
  const searches = [...index.searchesDone].map(([key, search]) => ({ key, q: search.q }));
  const [head] = rowsOf<{
    revision: string;
    ids: number[];
    rows: ChangedRow[];
    places: [number, number | null][];
    ranks: [number, number, number][];
  }>(
    await db.execute(sql`select v.revision::text as revision, h.ids,
        (select coalesce(json_agg(w), '[]') from (select ${rowColumns}, (${visibleSql('r')}) as visible
          from restrictions r where r.id = any(h.todo)) w) as rows,
        (select coalesce(json_agg(json_build_array(c.id, (select p.id from restrictions p
            where ${visibleSql('p')} and p.id <> all(h.todo) and (p.title, p.id) < (c.title, c.id)
            order by p.title desc, p.id desc limit 1)) order by c.title, c.id), '[]')
          from restrictions c where c.id = any(h.todo) and ${visibleSql('c')}) as places,
        (select coalesce(json_agg(json_build_array(s.i, r.id, ts_rank(r.search, s.query))), '[]')
          from (select i, (websearch_to_tsquery('english', q) || websearch_to_tsquery('french', q)) as query
            from json_array_elements_text(${JSON.stringify(searches.map((search) => search.q))}::json)
            with ordinality as t(q, i)) s
          join restrictions r on r.id = any(h.todo) and ${visibleSql('r')} and r.search @@ s.query) as ranks
      from restrictions_revision v
      cross join lateral (select array(select c.restriction_id from restriction_changes c
        where c.revision > ${index.revision} order by c.restriction_id limit ${maxPatchRows + 1})::int[] as ids) k
      cross join lateral (select k.ids,
        case when cardinality(k.ids) > ${maxPatchRows} or 0 = any(k.ids) then '{}'::int[] else k.ids end as todo) h`),
  );
  const revision = Number(head?.revision ?? 0);
  const ids = (head?.ids ?? []).map(Number);
  if (revision === index.revision) return { kind: 'current' };
  // Id 0 stands for a truncate.
  if (ids.length > maxPatchRows || ids.includes(0)) return { kind: 'reload', revision };
  const rows = head?.rows ?? [];
  const present = new Set(rows.map((row) => row.id));
  const searchRanks = new Map<string, { id: number; rank: number }[]>(searches.map(({ key }) => [key, []]));
  for (const [i, id, rank] of head?.ranks ?? [])
    searchRanks.get(searches[Number(i) - 1]!.key)!.push({ id: Number(id), rank: Number(rank) });
  return {
    kind: 'patch',
    changes: {
      revision,
      rows,
      gone: ids.filter((id) => !present.has(id)),
      titlePlaces: (head?.places ?? []).map(([id, after]) => ({
        id: Number(id),
        after: after === null ? null : Number(after),
      })),
      searchRanks,
    },
  };
}

/**
 * `kept` without the changed positions, with `added` (sorted by `compare`) merged in: one pass, no
 * allocation but the result (a patch runs while browse requests wait for it).
 */
function remerge(
  kept: Int32Array,
  isChanged: Uint8Array,
  added: number[],
  compare: (a: number, b: number) => number,
): Int32Array {
  let left = 0;
  for (let i = 0; i < kept.length; i += 1) if (isChanged[kept[i]!] === 0) left += 1;
  const out = new Int32Array(left + added.length);
  let j = 0;
  let n = 0;
  for (let i = 0; i < kept.length; i += 1) {
    const p = kept[i]!;
    if (isChanged[p] !== 0) continue;
    while (j < added.length && compare(added[j]!, p) < 0) out[n++] = added[j++]!;
    out[n++] = p;
  }
  while (j < added.length) out[n++] = added[j++]!;
  return out;
}

/**
 * Whether an order stays sorted with the written rows where they were: each was and is listed (or
 * neither) and is in order with its neighbours (every other pair of neighbours kept its values).
 */
function staysInPlace(
  order: SortOrder,
  changed: number[],
  wasVisible: boolean[],
  visible: Uint8Array,
  compare: (a: number, b: number) => number,
): boolean {
  const { positions, rankOf } = order;
  for (let k = 0; k < changed.length; k += 1) {
    const p = changed[k]!;
    const listed = visible[p] === 1;
    if (wasVisible[k] !== listed) return false;
    if (!listed) continue;
    const r = rankOf[p]!;
    if (positions[r] !== p) return false;
    if (r > 0 && compare(positions[r - 1]!, p) >= 0) return false;
    if (r + 1 < positions.length && compare(p, positions[r + 1]!) >= 0) return false;
  }
  return true;
}

/**
 * Whether the title order is already the patched one: the same rows listed, and after each unwritten
 * row PostgreSQL names (-1: the start) come exactly its written rows, in its order, then an unwritten one.
 */
function titleStaysInPlace(
  title: SortOrder,
  places: { after: number; group: number[] }[],
  changed: number[],
  wasVisible: boolean[],
  visible: Uint8Array,
  isChanged: Uint8Array,
): boolean {
  for (let k = 0; k < changed.length; k += 1)
    if (wasVisible[k] !== (visible[changed[k]!] === 1)) return false;
  const { positions, rankOf } = title;
  for (const { after, group } of places) {
    let r = after < 0 ? 0 : rankOf[after]! + 1;
    if (after >= 0 && positions[r - 1] !== after) return false;
    for (const p of group) if (positions[r++] !== p) return false;
    if (r < positions.length && isChanged[positions[r]!] === 1) return false;
  }
  return true;
}

/**
 * Applies changes read by `readChanges` to the index, synchronously. Throws when the index and the
 * changes disagree (then the caller loads the index again).
 */
export function applyChanges(index: LoadedIndex, changes: Changes): number[] {
  const { columns, dictionaries, memo } = index;
  const capacity = columns.capacity;
  const dictionarySizes = Object.values(dictionaries).map((d) => d.values.length);
  const changedIds: number[] = [];
  const changed: number[] = [];
  /** Whether each changed row was listed before the patch. */
  const wasVisible: boolean[] = [];
  const touch = (p: number, visible: boolean) => {
    wasVisible.push(columns.visible[p] === 1);
    if (columns.visible[p]) columns.live -= 1;
    columns.visible[p] = visible ? 1 : 0;
    if (visible) columns.live += 1;
    changed.push(p);
    changedIds.push(columns.ids[p]!);
  };
  for (const row of changes.rows) {
    let p = columns.positionOf(row.id);
    if (p < 0) {
      if (!row.visible) continue;
      p = columns.add(row.id);
    }
    setRow(index, p, row);
    touch(p, row.visible);
  }
  for (const id of changes.gone) {
    const p = columns.positionOf(id);
    if (p >= 0) touch(p, false);
  }
  const isChanged = new Uint8Array(columns.capacity);
  for (const p of changed) isChanged[p] = 1;
  const grown = columns.capacity !== capacity;

  // The title order: each written row after the unwritten row PostgreSQL puts before it.
  const title = index.orders.get('title');
  if (!title) throw new Error('no title order');
  const groups = new Map<number, number[]>();
  for (const { id, after } of changes.titlePlaces) {
    const p = columns.positionOf(id);
    const a = after === null ? -1 : columns.positionOf(after);
    if (p < 0 || (after !== null && a < 0)) throw new Error('a title place names a row the index lacks');
    let group = groups.get(a);
    if (!group) groups.set(a, (group = []));
    group.push(p);
  }
  // Most writes leave every row where it was in most orders (an edit's title keeps its place, its
  // country and year do not change): then the order is kept as it is, checked in O(written rows).
  const places = [...groups].map(([after, group]) => ({ after, group }));
  if (!titleStaysInPlace(title, places, changed, wasVisible, columns.visible, isChanged)) {
    const titleOrder = new Int32Array(columns.live);
    let n = 0;
    const hasGroup = new Uint8Array(columns.capacity);
    for (const a of groups.keys()) if (a >= 0) hasGroup[a] = 1;
    const place = (a: number) => {
      for (const p of groups.get(a) ?? []) titleOrder[n++] = p;
    };
    place(-1);
    const titlePositions = title.positions;
    for (let i = 0; i < titlePositions.length; i += 1) {
      const p = titlePositions[i]!;
      if (isChanged[p]) continue;
      if (n >= titleOrder.length) throw new Error('the title order is out of step');
      titleOrder[n++] = p;
      if (hasGroup[p]) place(p);
    }
    if (n !== columns.live) throw new Error('the title order is out of step');
    const titleRank = orderOf(columns, titleOrder);
    columns.titleRank.set(titleRank.rankOf);
    index.orders.set('title', titleRank);
  }

  // The other orders: the written rows sorted, merged into the others (unless all stay in place).
  const shown = changed.filter((p) => columns.visible[p] === 1);
  for (const [key, order] of index.orders) {
    if (key === 'title') continue;
    const compare = comparerOf(index, key);
    if (staysInPlace(order, changed, wasVisible, columns.visible, compare)) continue;
    index.orders.set(
      key,
      orderOf(columns, remerge(order.positions, isChanged, [...shown].sort(compare), compare)),
    );
  }

  // Filter sets: each kept set's bit of each written row tested again; a new column value or more
  // rows than the sets have room for forgets them all (they are built again on use).
  const newValues = Object.values(dictionaries).some((d, i) => d.values.length !== dictionarySizes[i]);
  if (grown || newValues) index.sets.clear();
  else {
    for (const { set, test } of index.sets.values()) {
      for (const p of changed) {
        const bit = 1 << (p & 31);
        if (columns.visible[p] === 1 && test(p)) set[p >>> 5]! |= bit;
        else set[p >>> 5]! &= ~bit;
      }
    }
  }

  // Searches: the written rows out of each kept one's matches, the matching ones back at their rank.
  for (const key of [...index.searches.keys()]) {
    if (changes.searchRanks.has(key) && index.searchesDone.has(key)) continue;
    // Asked for after the snapshot was read: its matches may predate it.
    index.searches.delete(key);
    index.searchesDone.delete(key);
  }
  const ids = columns.ids;
  for (const [key, found] of changes.searchRanks) {
    const search = index.searchesDone.get(key);
    if (!search) continue;
    // No written row matched before or matches now: the search is as it was.
    if (found.length === 0 && changed.every((p) => (search.member[p >>> 5]! & (1 << (p & 31))) === 0))
      continue;
    const member = new Uint32Array(columns.words);
    member.set(search.member);
    for (const p of changed) member[p >>> 5]! &= ~(1 << (p & 31));
    // The matching written rows by rank (as PostgreSQL compares float4 ranks), ties by id.
    const added: { p: number; rank: number }[] = [];
    for (const { id, rank } of found) {
      const p = columns.positionOf(id);
      if (p < 0) continue;
      added.push({ p, rank: Math.fround(rank) });
      member[p >>> 5]! |= 1 << (p & 31);
    }
    added.sort((a, b) => b.rank - a.rank || ids[a.p]! - ids[b.p]!);
    const { ranked: keptRanked, ranks: keptRanks } = search;
    let left = 0;
    for (let i = 0; i < keptRanked.length; i += 1) if (isChanged[keptRanked[i]!] === 0) left += 1;
    const ranked = new Int32Array(left + added.length);
    const ranks = new Float32Array(left + added.length);
    let j = 0;
    let n = 0;
    for (let i = 0; i < keptRanked.length; i += 1) {
      const p = keptRanked[i]!;
      if (isChanged[p] !== 0) continue;
      const rank = keptRanks[i]!;
      // A written row goes first when it ranks higher, or ties with a lower id.
      while (
        j < added.length &&
        (added[j]!.rank > rank || (added[j]!.rank === rank && ids[added[j]!.p]! < ids[p]!))
      ) {
        ranked[n] = added[j]!.p;
        ranks[n++] = added[j++]!.rank;
      }
      ranked[n] = p;
      ranks[n++] = rank;
    }
    for (; j < added.length; j += 1) {
      ranked[n] = added[j]!.p;
      ranks[n++] = added[j]!.rank;
    }
    search.ranked = ranked;
    search.ranks = ranks;
    search.member = member;
    search.order = undefined;
  }

  for (const id of changedIds) {
    memo.items.delete(id);
    memo.highlights.delete(id);
  }
  index.revision = changes.revision;
  return changedIds;
}

/** Reads and applies the changes since the index's revision; false when a full load is needed instead. */
export async function catchUp(db: Executor, index: LoadedIndex): Promise<'current' | 'patched' | 'reload'> {
  const read = await readChanges(db, index);
  if (read.kind !== 'patch') return read.kind;
  // Another catch-up may have applied this revision meanwhile.
  if (read.changes.revision <= index.revision) return 'current';
  applyChanges(index, read.changes);
  return 'patched';
}

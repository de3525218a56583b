import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  comparerOf,
  orderOf,
  revisionOf,
  rowColumns,
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

const idList = (ids: number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/** Reads what was written since `index.revision`, at one snapshot. */
export async function readChanges(db: Executor, index: LoadedIndex): Promise<CatchUp> {
  // One cheap row first: most checks find nothing new.
  if ((await revisionOf(db)) === index.revision) return { kind: 'current' };
  const searches = [...index.searchesDone].map(([key, search]) => ({ key, q: search.q }));
  return db.transaction(
    async (tx) => {
      const [head] = rowsOf<{ revision: string; ids: number[] }>(
        await tx.execute(sql`select v.revision::text as revision, array(select c.restriction_id
            from restriction_changes c where c.revision > ${index.revision}
            order by c.restriction_id limit ${maxPatchRows + 1}) as ids from restrictions_revision v`),
      );
      const revision = Number(head?.revision ?? 0);
      const ids = (head?.ids ?? []).map(Number);
      if (revision === index.revision) return { kind: 'current' } as const;
      // Id 0 stands for a truncate.
      if (ids.length > maxPatchRows || ids.includes(0)) return { kind: 'reload', revision } as const;
      const list = idList(ids);
      const rows = rowsOf<ChangedRow>(
        await tx.execute(
          sql`select ${rowColumns}, (${visibleSql('r')}) as visible from restrictions r where r.id = any(${list})`,
        ),
      );
      const present = new Set(rows.map((row) => row.id));
      const titlePlaces = rowsOf<{ id: number; after: number | null }>(
        await tx.execute(sql`select c.id, (select p.id from restrictions p
            where ${visibleSql('p')} and p.id <> all(${list}) and (p.title, p.id) < (c.title, c.id)
            order by p.title desc, p.id desc limit 1) as after
          from restrictions c where c.id = any(${list}) and ${visibleSql('c')} order by c.title, c.id`),
      );
      const searchRanks = new Map<string, { id: number; rank: number }[]>(
        searches.map(({ key }) => [key, []]),
      );
      if (searches.length > 0 && rows.some((row) => row.visible)) {
        const found = rowsOf<{ i: number; id: number; rank: number }>(
          await tx.execute(sql`select s.i::int as i, r.id, ts_rank(r.search, s.query) as rank
            from (select i, (websearch_to_tsquery('english', q) || websearch_to_tsquery('french', q)) as query
              from json_array_elements_text(${JSON.stringify(searches.map((s) => s.q))}::json)
              with ordinality as t(q, i)) s
            join restrictions r on r.id = any(${list}) and ${visibleSql('r')} and r.search @@ s.query`),
        );
        for (const { i, id, rank } of found)
          searchRanks.get(searches[Number(i) - 1]!.key)!.push({ id, rank: Number(rank) });
      }
      return {
        kind: 'patch',
        changes: {
          revision,
          rows,
          gone: ids.filter((id) => !present.has(id)),
          titlePlaces: titlePlaces.map(({ id, after }) => ({
            id,
            after: after === null ? null : Number(after),
          })),
          searchRanks,
        },
      } as const;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Merges two position lists each sorted by `compare`. */
function merge(kept: Int32Array, added: number[], compare: (a: number, b: number) => number): Int32Array {
  const out = new Int32Array(kept.length + added.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < kept.length && j < added.length)
    out[n++] = compare(kept[i]!, added[j]!) <= 0 ? kept[i++]! : added[j++]!;
  while (i < kept.length) out[n++] = kept[i++]!;
  while (j < added.length) out[n++] = added[j++]!;
  return out;
}

/** `positions` without the changed ones. */
function without(positions: Int32Array, changed: Uint8Array): Int32Array {
  return positions.filter((p) => changed[p] === 0);
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
  const touch = (p: number, visible: boolean) => {
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
  const titleOrder = new Int32Array(columns.live);
  let n = 0;
  const place = (a: number) => {
    for (const p of groups.get(a) ?? []) titleOrder[n++] = p;
  };
  place(-1);
  for (const p of title.positions) {
    if (isChanged[p]) continue;
    if (n >= titleOrder.length) throw new Error('the title order is out of step');
    titleOrder[n++] = p;
    place(p);
  }
  if (n !== columns.live) throw new Error('the title order is out of step');
  const titleRank = orderOf(columns, titleOrder);
  columns.titleRank.set(titleRank.rankOf);
  index.orders.set('title', titleRank);

  // The other orders: the written rows sorted, merged into the others.
  const shown = changed.filter((p) => columns.visible[p] === 1);
  for (const [key, order] of index.orders) {
    if (key === 'title') continue;
    const compare = comparerOf(index, key);
    const merged = merge(without(order.positions, isChanged), [...shown].sort(compare), compare);
    index.orders.set(key, orderOf(columns, merged));
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
  for (const [key, found] of changes.searchRanks) {
    const search = index.searchesDone.get(key);
    if (!search) continue;
    const member = new Uint32Array(columns.words);
    member.set(search.member);
    for (const p of changed) member[p >>> 5]! &= ~(1 << (p & 31));
    const rankAt = new Map<number, number>();
    search.ranked.forEach((p, i) => rankAt.set(p, search.ranks[i]!));
    for (const { id, rank } of found) {
      const p = columns.positionOf(id);
      if (p < 0) continue;
      rankAt.set(p, Math.fround(rank));
      member[p >>> 5]! |= 1 << (p & 31);
    }
    const byRank = (a: number, b: number) =>
      rankAt.get(b)! - rankAt.get(a)! || columns.ids[a]! - columns.ids[b]!;
    const added = found.map(({ id }) => columns.positionOf(id)).filter((p) => p >= 0);
    const ranked = merge(without(search.ranked, isChanged), added.sort(byRank), byRank);
    search.ranked = ranked;
    search.ranks = Float32Array.from(ranked, (p) => rankAt.get(p)!);
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

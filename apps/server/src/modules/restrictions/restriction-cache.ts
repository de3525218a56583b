import type { Executor } from '../../db/client.js';
import { entryOverhead } from '../../lib/lru-map.js';
import { catchUpBrowseIndex, markBrowseIndexesStale, onBrowseIndexChange } from './browse-index.js';

/** A cache's bound in bytes of values, as `weigh` counts them. */
export interface ByteBudget<V> {
  maxBytes: number;
  weigh: (value: V) => number;
}

/** A small map with a time to live, bounded in entries and bytes (oldest entries leave first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V; bytes: number }>();
  /** Moved on by each clear: a value loaded before it is not kept. */
  private generation = 0;
  private total = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly budget: ByteBudget<V> | null = null,
  ) {
    registry.add(this);
  }

  /** The cached value, or the one `load` gives (kept unless it fails or the cache was cleared meanwhile). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at <= this.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation !== this.generation) return value;
    const bytes = (this.budget?.weigh(value) ?? 0) + entryOverhead;
    const maxBytes = this.budget?.maxBytes ?? Number.POSITIVE_INFINITY;
    // A value bigger than the whole budget is answered, not kept.
    if (bytes > maxBytes) return value;
    this.remove(key);
    while (this.entries.size >= this.maxEntries || this.total + bytes > maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(key, { at: now, value, bytes });
    this.total += bytes;
    return value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
    this.generation += 1;
  }

  /** Entries kept and the bytes their values weigh. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }
}

const registry = new Set<{ clear(): void; readonly usage: { entries: number; bytes: number } }>();

/** Entries and bytes kept by every cache of this process (pages, details, sector lists). */
export function cachesUsage(): { entries: number; bytes: number } {
  let entries = 0;
  let bytes = 0;
  for (const cache of registry) {
    entries += cache.usage.entries;
    bytes += cache.usage.bytes;
  }
  return { entries, bytes };
}

const clearCaches = () => {
  for (const cache of registry) cache.clear();
};
// Another process's write patched into the browse index: the pages built before it go.
onBrowseIndexChange(clearCaches);

/**
 * Forgets every cached browse page, count, detail and sector count of this process, and makes the
 * browse index catch up with the database before its next answer. Every write to restrictions,
 * updates, commitments or sectors calls it (or `restrictionsWritten`); other processes catch up
 * within a few seconds (browse-index.ts).
 */
export function invalidateRestrictionCaches(): void {
  clearCaches();
  markBrowseIndexesStale();
}

/**
 * After a committed write to restrictions: the caches dropped and the browse index of `db` patched
 * with the written rows (issue 35). The patch starts now and every browse answer of this process waits
 * for it, so the writer's next browse shows its rows; the write's own answer does not wait (under
 * browse load the patch's statements would add their round trips to every edit).
 */
export async function restrictionsWritten(db: Executor): Promise<void> {
  invalidateRestrictionCaches();
  void catchUpBrowseIndex(db);
}

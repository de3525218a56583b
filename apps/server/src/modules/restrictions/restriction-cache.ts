import type { Executor } from '../../db/client.js';
import { catchUpBrowseIndex, markBrowseIndexesStale, onBrowseIndexChange } from './browse-index.js';

/** A small map with a time to live and a size bound (oldest entries leave first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  /** Moved on by each clear: a value loaded before it is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
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
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: now, value });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }
}

const registry = new Set<TtlCache<unknown>>();

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
 * with the written rows before the writer answers (issue 35), so the writer's next browse shows them.
 */
export async function restrictionsWritten(db: Executor): Promise<void> {
  invalidateRestrictionCaches();
  await catchUpBrowseIndex(db);
}

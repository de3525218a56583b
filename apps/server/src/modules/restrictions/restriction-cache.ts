import { dropBrowseIndexes } from './browse-index.js';

/** A small map with a time to live and a size bound (oldest entries leave first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    registry.add(this);
  }

  /** The cached value, or the one `load` gives (kept unless it fails). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at <= this.ttlMs) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: now, value });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const registry = new Set<TtlCache<unknown>>();

/**
 * Forgets every cached browse page, count, detail and sector count of this process. Every write to
 * restrictions, updates, commitments or sectors calls it (the PATCH here, the admin screens later);
 * other instances catch up within the cache's time to live (30 s).
 */
export function invalidateRestrictionCaches(): void {
  for (const cache of registry) cache.clear();
  dropBrowseIndexes();
}

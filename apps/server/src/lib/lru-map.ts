/** Bytes a string takes in V8's heap: one a character when every character is Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

/** What an entry costs beyond its value's own bytes (the map's slot, the key, the value's header). */
export const entryOverhead = 64;

/**
 * A map bounded to `capacity` entries and, when given a `weigh` function, to `maxBytes` bytes of values:
 * the least recently read or written entry leaves first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly weights = new Map<K, number>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly budget: { maxBytes: number; weigh: (value: V) => number } | null = null,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Adds or replaces an entry (a value changed in place is weighed again by setting it again). */
  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    if (this.budget) {
      const weight = this.budget.weigh(value) + entryOverhead;
      this.weights.set(key, weight);
      this.total += weight;
    }
    while (this.entries.size > this.capacity || (this.budget && this.total > this.budget.maxBytes)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
    const weight = this.weights.get(key);
    if (weight === undefined) return;
    this.weights.delete(key);
    this.total -= weight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The weighed bytes of the entries (0 without a `weigh` function). */
  get bytes(): number {
    return this.total;
  }
}

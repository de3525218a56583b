/** A value computed on demand and kept for a while. */
export interface Memoized<T> {
  get(): Promise<T>;
  clear(): void;
}

/** Keeps a computed value for `ttlMs`; a failed computation is not kept. */
export function memoize<T>(ttlMs: number, load: () => Promise<T>): Memoized<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  return {
    get() {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const value = load();
        cached = { at: Date.now(), value };
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    clear() {
      cached = undefined;
    },
  };
}

/**
 * A module (or anything costly to make) loaded at its first use and kept: the start loads only what
 * answering a request needs (issue 35; docs/performance.md, "What the start loads"). A failed load is
 * tried again at the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      loaded = load();
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };
}

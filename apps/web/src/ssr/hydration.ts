import { useSyncExternalStore } from 'react';

/**
 * Hydration of a server-rendered page: its first render must produce exactly the server's HTML, so what
 * the server cannot know (the screen's width, the system's colour scheme) answers as the server did until
 * the hydrating render has committed (docs/decisions.md, "Server rendering").
 */
let hydrating = false;
const listeners = new Set<() => void>();
let markHydrated: () => void = () => undefined;
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/** Settles once a server-rendered page's hydrating render has committed. */
export function whenHydrated(): Promise<void> {
  return hydrated;
}

/** Called before `hydrateRoot`: media queries answer as on the server until `endHydration`. */
export function startHydration(): void {
  hydrating = true;
}

/** Called once the hydrating render has committed: media queries answer for real from now on. */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  markHydrated();
  for (const listener of [...listeners]) listener();
}

const noSubscription = () => () => undefined;

/**
 * False on the server and during hydration, true otherwise: React renders with the server's snapshot
 * while it hydrates, then renders again with the client's where they differ.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * `window.matchMedia` as MUI's `useMediaQuery` reads it (theme default prop): while hydrating, every query
 * answers `false`, as it does on the server; its listeners are told when hydration ends, so only the
 * components that ask re-render with the real answer. On the server every query answers `false`.
 */
export function hydrationAwareMatchMedia(query: string): MediaQueryList {
  const real = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
  const list = {
    media: query,
    get matches() {
      return !hydrating && real !== null && real.matches;
    },
    addEventListener(type: string, listener: () => void) {
      listeners.add(listener);
      real?.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.delete(listener);
      real?.removeEventListener(type, listener);
    },
  };
  return list as unknown as MediaQueryList;
}

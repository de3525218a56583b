import type { ConstantsResponse, SectorListItem } from '@stp/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ThemeMode } from '../theme/theme.js';

/** A permission as the group editor lists it (filled by the administration screens). */
export interface PermissionMapEntry {
  codename: string;
  name: string;
}

/** Spec 3 client-side cached data: cache (restriction, sectorList, permissionMap) and constants. */
export interface AppData {
  cache: {
    restriction: unknown;
    sectorList: SectorListItem[];
    permissionMap: PermissionMapEntry[];
  };
  constants: ConstantsResponse | null;
  /** The signed-in state is known (the session was checked at start). */
  sessionChecked: boolean;
  /** The theme the host page gave for a signed-in user: in use until the session has been checked. */
  accountTheme: ThemeMode | null;
}

export const appData = createStore<AppData>()(() => ({
  cache: { restriction: null, sectorList: [], permissionMap: [] },
  constants: null,
  sessionChecked: false,
  accountTheme: null,
}));

const pristine = appData.getInitialState();

export function useAppData<T>(select: (state: AppData) => T): T {
  return useStore(appData, select);
}

/** Resolves once the signed-in state is known (at once when it already is). */
export function whenSessionChecked(): Promise<void> {
  if (appData.getState().sessionChecked) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = appData.subscribe((state) => {
      if (!state.sessionChecked) return;
      stop();
      resolve();
    });
  });
}

/** Replaces one entry of the cache. */
export function setCached<K extends keyof AppData['cache']>(key: K, value: AppData['cache'][K]): void {
  appData.setState((state) => ({ cache: { ...state.cache, [key]: value } }));
}

/** What a server-rendered page was rendered with from the startup calls (spec 7): the constants and sectors. */
export interface RenderedAppData {
  constants: ConstantsResponse | null;
  sectorList: SectorListItem[];
}

/**
 * Sets the startup calls' data a page is rendered with, and makes it the store's initial state, which is
 * what zustand's hooks read on the server and while hydrating (its server snapshot): the hydrating render
 * then shows the labels the server's HTML has.
 */
export function seedAppData(seed: RenderedAppData): void {
  appData.setState((state) => ({
    constants: seed.constants,
    cache: { ...state.cache, sectorList: seed.sectorList },
  }));
  // The server rendered with nothing else known (no session checked, no account theme).
  const seeded: AppData = {
    ...pristine,
    constants: seed.constants,
    cache: { ...pristine.cache, sectorList: seed.sectorList },
  };
  appData.getInitialState = () => seeded;
}

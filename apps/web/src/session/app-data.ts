import type { ConstantsResponse, SectorListItem } from '@stp/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

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
}

export const appData = createStore<AppData>()(() => ({
  cache: { restriction: null, sectorList: [], permissionMap: [] },
  constants: null,
  sessionChecked: false,
}));

export function useAppData<T>(select: (state: AppData) => T): T {
  return useStore(appData, select);
}

/** Replaces one entry of the cache. */
export function setCached<K extends keyof AppData['cache']>(key: K, value: AppData['cache'][K]): void {
  appData.setState((state) => ({ cache: { ...state.cache, [key]: value } }));
}

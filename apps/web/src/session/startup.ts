import {
  apiPaths,
  type ConstantsResponse,
  type SectorListItem,
  type SessionProfile,
  type SessionUser,
} from '@stp/shared';
import { apiUrl, type ApiClient } from '../api/client.js';
import { appData, setCached } from './app-data.js';
import type { ThemeMode } from '../theme/theme.js';
import type { SessionStoreApi } from './session-store.js';

/** The initial state the host page writes into its root element (spec 7). */
export interface HostState {
  csrf: string | null;
  token: string | null;
  /** A signed-in user's saved theme: the one to paint with until their profile has arrived. */
  theme?: ThemeMode;
}

export function readHostState(root: HTMLElement): HostState {
  const state: HostState = { csrf: root.dataset.csrf || null, token: root.dataset.token || null };
  const theme = root.dataset.theme;
  if (state.token && (theme === 'light' || theme === 'dark')) state.theme = theme;
  return state;
}

/** Spec 7's simplified path for the startup calls: used only when OK and JSON, otherwise null, no message. */
export async function startupCall<T>(
  path: string,
  initial: HostState,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<T | null> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (initial.csrf) headers['X-CSRFToken'] = initial.csrf;
  if (initial.token) headers.Authorization = `Bearer ${initial.token}`;
  try {
    const response = await fetchImpl(apiUrl(path), { credentials: 'same-origin', headers });
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

/**
 * Starts the session: the host page's csrf and token, the two startup calls, and, when the host page
 * says the visitor is signed in, their user and profile.
 */
export async function startSession(
  initial: HostState,
  session: SessionStoreApi,
  api: ApiClient,
  fetchImpl?: typeof fetch,
): Promise<void> {
  session.getState().initialise({ csrf: initial.csrf, token: initial.token });
  appData.setState({ accountTheme: initial.theme ?? null });
  const startupCalls = Promise.all([
    startupCall<ConstantsResponse>(apiPaths.constants, initial, fetchImpl),
    startupCall<SectorListItem[]>(apiPaths.allSectors, initial, fetchImpl),
  ]).then(([constants, sectors]) => {
    appData.setState({ constants });
    setCached('sectorList', sectors ?? []);
  });

  if (initial.token) {
    try {
      const answer = await api.request<{ user: SessionUser; profile: SessionProfile }>(apiPaths.profile);
      if (answer) session.getState().initialise({ ...session.getState(), ...answer });
    } catch {
      // The session could not be read (expired, or the server is away): carry on signed out.
      session.getState().expire();
    }
  }
  appData.setState({ sessionChecked: true });
  await startupCalls;
}

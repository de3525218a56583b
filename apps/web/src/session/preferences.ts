import { apiPaths, type SessionProfile } from '@stp/shared';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../api/api.js';
import { switchLocale } from '../i18n/index.js';
import { rememberInCookie } from '../ssr/visitor-cookies.js';
import { useRenderedTheme } from '../ssr/page-render.js';
import type { ThemeMode } from '../theme/theme.js';
import { useAppData, whenSessionChecked } from './app-data.js';
import { session, useSession } from './session.js';
import type { ServerProfile } from './session-store.js';

/** Where a visitor's theme choice is kept (signed-in users keep theirs in the profile). */
export const visitorThemeKey = 'stp.theme';

function storedVisitorTheme(): ThemeMode | null {
  try {
    const stored = localStorage.getItem(visitorThemeKey);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

const visitorTheme = createStore<{ mode: ThemeMode | null }>()(() => ({ mode: storedVisitorTheme() }));

/**
 * The theme in use: a signed-in user's profile darkMode (default false, spec 3), and while their profile is
 * on its way the theme the host page gave for them; for a visitor, their own choice, else the system
 * preference.
 */
export function useThemeMode(): ThemeMode {
  const signedIn = useSession((state) => state.user !== null && state.profile !== null);
  const darkMode = useSession((state) => state.profile?.darkMode ?? false);
  const pendingAccountTheme = useAppData((state) => (state.sessionChecked ? null : state.accountTheme));
  const visitorChoice = useStore(visitorTheme, (state) => state.mode);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  // A server-rendered page hydrates in the theme the server chose (ssr/page-render.tsx).
  const rendered = useRenderedTheme();
  if (rendered) return rendered;
  if (signedIn) return darkMode ? 'dark' : 'light';
  if (pendingAccountTheme) return pendingAccountTheme;
  return visitorChoice ?? (systemDark ? 'dark' : 'light');
}

/**
 * Spec 7 `POST /api/profile/update/`: form data is sent and the answer's profile replaces the stored one;
 * a plain object only changes the local state and makes no call.
 */
export async function updateProfile(changes: FormData | ServerProfile): Promise<void> {
  if (!(changes instanceof FormData)) {
    session.getState().refreshProfile(changes);
    return;
  }
  const answer = await api.request<{ profile: SessionProfile }>(apiPaths.profileUpdate, {
    method: 'POST',
    body: changes,
  });
  if (answer) session.getState().replaceProfile(answer.profile);
}

const isSignedIn = () => session.getState().user !== null;

/**
 * The theme switch: saved in the profile when signed in, in local storage for a visitor. A switch pressed
 * before the session check waits for it: taken as a visitor's choice, it would change nothing on screen
 * (the host page's account theme is shown meanwhile) and the account's theme would win once known.
 */
export async function changeDarkMode(dark: boolean): Promise<void> {
  await whenSessionChecked();
  if (isSignedIn()) {
    const form = new FormData();
    form.set('dark_mode', String(dark));
    await updateProfile(form);
    return;
  }
  const mode: ThemeMode = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(visitorThemeKey, mode);
  } catch {
    // No storage: the choice lasts for this page only.
  }
  rememberInCookie('theme', mode);
  visitorTheme.setState({ mode });
}

/** The language switch: saved in the profile when signed in (which switches the interface), else remembered locally. */
export async function changeLocale(locale: string): Promise<void> {
  await whenSessionChecked();
  if (isSignedIn()) {
    const form = new FormData();
    form.set('locale', locale);
    await updateProfile(form);
  }
  switchLocale(locale, !isSignedIn());
}

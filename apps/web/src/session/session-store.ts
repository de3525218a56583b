import type { SessionPayload, SessionProfile, SessionUser } from '@stp/shared';
import { createStore } from 'zustand/vanilla';

/** The profile as the session state holds it (spec 3): every field null when missing, `darkMode` from `dark_mode`. */
export interface Profile {
  email: string | null;
  username: string | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  locale: string | null;
  phone: string | null;
  avatar: string | null;
  country: string | null;
  darkMode: boolean | null;
}

/** The client-side session state of spec 3. */
export interface SessionState {
  csrf: string | null;
  token: string | null;
  user: SessionUser | null;
  profile: Profile | null;
}

/** What the server sends as a profile; any field may be missing. */
export type ServerProfile = Partial<Omit<SessionProfile, 'dark_mode'>> & { dark_mode?: boolean | null };

const profileFields = [
  'email',
  'username',
  'display_name',
  'first_name',
  'last_name',
  'locale',
  'phone',
  'avatar',
  'country',
] as const;

/**
 * Spec 3's darkMode rule: false only when the server sends false; otherwise the server value, then the
 * previous value, then null.
 */
export function resolveDarkMode(server: boolean | null | undefined, previous: boolean | null | undefined) {
  if (server === false) return false;
  return server ?? previous ?? null;
}

/** Reads a server profile into the session shape; `previous` only feeds the darkMode rule. */
export function toProfile(
  server: ServerProfile | null | undefined,
  previous: Profile | null = null,
): Profile | null {
  if (!server) return null;
  const profile = { darkMode: resolveDarkMode(server.dark_mode, previous?.darkMode) } as Profile;
  for (const field of profileFields) profile[field] = server[field] ?? null;
  return profile;
}

/** Spec 4 "refreshing": the new fields over the existing ones, field by field. */
export function mergeProfile(current: Profile | null, server: ServerProfile): Profile {
  const merged = { ...(current ?? toProfile({})!) };
  for (const field of profileFields) {
    const value = server[field];
    if (value !== undefined) merged[field] = value;
  }
  merged.darkMode = resolveDarkMode(server.dark_mode, current?.darkMode);
  return merged;
}

export const emptySession: SessionState = { csrf: null, token: null, user: null, profile: null };

export interface SessionActions {
  /** Spec 4 "initialising": token, csrf, user and profile replaced wholesale. */
  initialise(payload: Partial<SessionPayload>): void;
  /** Spec 4 "refreshing the profile": merged field by field. */
  refreshProfile(profile: ServerProfile): void;
  /** The answer of a profile update: its profile replaces the stored one. */
  replaceProfile(profile: ServerProfile): void;
  /** The token endpoint's answer. */
  setToken(token: string | null, user: SessionUser | null): void;
  /** The session ended on the server (expiry or logout elsewhere): keep only the csrf value. */
  expire(): void;
}

export type SessionStore = SessionState & SessionActions;

/** The interface language, as the session store sees it (spec 4 switches it on initialising). */
export interface InterfaceLanguage {
  current(): string;
  switchTo(locale: string): void;
}

/** A session store; the app has one (`session`), tests make their own. */
export function createSessionStore(initial: Partial<SessionState> = {}, language?: InterfaceLanguage) {
  return createStore<SessionStore>()((set, get) => ({
    ...emptySession,
    ...initial,
    initialise(payload) {
      const profile = toProfile(payload.profile);
      set({
        csrf: payload.csrf ?? null,
        token: payload.token ?? null,
        user: payload.user ?? null,
        profile,
      });
      if (language && profile?.locale && profile.locale !== language.current())
        language.switchTo(profile.locale);
    },
    refreshProfile(server) {
      set({ profile: mergeProfile(get().profile, server) });
    },
    replaceProfile(server) {
      set({ profile: toProfile(server, get().profile) });
    },
    setToken(token, user) {
      set({ token, user });
    },
    expire() {
      set({ token: null, user: null, profile: null });
    },
  }));
}

export type SessionStoreApi = ReturnType<typeof createSessionStore>;

/** The name to show for a user: the display name, else first and last name, else `fallback`. */
export function displayName(profile: Profile | null, fallback = ''): string {
  return (
    profile?.display_name || [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || fallback
  );
}

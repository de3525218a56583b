import type { SessionProfile, SessionUser } from '@stp/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  displayName,
  mergeProfile,
  resolveDarkMode,
  toProfile,
  type InterfaceLanguage,
  type Profile,
} from './session-store.js';

const user: SessionUser = {
  id: 7,
  email: 'jane@example.org',
  is_staff: false,
  is_superuser: false,
  permissions: ['add_complaint'],
};

const serverProfile: SessionProfile = {
  email: 'jane@example.org',
  username: 'jane',
  display_name: 'Jane D.',
  first_name: 'Jane',
  last_name: 'Doe',
  locale: 'en',
  phone: '+254712345678',
  avatar: '/media/avatars/jane.png',
  country: 'KE',
  dark_mode: true,
};

const profile: Profile = {
  email: 'jane@example.org',
  username: 'jane',
  display_name: 'Jane D.',
  first_name: 'Jane',
  last_name: 'Doe',
  locale: 'en',
  phone: '+254712345678',
  avatar: '/media/avatars/jane.png',
  country: 'KE',
  darkMode: true,
};

const emptyProfile: Profile = {
  email: null,
  username: null,
  display_name: null,
  first_name: null,
  last_name: null,
  locale: null,
  phone: null,
  avatar: null,
  country: null,
  darkMode: null,
};

function language(current: string) {
  const switchTo = vi.fn<(locale: string) => void>();
  const lang: InterfaceLanguage = { current: () => current, switchTo };
  return { lang, switchTo };
}

describe('createSessionStore', () => {
  it('starts with every field null, the profile included', () => {
    const state = createSessionStore().getState();
    expect([state.csrf, state.token, state.user, state.profile]).toEqual([null, null, null, null]);
  });

  it('initialise replaces token, csrf, user and profile wholesale', () => {
    const store = createSessionStore({ csrf: 'old-csrf', token: 'old-token', user, profile });
    store.getState().initialise({ token: 'new-token', profile: { ...serverProfile, first_name: 'Janet' } });
    const state = store.getState();
    expect(state.token).toBe('new-token');
    // Fields not given become null, not the old values.
    expect(state.csrf).toBeNull();
    expect(state.user).toBeNull();
    expect(state.profile).toEqual({ ...profile, first_name: 'Janet' });

    store.getState().initialise({ csrf: 'c', user });
    expect(store.getState()).toMatchObject({ csrf: 'c', token: null, user, profile: null });
  });

  it('initialise does not carry the old darkMode into the new profile', () => {
    const store = createSessionStore({ profile });
    const { dark_mode: _omitted, ...withoutDarkMode } = serverProfile;
    store.getState().initialise({ profile: withoutDarkMode as SessionProfile });
    expect(store.getState().profile?.darkMode).toBeNull();
  });

  it('initialise switches the interface language when the new profile’s locale differs', () => {
    const { lang, switchTo } = language('en');
    const store = createSessionStore({}, lang);
    store.getState().initialise({ user, profile: { ...serverProfile, locale: 'fr' } });
    expect(switchTo).toHaveBeenCalledTimes(1);
    expect(switchTo).toHaveBeenCalledWith('fr');
  });

  it('initialise leaves the language alone when the locale is the same or missing', () => {
    const { lang, switchTo } = language('fr');
    const store = createSessionStore({}, lang);
    store.getState().initialise({ user, profile: { ...serverProfile, locale: 'fr' } });
    store.getState().initialise({ user, profile: { ...serverProfile, locale: null } });
    store.getState().initialise({ user, profile: null });
    store.getState().initialise({});
    expect(switchTo).not.toHaveBeenCalled();
  });

  it('refreshProfile merges field by field: missing fields keep their value, given ones replace it', () => {
    const store = createSessionStore({ user, profile });
    store.getState().refreshProfile({ first_name: 'Janet', phone: null });
    expect(store.getState().profile).toEqual({ ...profile, first_name: 'Janet', phone: null });
    // The rest of the state is untouched.
    expect(store.getState().user).toEqual(user);
  });

  it('refreshProfile without a profile builds one with every other field null', () => {
    const store = createSessionStore();
    store.getState().refreshProfile({ locale: 'fr' });
    expect(store.getState().profile).toEqual({ ...emptyProfile, locale: 'fr' });
  });

  it('replaceProfile replaces the stored profile, keeping only the darkMode rule’s fallback', () => {
    const store = createSessionStore({ profile });
    store.getState().replaceProfile({ email: 'new@example.org' });
    expect(store.getState().profile).toEqual({ ...emptyProfile, email: 'new@example.org', darkMode: true });
    store.getState().replaceProfile({ ...serverProfile, dark_mode: false });
    expect(store.getState().profile).toEqual({ ...profile, darkMode: false });
  });

  it('setToken stores the token and the user', () => {
    const store = createSessionStore({ csrf: 'c', profile });
    store.getState().setToken('t', user);
    expect(store.getState()).toMatchObject({ csrf: 'c', token: 't', user, profile });
    store.getState().setToken(null, null);
    expect(store.getState()).toMatchObject({ token: null, user: null });
  });

  it('expire drops token, user and profile and keeps the csrf value', () => {
    const store = createSessionStore({ csrf: 'c', token: 't', user, profile });
    store.getState().expire();
    expect(store.getState()).toMatchObject({ csrf: 'c', token: null, user: null, profile: null });
  });
});

describe('toProfile (spec 3)', () => {
  it('reads every field, and darkMode from dark_mode', () => {
    expect(toProfile(serverProfile)).toEqual(profile);
  });

  it('makes each missing field null', () => {
    expect(toProfile({})).toEqual(emptyProfile);
    expect(toProfile({ username: 'jane' })).toEqual({ ...emptyProfile, username: 'jane' });
  });

  it('is null without a profile', () => {
    expect(toProfile(null)).toBeNull();
    expect(toProfile(undefined)).toBeNull();
  });
});

describe('darkMode (spec 3)', () => {
  it('resolveDarkMode: false only when the server sends false, else server, previous, then null', () => {
    expect(resolveDarkMode(false, true)).toBe(false);
    expect(resolveDarkMode(false, null)).toBe(false);
    expect(resolveDarkMode(true, false)).toBe(true);
    expect(resolveDarkMode(true, null)).toBe(true);
    expect(resolveDarkMode(undefined, true)).toBe(true);
    expect(resolveDarkMode(undefined, false)).toBe(false);
    expect(resolveDarkMode(null, true)).toBe(true);
    expect(resolveDarkMode(undefined, undefined)).toBeNull();
    expect(resolveDarkMode(null, null)).toBeNull();
  });

  it('toProfile applies the rule against the previous profile', () => {
    const previous = { ...emptyProfile, darkMode: true };
    expect(toProfile({ dark_mode: false }, previous)?.darkMode).toBe(false);
    expect(toProfile({ dark_mode: true }, { ...emptyProfile, darkMode: false })?.darkMode).toBe(true);
    expect(toProfile({}, previous)?.darkMode).toBe(true);
    expect(toProfile({}, { ...emptyProfile, darkMode: false })?.darkMode).toBe(false);
    expect(toProfile({})?.darkMode).toBeNull();
  });

  it('mergeProfile applies the rule against the current profile', () => {
    const current = { ...profile, darkMode: true };
    expect(mergeProfile(current, { dark_mode: false }).darkMode).toBe(false);
    expect(mergeProfile({ ...profile, darkMode: false }, { dark_mode: true }).darkMode).toBe(true);
    expect(mergeProfile(current, { first_name: 'X' }).darkMode).toBe(true);
    expect(mergeProfile(null, { first_name: 'X' }).darkMode).toBeNull();
  });

  it('mergeProfile keeps undefined fields and replaces given ones', () => {
    expect(mergeProfile(profile, { last_name: undefined, country: 'UG', avatar: null })).toEqual({
      ...profile,
      country: 'UG',
      avatar: null,
    });
  });
});

describe('displayName', () => {
  it('prefers the display name, then first and last name, then the fallback', () => {
    const base = toProfile({ email: 'a@b.example' })!;
    expect(displayName({ ...base, display_name: 'Amani W.', first_name: 'Amani' })).toBe('Amani W.');
    expect(displayName({ ...base, first_name: 'Amani', last_name: 'Wanjiru' })).toBe('Amani Wanjiru');
    expect(displayName({ ...base, last_name: 'Wanjiru' })).toBe('Wanjiru');
    expect(displayName(base, 'a@b.example')).toBe('a@b.example');
    expect(displayName(null)).toBe('');
  });
});

import type { SectorListItem } from '@stp/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/client.js';
import { dialogStore } from '../components/dialogs/dialogs.js';
import { sessionProfile, sessionUser } from '../test/session-fixtures.js';
import { appData } from './app-data.js';
import { createSessionStore } from './session-store.js';
import { unsignedJwt } from '../test/tokens.js';
import { readHostState, startSession, startupCall } from './startup.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const longToken = unsignedJwt({ exp: Date.now() / 1000 + 3600 });

const constants = { countries: [{ value: 'KE' }], yesNo: [{ value: 'yes' }] };
const sectors: SectorListItem[] = [
  {
    id: 1,
    parent_id: null,
    level: 1,
    code: '01',
    slug: 'business',
    name: { en: 'Business', fr: 'Affaires' },
  },
];
const user = sessionUser;
const profile = sessionProfile();

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

function fakeFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init, headers: new Headers(init.headers) });
    const route = routes[url];
    return route ? route() : json({ detail: 'Not found.' }, 404);
  };
  return { calls, fetchImpl };
}

const startupRoutes = {
  '/api/cache/constants/': () => json(constants),
  '/api/pages/sectors/all_sectors/': () => json(sectors),
};

const initialAppData = appData.getState();

beforeEach(() => {
  appData.setState(initialAppData, true);
  dialogStore.setState({ dialog: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readHostState', () => {
  it('reads data-csrf and data-token from the root element', () => {
    const root = document.createElement('div');
    root.dataset.csrf = 'csrf-value';
    root.dataset.token = 'token-value';
    expect(readHostState(root)).toEqual({ csrf: 'csrf-value', token: 'token-value' });
  });

  it("reads a signed-in user's theme, and ignores one without a token or of another value", () => {
    const root = document.createElement('div');
    root.dataset.csrf = 'c';
    root.dataset.token = 'token-value';
    root.dataset.theme = 'dark';
    expect(readHostState(root)).toEqual({ csrf: 'c', token: 'token-value', theme: 'dark' });
    root.dataset.theme = 'sepia';
    expect(readHostState(root)).toEqual({ csrf: 'c', token: 'token-value' });
    root.dataset.theme = 'light';
    root.dataset.token = '';
    expect(readHostState(root)).toEqual({ csrf: 'c', token: null });
  });

  it('makes empty or missing values null', () => {
    const root = document.createElement('div');
    root.setAttribute('data-csrf', '');
    root.setAttribute('data-token', '');
    expect(readHostState(root)).toEqual({ csrf: null, token: null });
    expect(readHostState(document.createElement('div'))).toEqual({ csrf: null, token: null });
  });
});

describe('startupCall (spec 7 simplified path)', () => {
  it('returns the JSON of an OK JSON answer, sent with the host page’s csrf and token', async () => {
    const { calls, fetchImpl } = fakeFetch(startupRoutes);
    const answer = await startupCall('/cache/constants/', { csrf: 'c', token: 't' }, fetchImpl);
    expect(answer).toEqual(constants);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/cache/constants/');
    expect(calls[0]!.headers.get('X-CSRFToken')).toBe('c');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer t');
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('sends neither header when the host page held no csrf or token', async () => {
    const { calls, fetchImpl } = fakeFetch(startupRoutes);
    await startupCall('/cache/constants/', { csrf: null, token: null }, fetchImpl);
    expect(calls[0]!.headers.has('X-CSRFToken')).toBe(false);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('gives null, with no message, for a non-OK answer, a non-JSON answer and a network error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const initial = { csrf: null, token: null };
    const failing = fakeFetch({
      '/api/error/': () => json({ detail: 'boom' }, 500),
      '/api/limited/': () => json({ detail: 'slow down' }, 429),
      '/api/html/': () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
      '/api/down/': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    for (const path of ['/error/', '/limited/', '/html/', '/down/'])
      await expect(startupCall(path, initial, failing.fetchImpl)).resolves.toBeNull();
    expect(dialogStore.getState().dialog).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('startSession', () => {
  it('fills the constants and the sector list and marks the session checked', async () => {
    const { calls, fetchImpl } = fakeFetch(startupRoutes);
    const session = createSessionStore();
    await startSession({ csrf: 'c', token: null }, session, new ApiClient(session, fetchImpl), fetchImpl);
    const data = appData.getState();
    expect(data.constants).toEqual(constants);
    expect(data.cache.sectorList).toEqual(sectors);
    expect(data.sessionChecked).toBe(true);
    expect(session.getState()).toMatchObject({ csrf: 'c', token: null, user: null, profile: null });
    expect(calls.map((call) => call.url)).not.toContain('/api/profile/');
  });

  it('with a token, loads /api/profile/ into the session', async () => {
    const { calls, fetchImpl } = fakeFetch({
      ...startupRoutes,
      '/api/profile/': () => json({ user, profile }),
    });
    const session = createSessionStore();
    await startSession(
      { csrf: 'c', token: longToken },
      session,
      new ApiClient(session, fetchImpl),
      fetchImpl,
    );
    const profileCall = calls.find((call) => call.url === '/api/profile/')!;
    expect(profileCall.headers.get('Authorization')).toBe(`Bearer ${longToken}`);
    expect(profileCall.headers.get('X-CSRFToken')).toBe('c');
    const state = session.getState();
    expect(state).toMatchObject({ csrf: 'c', token: longToken, user });
    expect(state.profile).toMatchObject({ email: 'j@example.org', first_name: 'J', darkMode: false });
    expect(appData.getState().sessionChecked).toBe(true);
  });

  it('carries on signed out when the profile cannot be read, and with empty lists when the startup calls fail', async () => {
    const { fetchImpl } = fakeFetch({ '/api/profile/': () => json({ detail: 'Server trouble' }, 500) });
    const session = createSessionStore();
    await startSession(
      { csrf: 'c', token: longToken },
      session,
      new ApiClient(session, fetchImpl),
      fetchImpl,
    );
    expect(session.getState()).toMatchObject({ csrf: 'c', token: null, user: null, profile: null });
    const data = appData.getState();
    expect(data.constants).toBeNull();
    expect(data.cache.sectorList).toEqual([]);
    expect(data.sessionChecked).toBe(true);
  });
});

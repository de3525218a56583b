import { messages, type SessionUser } from '@stp/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, type SessionState } from '../session/session-store.js';
import { describeError } from '../components/dialogs/describe-error.js';
import { ApiError, CanceledError } from './api-error.js';
import { base64url, unsignedJwt } from '../test/tokens.js';
import { ApiClient, apiUrl, tokenSecondsLeft, type ApiFile } from './client.js';

const now = new Date('2026-03-05T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

/** A JWT-shaped token (unsigned) expiring `secondsLeft` from the fixed now. */
function jwt(secondsLeft: number, subject = 'user'): string {
  return unsignedJwt({ exp: nowSeconds + secondsLeft, sub: subject });
}

const staff: SessionUser = {
  id: 1,
  email: 'a@example.org',
  is_staff: true,
  is_superuser: false,
  permissions: [],
};

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch that records every call and answers with real Response objects. */
function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init, headers: new Headers(init.headers) });
    return handler(url, init);
  };
  return { calls, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tokenPath = '/api/cache/token/';

/** A client over a fresh session; the token endpoint answers `tokenAnswer`, every other path `answer`. */
function setup(
  state: Partial<SessionState> = {},
  answer: Handler = () => json({ ok: true }),
  tokenAnswer: Handler = () => json({ user: staff, token: jwt(3600, 'fresh') }),
) {
  const session = createSessionStore(state);
  const { calls, fetchImpl } = fakeFetch((url, init) =>
    url === tokenPath ? tokenAnswer(url, init) : answer(url, init),
  );
  const client = new ApiClient(session, fetchImpl);
  const callsTo = (path: string) => calls.filter((call) => call.url === path);
  return { session, calls, client, callsTo };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('apiUrl (spec 7)', () => {
  it('puts every path under /api/', () => {
    expect(apiUrl('/profile/')).toBe('/api/profile/');
    expect(apiUrl('profile/')).toBe('/api/profile/');
  });

  it('collapses double slashes', () => {
    expect(apiUrl('//pages//sectors///all_sectors/')).toBe('/api/pages/sectors/all_sectors/');
  });

  it('appends the query, dropping empty values and URL-encoding the rest', () => {
    expect(
      apiUrl('/search/', { q: 'trade & services', page: 2, empty: '', none: null, gone: undefined }),
    ).toBe('/api/search/?q=trade%20%26%20services&page=2');
    expect(apiUrl('/search/', { tag: ['a/b', 'c'] })).toBe('/api/search/?tag=a%2Fb&tag=c');
    expect(apiUrl('/search/', { empty: '' })).toBe('/api/search/');
  });

  it('joins with & when the path already has a query', () => {
    expect(apiUrl('/search/?sort=name', { q: 'x=y' })).toBe('/api/search/?sort=name&q=x%3Dy');
  });
});

describe('tokenSecondsLeft', () => {
  it('reads the exp of a base64url payload', () => {
    // This subject makes the payload's base64 contain "+" and "/", which base64url spells "-" and "_".
    const token = jwt(600, '>>>???');
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenSecondsLeft(token)).toBe(600);
    expect(tokenSecondsLeft(token, now.getTime() + 100_000)).toBe(500);
    expect(tokenSecondsLeft(jwt(-5))).toBe(-5);
  });

  it('gives 0 for anything that is not a readable JWT', () => {
    expect(tokenSecondsLeft('not-a-token')).toBe(0);
    expect(tokenSecondsLeft('a.b.c')).toBe(0);
    expect(tokenSecondsLeft(`x.${base64url({ sub: 'no exp' })}.y`)).toBe(0);
  });
});

describe('ApiClient requests (spec 7)', () => {
  it('calls the API under /api/ with collapsed slashes and the query appended', async () => {
    const { client, calls } = setup();
    await client.request('//restrictions//', { query: { country: 'KE', q: 'a b', empty: '' } });
    await client.request('/restrictions/?page=2', { query: { size: 10 } });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/restrictions/?country=KE&q=a%20b',
      '/api/restrictions/?page=2&size=10',
    ]);
  });

  it('sends X-Requested-With, same-origin credentials, and GET by default', async () => {
    const { client, calls } = setup();
    await client.request('/profile/');
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('sends X-CSRFToken only when a csrf value is held', async () => {
    const withCsrf = setup({ csrf: 'csrf-value' });
    await withCsrf.client.request('/profile/');
    expect(withCsrf.calls[0]!.headers.get('X-CSRFToken')).toBe('csrf-value');

    const without = setup();
    await without.client.request('/profile/');
    expect(without.calls[0]!.headers.has('X-CSRFToken')).toBe(false);
  });

  it('sends no Authorization header and fetches no token when no token is held', async () => {
    const { client, calls } = setup();
    await client.request('/profile/');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('reuses a held token with more than 180 s left', async () => {
    const token = jwt(181);
    const { client, calls } = setup({ token, user: staff });
    await client.request('/profile/');
    expect(calls.map((call) => call.url)).toEqual(['/api/profile/']);
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('replaces a token with 180 s or less left by one from /api/cache/token/, storing its user and token', async () => {
    const fresh = jwt(3600, 'fresh');
    const freshUser = { ...staff, permissions: ['view_complaint'] };
    const { client, calls, session } = setup(
      { token: jwt(180), user: staff, csrf: 'csrf-value' },
      () => json({ ok: true }),
      () => json({ user: freshUser, token: fresh }),
    );
    await client.request('/profile/');
    expect(calls.map((call) => call.url)).toEqual([tokenPath, '/api/profile/']);
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]!.headers.get('X-CSRFToken')).toBe('csrf-value');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[1]!.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(session.getState().token).toBe(fresh);
    expect(session.getState().user).toEqual(freshUser);
  });

  it('shares one token fetch between calls made together', async () => {
    let answerToken!: () => void;
    const tokenAnswered = new Promise<void>((resolve) => (answerToken = resolve));
    const fresh = jwt(3600, 'fresh');
    const { client, callsTo } = setup({ token: jwt(10), user: staff }, undefined, async () => {
      await tokenAnswered;
      return json({ user: staff, token: fresh });
    });
    const first = client.request('/one/');
    const second = client.request('/two/');
    const third = client.request('/three/');
    answerToken();
    await Promise.all([first, second, third]);
    expect(callsTo(tokenPath)).toHaveLength(1);
    for (const path of ['/api/one/', '/api/two/', '/api/three/'])
      expect(callsTo(path)[0]!.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('does not cancel a shared token fetch when one of the calls sharing it is aborted', async () => {
    let answerToken!: () => void;
    const tokenAnswered = new Promise<void>((resolve) => (answerToken = resolve));
    const fresh = jwt(3600, 'fresh');
    // Like fetch: an aborted signal rejects.
    const answer: Handler = (_url, init) =>
      init.signal?.aborted ? Promise.reject(new DOMException('Aborted', 'AbortError')) : json({ ok: true });
    const { client, callsTo } = setup({ token: jwt(10), user: staff }, answer, async (_url, init) => {
      const aborted = new Promise<never>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
      await Promise.race([tokenAnswered, aborted]);
      return json({ user: staff, token: fresh });
    });
    const controller = new AbortController();
    const aborted = client.request('/one/', { signal: controller.signal });
    const other = client.request('/two/');
    controller.abort();
    answerToken();
    await expect(aborted).rejects.toBeInstanceOf(CanceledError);
    await expect(other).resolves.toEqual({ ok: true });
    expect(callsTo(tokenPath)).toHaveLength(1);
    expect(callsTo('/api/two/')[0]!.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('sends an object body as JSON with its content type', async () => {
    const { client, calls } = setup();
    await client.request('/auth/login/', { method: 'post', body: { email: 'a@example.org', password: 'x' } });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"email":"a@example.org","password":"x"}');
  });

  it('passes form data as is, without setting a content type', async () => {
    const { client, calls } = setup();
    const form = new FormData();
    form.set('locale', 'fr');
    await client.request('/profile/update/', { method: 'POST', body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('only warns about form data with GET, and sends no body', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, calls } = setup();
    const form = new FormData();
    form.set('q', 'x');
    await expect(client.request('/search/', { body: form })).resolves.toEqual({ ok: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
  });
});

// The Blob a response gives depends on the runtime: Node 22's fetch gives its own (with text()), Node 24's gives
// the test page's (jsdom's, which has no text() but which jsdom's FileReader reads). A browser gives either way.
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsText(blob);
  });
}

describe('ApiClient response reading (spec 7)', () => {
  it('reads a response with content-disposition as a file, even when it says JSON', async () => {
    const { client } = setup(
      {},
      () =>
        new Response('a,b\n1,2\n', {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="restrictions.csv"',
          },
        }),
    );
    const file = (await client.request<ApiFile>('/export/'))!;
    // The fetch implementation's own Blob class, which need not be the page's.
    expect(file.blob.size).toBe(8);
    expect(await blobText(file.blob)).toBe('a,b\n1,2\n');
    expect(file.filename).toBe('restrictions.csv');
  });

  it("reads an RFC 5987 filename*=UTF-8'' name", async () => {
    const { client } = setup(
      {},
      () =>
        new Response('%PDF', {
          headers: { 'content-disposition': "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf" },
        }),
    );
    const file = (await client.request<ApiFile>('/export/'))!;
    expect(file.filename).toBe('résumé final.pdf');
    expect(await blobText(file.blob)).toBe('%PDF');
  });

  it('parses JSON, and reads anything else as text', async () => {
    const jsonClient = setup({}, () => json({ items: [1, 2] })).client;
    await expect(jsonClient.request('/list/')).resolves.toEqual({ items: [1, 2] });

    const textClient = setup(
      {},
      () => new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
    ).client;
    await expect(textClient.request('/text/')).resolves.toBe('plain words');
  });
});

describe('ApiClient errors (spec 8)', () => {
  it('rejects a 429 on a call with "API Limit"', async () => {
    const { client } = setup({}, () => json({ detail: 'Request was throttled.' }, 429));
    const error = await rejection(client.request('/profile/'));
    expect(error.title).toBe('API Limit');
    expect(error.message).toBe('You have made too many requests. Please try again later.');
    expect(error.status).toBe(429);
    expect(error.response?.status).toBe(429);
  });

  it('rejects a 429 on the token fetch the same way, without making the call', async () => {
    const { client, calls } = setup(
      { token: jwt(60), user: staff },
      () => json({ ok: true }),
      () => new Response('slow down', { status: 429 }),
    );
    const error = await rejection(client.request('/profile/'));
    expect(error.title).toBe('API Limit');
    expect(error.message).toBe('You have made too many requests. Please try again later.');
    expect(error.status).toBe(429);
    expect(calls.map((call) => call.url)).toEqual([tokenPath]);
  });

  it('on 403 refreshes the token, then says the user has no access when they have a permissions list', async () => {
    const { client, calls } = setup(
      { token: jwt(3600), user: staff },
      () => json({ detail: 'Forbidden' }, 403),
      () => json({ user: staff, token: jwt(3600, 'refreshed') }),
    );
    const error = await rejection(client.request('/users/'));
    expect(calls.map((call) => call.url)).toEqual(['/api/users/', tokenPath]);
    expect(error.message).toBe('You do not have access to the specified resource.');
    expect(error.status).toBe(403);
    expect(error.response?.status).toBe(403);
  });

  it('on 403 without a permissions list says the session expired', async () => {
    const { client, callsTo } = setup(
      {},
      () => json({ detail: 'Forbidden' }, 403),
      () => json({ user: null, token: null }),
    );
    const error = await rejection(client.request('/users/'));
    expect(callsTo(tokenPath)).toHaveLength(1);
    expect(error.message).toBe('Your session has expired. Please log into the portal.');
    expect(error.status).toBe(403);
  });

  it('on 401 (signed out in another tab) says the session expired, drops the signed-in state and tells the listeners', async () => {
    const client401 = setup(
      { token: jwt(3600), user: staff, csrf: 'csrf-value', profile: null },
      () => json({ detail: 'Authentication credentials were not provided.' }, 401),
      () => json({ user: null, token: null }),
    );
    const heard: ApiError[] = [];
    client401.client.onSessionEnded((error) => heard.push(error));
    const error = await rejection(client401.client.request('/complaints/mine/'));
    expect(client401.calls.map((call) => call.url)).toEqual(['/api/complaints/mine/', tokenPath]);
    expect(error.message).toBe(messages.sessionExpired);
    expect(error.response?.detail).toBe(messages.sessionExpired);
    // What the error dialog shows: not the server's "Authentication credentials were not provided."
    expect(describeError(error)?.text).toBe(messages.sessionExpired);
    expect(error.status).toBe(401);
    const state = client401.session.getState();
    expect([state.token, state.user, state.profile]).toEqual([null, null, null]);
    expect(state.csrf).toBe('csrf-value');
    expect(heard.map((one) => one.message)).toEqual([messages.sessionExpired]);
  });

  it('on 401 while the session is still alive (a stale token) asks once more with the fresh token', async () => {
    let answered = 0;
    const { client, calls, session } = setup(
      { token: jwt(3600), user: staff },
      () => (answered++ === 0 ? json({ detail: 'Invalid token.' }, 401) : json({ ok: true })),
      () => json({ user: staff, token: jwt(3600, 'refreshed') }),
    );
    await expect(client.request('/complaints/mine/')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/complaints/mine/',
      tokenPath,
      '/api/complaints/mine/',
    ]);
    expect(calls[2]!.headers.get('Authorization')).toBe(`Bearer ${jwt(3600, 'refreshed')}`);
    expect(session.getState().user).toEqual(staff);
  });

  it('rejects any other non-OK response with "API Error", the response and its data', async () => {
    const { client } = setup({}, () => json({ detail: 'Server trouble' }, 500));
    const error = await rejection(client.request('/profile/'));
    expect(error.title).toBe('API Error');
    expect(error.message).toBe('An error occurred while fetching your request. Please try again later.');
    expect(error.status).toBe(500);
    expect(error.response?.status).toBe(500);
    expect(error.response?.data).toEqual({ detail: 'Server trouble' });

    const notFound = setup({}, () => new Response('gone', { status: 404 })).client;
    const missing = await rejection(notFound.request('/nothing/'));
    expect(missing.title).toBe(messages.apiErrorTitle);
    expect(missing.response?.data).toBe('gone');
  });

  it('resolves with nothing and expires the session when the token fetch finds no user while one was held', async () => {
    const { client, calls, session } = setup(
      { token: jwt(30), user: staff, csrf: 'csrf-value', profile: null },
      () => json({ ok: true }),
      () => json({ user: null, token: null }),
    );
    await expect(client.request('/profile/')).resolves.toBeUndefined();
    expect(calls.map((call) => call.url)).toEqual([tokenPath]);
    const state = session.getState();
    expect([state.token, state.user, state.profile]).toEqual([null, null, null]);
    expect(state.csrf).toBe('csrf-value');
  });

  it('rejects an aborted call with a CanceledError', async () => {
    const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
    // Like fetch: rejects at once when the signal is already aborted, else when it aborts.
    const { client, calls } = setup(
      {},
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init.signal?.aborted) reject(abortError());
          init.signal?.addEventListener('abort', () => reject(abortError()));
        }),
    );
    const expectCanceled = (error: unknown) => {
      expect(error).toBeInstanceOf(CanceledError);
      expect((error as CanceledError).name).toBe('CanceledError');
      expect((error as CanceledError).code).toBe('ERR_CANCELED');
    };

    const during = new AbortController();
    const call = client.request('/slow/', { signal: during.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    during.abort();
    expectCanceled(await call.catch((reason: unknown) => reason));

    const before = new AbortController();
    before.abort();
    expectCanceled(
      await client.request('/slow/', { signal: before.signal }).catch((reason: unknown) => reason),
    );
  });
});

import {
  apiPaths,
  apiPrefix,
  buildQueryString,
  messages,
  tokenRefreshSeconds,
  type QueryValue,
  type TokenResponse,
} from '@stp/shared';
import type { SessionStoreApi } from '../session/session-store.js';
import { ApiError, apiLimitError, CanceledError } from './api-error.js';

export type Query = Record<string, QueryValue>;

export interface ApiRequestOptions {
  /** GET by default (spec 7). */
  method?: string;
  /** Appended to the path as a query string (empty values dropped). */
  query?: Query;
  /** A FormData is sent as is (multipart); anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** A response read as a file (it had a content-disposition header). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/** The API URL of spec 7: under /api/, double slashes collapsed, the query appended. */
export function apiUrl(path: string, query?: Query): string {
  const url = `${apiPrefix}/${path}`.replace(/\/{2,}/g, '/');
  const queryString = query ? buildQueryString(query) : '';
  if (!queryString) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}

/** Seconds left before a JWT's `exp`; 0 when it cannot be read. */
export function tokenSecondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - now / 1000 : 0;
  } catch {
    return 0;
  }
}

function filenameOf(disposition: string): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** Spec 7 response reading: content-disposition as a file, JSON parsed, anything else as text. */
export async function readResponse(response: Response): Promise<unknown> {
  const disposition = response.headers.get('content-disposition');
  if (disposition)
    return { blob: await response.blob(), filename: filenameOf(disposition) } satisfies ApiFile;
  if (response.headers.get('content-type')?.includes('json')) {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }
  return response.text();
}

/** Marks the session-expiry path of spec 8: the call resolves with nothing. */
const sessionExpired = Symbol('session expired');

/** The API client of spec 7 and 8, bound to a session store. */
export class ApiClient {
  private pendingToken: Promise<string | null | typeof sessionExpired> | null = null;
  private readonly sessionEndedListeners = new Set<(error: ApiError) => void>();

  constructor(
    private readonly session: SessionStoreApi,
    private readonly fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {}

  private baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    const { csrf } = this.session.getState();
    if (csrf) headers['X-CSRFToken'] = csrf;
    return headers;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { credentials: 'same-origin', ...init });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw new CanceledError();
      throw error;
    }
  }

  /**
   * Fetches a fresh token from the token endpoint and stores it with the user. A missing user where one
   * was held means the session expired (spec 4).
   */
  async refreshToken(signal?: AbortSignal): Promise<string | null | typeof sessionExpired> {
    const response = await this.send(apiUrl(apiPaths.token), { headers: this.baseHeaders(), signal });
    if (response.status === 429) throw apiLimitError(await readResponse(response).catch(() => null));
    if (!response.ok) throw await this.apiError(response);
    const body = (await readResponse(response)) as TokenResponse;
    const hadUser = this.session.getState().user !== null;
    if (!body.user && hadUser) {
      this.session.getState().expire();
      return sessionExpired;
    }
    this.session.getState().setToken(body.token, body.user);
    return body.token;
  }

  /** Spec 7: a held token with more than 180 s left is reused; otherwise a fresh one is fetched. */
  private async bearer(): Promise<string | null | typeof sessionExpired> {
    const { token } = this.session.getState();
    if (!token) return null;
    if (tokenSecondsLeft(token) > tokenRefreshSeconds) return token;
    // Calls made together share one token fetch, so no one caller's signal may abort it.
    this.pendingToken ??= this.refreshToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  /** The token for a call made outside this client (an upload with progress); undefined when the session expired. */
  async validToken(): Promise<string | null | undefined> {
    const token = await this.bearer();
    return token === sessionExpired ? undefined : token;
  }

  /** Calls `listener` each time a call finds the session ended (401); answers the unsubscribe. */
  onSessionEnded(listener: (error: ApiError) => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => {
      this.sessionEndedListeners.delete(listener);
    };
  }

  /**
   * A 401 answer, treated like spec 8's 403: the token is refreshed. When the session is still alive (the
   * token had gone stale) answers null so the caller may ask again; otherwise the signed-in state is
   * dropped and the error says "Your session has expired. Please log into the portal.".
   */
  async sessionEndedError(data: unknown, headers?: Headers): Promise<ApiError | null> {
    const refreshed = await this.refreshToken().catch(() => null);
    if (typeof refreshed === 'string' && this.session.getState().user) return null;
    this.session.getState().expire();
    const text = messages.sessionExpired;
    // The dialog reads the body's detail first: the server's "Authentication credentials were not
    // provided." would hide what happened, so the body it is shown holds this message (the server's kept).
    const error = new ApiError(messages.apiErrorTitle, text, 401, {
      status: 401,
      data: { detail: text, server: data },
      headers,
      detail: text,
    });
    for (const listener of this.sessionEndedListeners) listener(error);
    return error;
  }

  private async apiError(response: Response): Promise<ApiError> {
    const data = await readResponse(response).catch(() => null);
    return new ApiError(messages.apiErrorTitle, messages.apiError, response.status, {
      status: response.status,
      data,
      headers: response.headers,
    });
  }

  /** One call to the API. Resolves with the read body, or with nothing when the session expired. */
  request<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T | undefined> {
    return this.call<T>(path, options, false);
  }

  private async call<T>(path: string, options: ApiRequestOptions, retried: boolean): Promise<T | undefined> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = this.baseHeaders();
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      if (method === 'GET') console.warn(`Form data cannot be sent with GET ${path}; it was left out.`);
      else body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const token = await this.bearer();
    if (token === sessionExpired) return undefined;
    if (token) headers.Authorization = `Bearer ${token}`;

    const response = await this.send(apiUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
    if (response.ok) return (await readResponse(response)) as T;
    if (response.status === 429) throw apiLimitError(await readResponse(response).catch(() => null));
    if (response.status === 401) {
      const data = await readResponse(response).catch(() => null);
      const ended = await this.sessionEndedError(data, response.headers);
      if (ended) throw ended;
      if (!retried) return this.call<T>(path, options, true);
      throw await this.apiError(response);
    }
    if (response.status === 403) {
      const error = await this.apiError(response);
      // Spec 8: refresh the token, then say which of the two 403s this was.
      const refreshed = await this.refreshToken().catch(() => null);
      if (refreshed === sessionExpired) return undefined;
      const { user } = this.session.getState();
      const text = Array.isArray(user?.permissions) ? messages.noAccess : messages.sessionExpired;
      throw new ApiError(messages.apiErrorTitle, text, 403, { ...error.response!, detail: text });
    }
    throw await this.apiError(response);
  }
}

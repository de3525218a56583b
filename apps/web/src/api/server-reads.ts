import { buildQueryString } from '@stp/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api } from './api.js';
import type { Query } from './client.js';

/** One GET of the API, as a screen's query makes it (`apiQuery` in query.tsx). */
export interface ServerRead {
  path: string;
  query?: Query;
}

/** The key of a read in the query cache: its path and its query. */
export const serverReadKey = (path: string, query?: Query): QueryKey => [path, query ?? {}];

/**
 * A read as one string, its path and query string (what `apiUrl` puts under /api/): the key of the reads
 * made without TanStack Query (api/use-api-read.ts) and of a server-rendered page's reads.
 */
export function readKey(path: string, query?: Query): string {
  const queryString = query ? buildQueryString(query) : '';
  return queryString ? `${path}${path.includes('?') ? '&' : '?'}${queryString}` : path;
}

/** A read's answer as a query holds it: null when the session expired during the call (spec 8). */
export const readFromServer = async <T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> =>
  ((await api.request<T>(path, { query, signal })) ?? null) as T;

let queryClient: QueryClient | null = null;
const startedEarly = new Map<string, { key: QueryKey; answer: Promise<unknown> }>();
/** Reads started for screens that read without TanStack Query, by `readKey`, with when they started. */
const startedForOwnReads = new Map<string, { answer: Promise<unknown>; at: number }>();
/** A started read left untaken this long (its screen never mounted) is not handed out any more. */
const ownReadLifetimeMs = 30_000;
/** Whether the reads' own store (use-api-read.ts, once loaded) holds a fresh answer for a key. */
let ownReadIsFresh: (key: string) => boolean = () => false;

/**
 * Starts the reads a screen makes first, from its route's loader: on a first visit the query client
 * comes with the screen's chunks, so without this the data is asked for only once they have arrived and
 * the screen has rendered (one more round trip on a slow link). Reads started before the client exists
 * are kept until it adopts them; afterwards they are the client's own prefetches (which skip fresh data).
 * With `ownReads` (a screen that reads through api/use-api-read.ts) they are kept for that store instead,
 * which takes each when the screen first asks for it; one it holds fresh is not started.
 */
export function startServerReads(reads: ServerRead[], options: { ownReads?: boolean } = {}): void {
  // On the server the screen's queries are read with the page (entry-server.tsx), not from here.
  if (typeof window === 'undefined') return;
  for (const { path, query } of reads) {
    if (options.ownReads) {
      // For a screen that reads through api/use-api-read.ts, which takes the read when it first asks.
      const id = readKey(path, query);
      const started = startedForOwnReads.get(id);
      if (ownReadIsFresh(id) || (started && Date.now() - started.at < ownReadLifetimeMs)) continue;
      const answer = readFromServer(path, query);
      answer.catch(() => undefined);
      startedForOwnReads.set(id, { answer, at: Date.now() });
      continue;
    }
    const key = serverReadKey(path, query);
    if (queryClient) {
      void queryClient.prefetchQuery({ queryKey: key, queryFn: () => readFromServer(path, query) });
      continue;
    }
    const id = JSON.stringify(key);
    if (startedEarly.has(id)) continue;
    const answer = readFromServer(path, query);
    // Its failure is the query's to report once adopted; until then it is not an unhandled rejection.
    answer.catch(() => undefined);
    startedEarly.set(id, { key, answer });
  }
}

/** The query client takes over the reads started before it loaded, and the ones started from now on. */
export function adoptServerReads(client: QueryClient): void {
  queryClient = client;
  for (const { key, answer } of startedEarly.values()) {
    void client.prefetchQuery({ queryKey: key, queryFn: () => answer });
  }
  startedEarly.clear();
}

/** The store of the reads made without TanStack Query says which answers it holds fresh: not read again. */
export function adoptOwnReads(isFresh: (key: string) => boolean): void {
  ownReadIsFresh = isFresh;
}

/** The read a route started for this key (`startServerReads` with ownReads), once; undefined when none. */
export function takeStartedRead<T>(key: string): Promise<T> | undefined {
  const started = startedForOwnReads.get(key);
  startedForOwnReads.delete(key);
  if (!started || Date.now() - started.at >= ownReadLifetimeMs) return undefined;
  return started.answer as Promise<T>;
}

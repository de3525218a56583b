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

/** A read's answer as a query holds it: null when the session expired during the call (spec 8). */
export const readFromServer = async <T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> =>
  ((await api.request<T>(path, { query, signal })) ?? null) as T;

let queryClient: QueryClient | null = null;
const startedEarly = new Map<string, { key: QueryKey; answer: Promise<unknown> }>();

/**
 * Starts the reads a screen makes first, from its route's loader: on a first visit the query client
 * comes with the screen's chunks, so without this the data is asked for only once they have arrived and
 * the screen has rendered (one more round trip on a slow link). Reads started before the client exists
 * are kept until it adopts them; afterwards they are the client's own prefetches (which skip fresh data).
 */
export function startServerReads(reads: ServerRead[]): void {
  // On the server the screen's queries are read with the page (entry-server.tsx), not from here.
  if (typeof window === 'undefined') return;
  for (const { path, query } of reads) {
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

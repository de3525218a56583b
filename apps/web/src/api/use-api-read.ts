import { messages } from '@stp/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePageAnswer, type PageAnswer } from '../ssr/page-render.js';
import { ApiError } from './api-error.js';
import type { Query } from './client.js';
import { adoptOwnReads, readFromServer, readKey, takeStartedRead } from './server-reads.js';

/**
 * GETs of the API for the public screens the JavaScript budget weighs (browse, a restriction; issue 30),
 * without TanStack Query (12 KB compressed of their first load): a small store of answers by path and
 * query with TanStack's rules as the app sets them (query.tsx): an answer is fresh for 30 s, a failure
 * other than a 4xx is tried twice more, a screen showing a read keeps it, and an unused one is dropped
 * after 5 minutes. A server-rendered page's answers (ssr/page-render.tsx) seed it before hydration.
 */

/** What a screen sees of a read. */
export interface ApiRead<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  /** No answer yet (or none to ask for: the read is disabled). */
  isPending: boolean;
  isFetching: boolean;
  /** `data` is the previous key's answer, shown while this key's is read (`keepPrevious`). */
  isPlaceholderData: boolean;
  /** Reads again, fresh or not (a retry button). */
  refetch: () => void;
}

interface Snapshot {
  data: unknown;
  error: unknown;
  fetching: boolean;
}

interface Entry {
  snapshot: Snapshot;
  /** When the answer (or the server's refusal) arrived; 0 for none or a failure: read again on mount. */
  updatedAt: number;
  listeners: Set<() => void>;
  running: boolean;
  dropTimer?: ReturnType<typeof setTimeout>;
}

const staleMs = 30_000;
const unusedMs = 5 * 60_000;
const idle: Snapshot = { data: undefined, error: undefined, fetching: false };
const entries = new Map<string, Entry>();

const isFresh = (entry: Entry | undefined): entry is Entry =>
  entry !== undefined && entry.updatedAt !== 0 && Date.now() - entry.updatedAt < staleMs;
adoptOwnReads((key) => isFresh(entries.get(key)));

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { snapshot: idle, updatedAt: 0, listeners: new Set(), running: false };
    entries.set(key, entry);
  }
  return entry;
}

function publish(entry: Entry, snapshot: Snapshot): void {
  entry.snapshot = snapshot;
  for (const listener of [...entry.listeners]) listener();
}

/** A 4xx answer will not change by asking again; a network failure or a 5xx may (query.tsx's rule). */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** Reads a key (once at a time), tried up to three times, 1 s then 2 s apart, as TanStack Query does. */
async function load(key: string): Promise<void> {
  const entry = entryOf(key);
  if (entry.running) return;
  entry.running = true;
  publish(entry, { ...entry.snapshot, fetching: true });
  for (let failures = 0; ; failures += 1) {
    try {
      const data = await (takeStartedRead(key) ?? readFromServer(key));
      entry.updatedAt = Date.now();
      publish(entry, { data, error: undefined, fetching: false });
      break;
    } catch (error) {
      if (failures < 2 && worthRetrying(error)) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** failures));
        continue;
      }
      entry.updatedAt = 0;
      publish(entry, { data: entry.snapshot.data, error, fetching: false });
      break;
    }
  }
  entry.running = false;
}

/** The server's answer as the store holds it: a refusal as the ApiError the browser's call would throw. */
function seed(key: string, answer: PageAnswer): void {
  const entry = entryOf(key);
  if (entry.updatedAt !== 0 || entry.running || entry.snapshot !== idle) return;
  entry.updatedAt = Date.now();
  entry.snapshot =
    'value' in answer
      ? { data: answer.value, error: undefined, fetching: false }
      : {
          data: undefined,
          error: new ApiError(messages.apiErrorTitle, messages.apiError, answer.status, {
            status: answer.status,
          }),
          fetching: false,
        };
}

function subscribeTo(key: string, listener: () => void): () => void {
  const entry = entryOf(key);
  clearTimeout(entry.dropTimer);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.dropTimer = setTimeout(() => {
      if (entry.listeners.size === 0 && !entry.running) entries.delete(key);
    }, unusedMs);
  };
}

/** The snapshot of a server-rendered answer while rendering on the server (no store there: pages share it). */
function serverSnapshot(answer: PageAnswer | undefined): Snapshot {
  if (!answer) return idle;
  if ('value' in answer) return { data: answer.value, error: undefined, fetching: false };
  return {
    data: undefined,
    error: new ApiError(messages.apiErrorTitle, messages.apiError, answer.status, { status: answer.status }),
    fetching: false,
  };
}

/**
 * One GET of the API (`path` and `query`): its answer, read when the component mounts or the key changes
 * and the held answer is not fresh. `enabled: false` reads nothing; `keepPrevious` shows the previous
 * key's answer while the new one is read (TanStack's keepPreviousData).
 */
export function useApiRead<T>(
  path: string,
  query?: Query,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
): ApiRead<T> {
  const { enabled = true, keepPrevious = false } = options;
  const key = readKey(path, query);
  const { answer, onServer } = usePageAnswer(enabled ? key : null);
  if (answer && !onServer) seed(key, answer);
  const subscribe = useCallback((listener: () => void) => subscribeTo(key, listener), [key]);
  const stored = useSyncExternalStore(
    subscribe,
    () => entries.get(key)?.snapshot ?? idle,
    () => entries.get(key)?.snapshot ?? idle,
  );
  const snapshot = onServer ? serverSnapshot(answer) : stored;
  useEffect(() => {
    if (!enabled || isFresh(entries.get(key))) return;
    void load(key);
  }, [key, enabled]);

  // The last answer this component showed, for `keepPrevious`.
  const [previous, setPrevious] = useState<unknown>(snapshot.data);
  if (keepPrevious && snapshot.data !== undefined && snapshot.data !== previous) setPrevious(snapshot.data);
  const placeholder =
    keepPrevious && snapshot.data === undefined && snapshot.error === undefined && previous !== undefined;
  const data = (placeholder ? previous : snapshot.data) as T | undefined;
  const refetch = useCallback(() => void load(key), [key]);
  return {
    data,
    error: snapshot.error,
    isError: snapshot.error !== undefined,
    isPending: snapshot.data === undefined && snapshot.error === undefined,
    isFetching: snapshot.fetching,
    isPlaceholderData: placeholder,
    refetch,
  };
}

/** Forgets every answer (tests start from an empty store). */
export function clearApiReads(): void {
  for (const entry of entries.values()) clearTimeout(entry.dropTimer);
  entries.clear();
}

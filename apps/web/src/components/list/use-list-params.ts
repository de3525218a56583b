import { defaultPageSize } from '@stp/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

type Change = string | number | null | undefined;

/** What a list screen reads from the address: its filters, the page, the page size and the sort. */
export interface ListParams<K extends string> {
  /** Each filter's text from the query string ('' when absent). */
  filters: Record<K, string>;
  page: number;
  pageSize: number;
  sort: string;
  /** The query to send to the API: filters, page, page_size and sort (empty values are dropped later). */
  query: Record<K | 'page' | 'page_size' | 'sort', string | number>;
  /**
   * Changes some values of the address. Any change other than the page itself goes back to page 1,
   * so a new filter never lands on a page that no longer exists.
   */
  update(changes: Partial<Record<K | 'page' | 'page_size' | 'sort', Change>>): void;
  /** Removes every filter (keeps the page size and the sort). */
  clear(): void;
}

/**
 * A list's filters, sort and page kept in the URL's query string, so a link reproduces the view and the
 * back button walks through the filters. A multi-value filter is one comma-separated value.
 */
export function useListParams<K extends string>(
  keys: readonly K[],
  defaults: { sort?: string; pageSize?: number } = {},
): ListParams<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const signature = searchParams.toString();

  const read = useMemo(() => {
    const params = new URLSearchParams(signature);
    // A plain form's multiple select sends a filter once per value: read as one comma list.
    const filters = Object.fromEntries(
      keys.map((key) => [key, params.getAll(key).filter(Boolean).join(',')]),
    ) as Record<K, string>;
    const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
    const pageSize =
      Number.parseInt(params.get('page_size') ?? '', 10) || defaults.pageSize || defaultPageSize;
    const sort = params.get('sort') ?? defaults.sort ?? '';
    return { filters, page, pageSize, sort };
    // `keys` is a constant list per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, defaults.sort, defaults.pageSize]);

  // The router applies a new address in a transition: a second change made before the first lands
  // would start from the older address and undo the first. Changes not yet seen in the address are
  // queued here, and each change starts from the newest of them.
  const queued = useRef<string[]>([]);
  const shown = useRef(signature);
  useEffect(() => {
    shown.current = signature;
    const index = queued.current.indexOf(signature);
    // An address that is none of ours (Back, a link) drops the queue.
    queued.current = index >= 0 ? queued.current.slice(index + 1) : [];
  }, [signature]);

  const change = useCallback(
    (apply: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(queued.current.at(-1) ?? shown.current);
      apply(next);
      queued.current.push(next.toString());
      setSearchParams(next);
    },
    [setSearchParams],
  );

  const update = useCallback(
    (changes: Partial<Record<K | 'page' | 'page_size' | 'sort', Change>>) =>
      change((next) => {
        for (const [key, value] of Object.entries(changes) as [string, Change][]) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
      }),
    [change],
  );

  const clear = useCallback(
    () =>
      change((next) => {
        for (const key of keys) next.delete(key);
        next.delete('page');
      }),
    // `keys` is a constant list per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [change],
  );

  const query = useMemo(
    () => ({ ...read.filters, page: read.page, page_size: read.pageSize, sort: read.sort }),
    [read],
  );
  return { ...read, query, update, clear };
}

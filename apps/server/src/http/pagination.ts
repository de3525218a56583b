import type { Paginated, TListQuery } from '@stp/shared';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { validationFailed } from './errors.js';

/** LIMIT and OFFSET of the page a list query asks for. */
export function pageWindow(query: Pick<TListQuery, 'page' | 'page_size'>): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * The ORDER BY of a list query's `sort` (`name` or `-name`), from the columns the list allows; an
 * unknown column is a 422 on `sort`, not a silent default. `tieBreaker` keeps the order stable across
 * pages when the sorted column has equal values.
 */
export function sortOrder(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  tieBreaker: AnyColumn,
): SQL[] {
  const wanted = sort || fallback;
  const descending = wanted.startsWith('-');
  const name = descending ? wanted.slice(1) : wanted;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw validationFailed({ sort: `Select a valid sort: ${Object.keys(columns).join(', ')}.` });
  return [descending ? desc(column) : asc(column), descending ? desc(tieBreaker) : asc(tieBreaker)];
}

/** The answer of a paginated list. */
export function paginated<T>(
  results: T[],
  count: number,
  query: Pick<TListQuery, 'page' | 'page_size'>,
): Paginated<T> {
  return { count, page: query.page, page_size: query.page_size, results };
}

/** The JSON text of `paginated`, for results already serialised one by one (each a JSON value). */
export function paginatedJson(
  resultsJson: string[],
  count: number,
  query: Pick<TListQuery, 'page' | 'page_size'>,
): string {
  // `results` is the envelope's last key: its `[]}` is where the results go.
  const envelope = JSON.stringify(paginated([], count, query));
  return `${envelope.slice(0, -2)}${resultsJson.join(',')}]}`;
}

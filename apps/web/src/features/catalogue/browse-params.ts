import { browsePageSize, restrictionApiPaths } from '@stp/shared';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { apiUrl } from '../../api/client.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { useAppData } from '../../session/app-data.js';
import { chosenCategory } from './sector-tree.js';

/**
 * The filters of Browse Restrictions kept in the query string (names of the API's query). The sector,
 * sub-sector or specific service is the path's `{category}` instead: `/public/browse/legal-services`.
 */
export const browseFilterKeys = [
  'q',
  'country',
  'restriction_type',
  'mode_of_supply',
  'policy',
  'market_access',
  'national_treatment',
  'non_compliance_type',
  'year_from',
  'year_to',
  'status',
] as const;
export type BrowseFilterKey = (typeof browseFilterKeys)[number];

/** Filters that take several values (a comma list in the address and in the API query). */
export const multiValueFilters: ReadonlySet<BrowseFilterKey> = new Set([
  'country',
  'restriction_type',
  'mode_of_supply',
  'non_compliance_type',
  'status',
]);

/** The browse screen's state from the address: filters, page, sort, the category, and the API query. */
export function useBrowseParams() {
  const { category: pathCategory = '' } = useParams();
  // The filter form sent without JavaScript names its sector selects `category` (see chosenCategory).
  const [search] = useSearchParams();
  const sectors = useAppData((state) => state.cache.sectorList);
  const sentCategories = search.getAll('category').join(',');
  const category = useMemo(() => {
    if (pathCategory || !sentCategories) return pathCategory;
    return chosenCategory(sentCategories.split(','), new Map(sectors.map((sector) => [sector.slug, sector])));
  }, [pathCategory, sentCategories, sectors]);
  const list = useListParams(browseFilterKeys, { pageSize: browsePageSize });
  // The router renders a new address in a transition: a second change made before it lands would
  // start from the older address (and a multiple select from its older value). The filters shown are
  // therefore held here, follow the address when it changes, and every change sends all of them.
  const [filters, setDraft] = useState(list.filters);
  const [addressFilters, setAddressFilters] = useState(list.filters);
  if (addressFilters !== list.filters) {
    setAddressFilters(list.filters);
    setDraft(list.filters);
  }
  const setFilters = (changes: Partial<Record<BrowseFilterKey, string>>) => {
    const next = { ...filters, ...changes };
    setDraft(next);
    list.update(next);
  };
  const apiQuery = useMemo(() => ({ ...list.query, category }), [list.query, category]);
  const activeFilters =
    browseFilterKeys.filter((key) => key !== 'q' && filters[key] !== '').length + (category ? 1 : 0);
  return { ...list, filters, setFilters, category, apiQuery, activeFilters };
}

/** The query string of the browse screen for these filters, keeping the sort and the page size. */
export function browseSearch(params: BrowseParams, filters: Record<BrowseFilterKey, string>): string {
  const search = new URLSearchParams();
  for (const key of browseFilterKeys) if (filters[key]) search.set(key, filters[key]);
  if (params.query.sort) search.set('sort', String(params.query.sort));
  if (params.pageSize !== browsePageSize) search.set('page_size', String(params.pageSize));
  return search.toString();
}

export type BrowseParams = ReturnType<typeof useBrowseParams>;

/** The address of the export of the current filters (the whole result, not one page) in a format. */
export function exportUrl(
  apiQuery: Record<string, string | number>,
  format: 'csv' | 'xlsx',
  lang: string,
): string {
  const { page: _page, page_size: _pageSize, ...filters } = apiQuery;
  return apiUrl(restrictionApiPaths.export, { ...filters, format, lang });
}

/** The address of the Atom feed of the changes to the restrictions of the current filters (docs/feeds.md). */
export function feedUrl(apiQuery: Record<string, string | number>, lang: string): string {
  const { page: _page, page_size: _pageSize, sort: _sort, ...filters } = apiQuery;
  return apiUrl(restrictionApiPaths.feed, { ...filters, lang });
}

/** The current filters as an alert follows them (docs/subscriptions.md): no paging, no order. */
export function followFilter(apiQuery: Record<string, string | number | undefined>): Record<string, string> {
  const { page: _page, page_size: _pageSize, sort: _sort, ...filters } = apiQuery;
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The address of the browse screen for a category (sector slug), keeping the given query string. */
export function browsePath(category: string | undefined, search = ''): string {
  const path = category ? `/public/browse/${encodeURIComponent(category)}` : '/public/browse';
  return search ? `${path}?${search}` : path;
}

import { restrictionApiPaths } from '@stp/shared';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { apiUrl } from '../../api/client.js';
import { useListParams } from '../../components/list/use-list-params.js';

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

export const browsePageSize = 20;

/** The browse screen's state from the address: filters, page, sort, the category, and the API query. */
export function useBrowseParams() {
  const { category = '' } = useParams();
  const list = useListParams(browseFilterKeys, { pageSize: browsePageSize });
  const apiQuery = useMemo(() => ({ ...list.query, category }), [list.query, category]);
  const activeFilters =
    browseFilterKeys.filter((key) => key !== 'q' && list.filters[key] !== '').length + (category ? 1 : 0);
  return { ...list, category, apiQuery, activeFilters };
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

/** The address of the browse screen for a category (sector slug), keeping the given query string. */
export function browsePath(category: string | undefined, search = ''): string {
  const path = category ? `/public/browse/${encodeURIComponent(category)}` : '/public/browse';
  return search ? `${path}?${search}` : path;
}

import { adminInsightsApiPaths, adminApiPath, type TAdminOption, type TReportTagRef } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, queryClient } from '../../api/query.js';

/** Every report tag, for the report form's picker and the list's filter. */
export function useTagOptions(enabled = true) {
  return useQuery({
    ...apiQuery<{ results: TReportTagRef[] }>(adminInsightsApiPaths.reportTagOptions),
    enabled,
  });
}

/** Every active report, for the featured insight form's select. */
export function useReportOptions(enabled = true) {
  return useQuery({
    ...apiQuery<{ results: TAdminOption[] }>(adminInsightsApiPaths.reportOptions),
    enabled,
  });
}

/** Drops the cached lists and records of the reports (after the featured toggle). */
export function refreshReports() {
  const root = adminApiPath(adminInsightsApiPaths.reports);
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(root),
  });
}

import { adminUsersApiPaths, type TAdminUserChoices } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../api/query.js';

/** The group options and the permissions grouped by model (one request, kept for a minute). */
export function useUserChoices() {
  return useQuery({ ...apiQuery<TAdminUserChoices>(adminUsersApiPaths.userChoices), staleTime: 60_000 });
}

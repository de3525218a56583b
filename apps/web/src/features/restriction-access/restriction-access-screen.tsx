import { useMemo } from 'react';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { useAccessHolders } from './access-fields.js';
import { restrictionAccessResource } from './restriction-access-resource.js';

/** Restriction access (spec 2 `/auth/config/restriction-access`, `restrictions.view_restrictionaccess`). */
export function RestrictionAccessScreen() {
  const holders = useAccessHolders().data;
  const resource = useMemo(() => restrictionAccessResource(holders), [holders]);
  return <AdminListScreen resource={resource} />;
}

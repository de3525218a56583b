import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { groupsResource } from './groups-resource.js';

/** Groups (spec 2 `/auth/admin/groups`, superusers only). */
export function GroupsScreen() {
  return <AdminListScreen resource={groupsResource} />;
}

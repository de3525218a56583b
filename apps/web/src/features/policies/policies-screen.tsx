import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { policiesResource } from './policies-resource.js';

/** Policies (spec 2 `/auth/config/policies`, `restrictions.view_policy`). */
export function PoliciesScreen() {
  return <AdminListScreen resource={policiesResource} />;
}

import { AdminEditScreen } from '../../components/admin/admin-edit-screen.js';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { commitmentsResource } from './commitments-resource.js';

/** Commitments (spec 2 `/auth/manage/commitments`, `restrictions.view_commitment`). */
export function CommitmentsScreen() {
  return <AdminListScreen resource={commitmentsResource} />;
}

/** One commitment (`/auth/manage/commitments/{index}`, `new` to create). */
export function CommitmentScreen() {
  return <AdminEditScreen resource={commitmentsResource} />;
}

import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { sectorsResource } from './sectors-resource.js';

/** Sectors configuration with sector edit (spec 2 `/auth/config/sectors`, `restrictions.view_sector`). */
export function SectorsScreen() {
  return <AdminListScreen resource={sectorsResource} />;
}

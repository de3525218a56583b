import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { pagesResource } from './pages-resource.js';

/** Pages and page templates (spec 2 `/auth/manage/pages`, `core.view_pagetemplate`). */
export function ManagePagesScreen() {
  return <AdminListScreen resource={pagesResource} />;
}

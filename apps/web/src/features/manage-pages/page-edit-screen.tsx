import { useTranslation } from 'react-i18next';
import { AdminEditScreen } from '../../components/admin/admin-edit-screen.js';
import { PagePreview } from './page-preview.js';
import { pagesResource } from './pages-resource.js';

/** One page and its template (spec 2 `/auth/manage/pages/{index}`, `new` to create), with its preview. */
export function PageEditScreen() {
  const { t } = useTranslation();
  return (
    <AdminEditScreen
      resource={pagesResource}
      tabs={[
        {
          key: 'preview',
          label: t('managePages.preview.tab'),
          render: (item) => <PagePreview item={item} />,
        },
      ]}
    />
  );
}

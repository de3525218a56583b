import { useTranslation } from 'react-i18next';
import { AdminEditScreen } from '../../components/admin/admin-edit-screen.js';
import { manageRestrictionsResource } from './manage-restrictions-resource.js';
import { RestrictionHistoryTab } from './restriction-history-tab.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

/** One restriction (spec 2 `/auth/manage/restrictions/{index}`, `new` to create): the form and its history. */
export function ManageRestrictionScreen() {
  const { t } = useTranslation();
  return (
    <AdminEditScreen
      resource={manageRestrictionsResource}
      tabs={[
        {
          key: 'history',
          label: t('manageRestrictions.history'),
          render: (item) => <RestrictionHistoryTab id={item.id} />,
        },
      ]}
    />
  );
}

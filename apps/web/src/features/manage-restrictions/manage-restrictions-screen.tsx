import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { useAdminAccess } from '../../components/admin/use-admin.js';
import { manageRestrictionsResource } from './manage-restrictions-resource.js';
import { RestrictionImportDialog } from './restriction-import-dialog.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

/** Manage restrictions (spec 2 `/auth/manage/restrictions`, `restrictions.view_restriction`). */
export function ManageRestrictionsScreen() {
  const { t } = useTranslation();
  const access = useAdminAccess(manageRestrictionsResource);
  const [importing, setImporting] = useState(false);
  const toolbar = access.canAdd && (
    <Button
      variant="outlined"
      startIcon={<UploadFile aria-hidden />}
      onClick={() => setImporting(true)}
      data-testid="import-open"
    >
      {t('manageRestrictions.import.open')}
    </Button>
  );
  return (
    <>
      <AdminListScreen resource={manageRestrictionsResource} toolbar={toolbar} />
      <RestrictionImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

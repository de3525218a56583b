import Switch from '@mui/material/Switch';
import { adminInsightsApiPaths, type TReportAdminItem } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { useAdminAccess } from '../../components/admin/use-admin.js';
import { showError } from '../../components/dialogs/dialogs.js';
import { refreshReports } from './use-options.js';

/** The featured flag in the reports list: switched in place by whoever may change reports. */
export function FeaturedToggle({ item, name }: { item: TReportAdminItem; name: string }) {
  const { t } = useTranslation();
  const access = useAdminAccess({ app: 'core', model: 'report' });
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? item.featured;
  const toggle = async (featured: boolean) => {
    setPending(featured);
    try {
      await api.request(adminInsightsApiPaths.reportFeatured(item.id), {
        method: 'POST',
        body: { featured },
      });
      await refreshReports();
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  };
  return (
    <Switch
      checked={checked}
      disabled={!access.canChange || pending !== null}
      onChange={(event) => void toggle(event.target.checked)}
      slotProps={{
        input: {
          'aria-label': t('reportsAdmin.reports.featuredToggle', { name }),
          'data-testid': `featured-${item.id}`,
        } as object,
      }}
    />
  );
}

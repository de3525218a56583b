import FormControlLabel from '@mui/material/FormControlLabel';
import type { Theme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import { adminInsightsApiPaths, type TReportAdminItem } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { useAdminAccess } from '../../components/admin/use-admin.js';
import { showError } from '../../components/dialogs/dialogs.js';
import { refreshReports } from './use-options.js';

/**
 * The featured flag in the reports list: switched in place by whoever may change reports. It has a
 * column of its own from 600 px; on a phone that column is hidden (its header alone pushed the table
 * past a 320 px screen) and the switch, labelled, goes under the report's title. One switch is
 * rendered, in the place the screen's width gives it.
 */
export function FeaturedToggle({
  item,
  name,
  underTitle = false,
}: {
  item: TReportAdminItem;
  name: string;
  /** The place under the title (phones) rather than the column. */
  underTitle?: boolean;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
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
  if (phone !== underTitle) return null;
  const control = (
    <Switch
      size={underTitle ? 'small' : 'medium'}
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
  return underTitle ? (
    <FormControlLabel
      control={control}
      label={t('reportsAdmin.reports.featured')}
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mt: 0.5, ml: 0 }}
    />
  ) : (
    control
  );
}

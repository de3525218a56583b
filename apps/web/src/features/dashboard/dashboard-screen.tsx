import './texts.js';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { checkPermission } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { myComplaintsPath } from '../../app/layouts/public-layout.js';
import { screenHref, signedInRoutes } from '../../app/routes.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { ShortcutGrid } from '../../components/shortcut-grid.js';
import { displayName } from '../../session/session-store.js';
import { useSession } from '../../session/session.js';
import { DashboardFigures } from './dashboard-figures.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/**
 * Dashboard (spec 2): a welcome, the user's queue and counts (issue 6 item 8) and shortcuts to every
 * screen this user may open.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const profile = useSession((state) => state.profile);
  const name = displayName(profile, user?.email);
  const shortcuts = signedInRoutes
    .filter((route) => route.nav && route.id !== 'dashboard' && checkPermission(user, route.requirement))
    .map((route) => ({
      key: route.id,
      to: screenHref(route),
      title: t(`routes.${route.id}`),
      text: t(`dashboard.about.${route.id}`),
    }));
  return (
    <>
      <ScreenHeading
        title={t('dashboard.welcome', { name })}
        intro={user?.is_staff ? t('dashboard.introStaff') : t('dashboard.introClient')}
      />
      {user && !user.is_staff && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to="/public/complaints"
            startIcon={<ReportOutlined aria-hidden />}
            data-testid="dashboard-lodge-complaint"
          >
            {t('account.lodgeComplaint')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={myComplaintsPath}>
            {t('account.myComplaints')}
          </Button>
        </Stack>
      )}
      <Typography variant="h2" sx={visuallyHidden}>
        {t('staffDashboard.label')}
      </Typography>
      <DashboardFigures />
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('dashboard.shortcuts')}
      </Typography>
      <ShortcutGrid items={shortcuts} />
    </>
  );
}

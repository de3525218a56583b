import Typography from '@mui/material/Typography';
import { checkPermission } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { signedInRoutes } from '../../app/routes.js';
import { ShortcutGrid } from '../../components/shortcut-grid.js';
import { useSession } from '../../session/session.js';

/** Dashboard (spec 2): a welcome and shortcuts to every screen this user may open. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const profile = useSession((state) => state.profile);
  const name = profile?.display_name || profile?.first_name || user?.email || '';
  const shortcuts = signedInRoutes
    .filter((route) => route.nav && route.id !== 'dashboard' && checkPermission(user, route.requirement))
    .map((route) => ({
      key: route.id,
      to: `/${route.path}`,
      title: t(`routes.${route.id}`),
      text: t(`dashboard.about.${route.id}`),
    }));
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('dashboard.welcome', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {user?.is_staff ? t('dashboard.introStaff') : t('dashboard.introClient')}
      </Typography>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('dashboard.shortcuts')}
      </Typography>
      <ShortcutGrid items={shortcuts} />
    </>
  );
}

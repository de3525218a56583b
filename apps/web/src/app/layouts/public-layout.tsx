import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/session.js';
import { contentWidth, pageMedia } from '../../theme/theme.js';
import { HeaderBar } from './header-bar.js';
import { SkipLink, mainContentId } from './skip-link.js';

// The phone menu is fetched the first time it is opened.
const MobileNavigation = lazy(() =>
  import('./mobile-navigation.js').then((module) => ({ default: module.MobileNavigation })),
);

/** A client's own complaints: the My Complaints tab of Manage complaints (account menu, phone menu). */
export const myComplaintsPath = '/auth/manage/complaints?tab=mine';

/** The public header navigation of issue 3: path and i18n key under `nav`. */
export const publicNavigation = [
  { key: 'home', to: '/' },
  { key: 'browse', to: '/public/browse' },
  { key: 'sectors', to: '/public/page/sectors' },
  { key: 'notifications', to: '/public/notifications' },
  { key: 'indicators', to: '/public/indicators' },
  { key: 'publications', to: '/public/publications' },
  { key: 'complaints', to: '/public/complaints/list' },
  { key: 'about', to: '/public/about' },
  { key: 'sms', to: '/public/about/sms-how-to' },
] as const;

function PublicHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const client = useSession((state) => state.user !== null && !state.user.is_staff);
  // A signed-in client finds their own complaints in the phone menu too (the account menu has them).
  const phoneItems = client
    ? [...publicNavigation, { key: 'myComplaints', to: myComplaintsPath, label: t('account.myComplaints') }]
    : publicNavigation;
  const isCurrent = (to: string) =>
    to === '/'
      ? location.pathname === '/'
      : location.pathname === to || location.pathname.startsWith(`${to}/`);
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth={false} sx={{ maxWidth: contentWidth.public }}>
        <HeaderBar onOpenMenu={() => setOpen(true)} disableGutters />
        <Box
          component="nav"
          aria-label={t('nav.main')}
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, pb: 1, flexWrap: 'wrap' }}
        >
          {publicNavigation.map((item) => (
            <Link
              key={item.key}
              component={RouterLink}
              to={item.to}
              aria-current={isCurrent(item.to) ? 'page' : undefined}
              underline="none"
              sx={{
                px: 1.25,
                py: 0.75,
                borderRadius: 1,
                color: 'text.primary',
                fontWeight: 500,
                '&[aria-current="page"]': { color: 'primary.main', boxShadow: 'inset 0 -2px 0 currentColor' },
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {t(`nav.${item.key}`)}
            </Link>
          ))}
        </Box>
      </Container>
      {open && (
        <Suspense fallback={null}>
          <MobileNavigation items={phoneItems} isCurrent={isCurrent} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', mt: 6, py: 3, bgcolor: 'background.paper' }}
    >
      <Container
        maxWidth={false}
        sx={{
          maxWidth: contentWidth.public,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'space-between',
          [pageMedia.upToMedium]: { flexDirection: 'column' },
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('app.footer')}
        </Typography>
        <Box component="nav" aria-label={t('nav.footer')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/public/page/privacy" variant="body2">
            {t('nav.privacy')}
          </Link>
          <Link component={RouterLink} to="/public/page/terms-of-use" variant="body2">
            {t('nav.terms')}
          </Link>
          <Link component={RouterLink} to="/public/about/sms-how-to" variant="body2">
            {t('nav.sms')}
          </Link>
          <Link component={RouterLink} to="/public/open-data" variant="body2">
            {t('nav.openData')}
          </Link>
          <Link component={RouterLink} to="/public/complaints/performance" variant="body2">
            {t('nav.performance')}
          </Link>
        </Box>
      </Container>
    </Box>
  );
}

/** The public layout of spec 2; the authentication screens use it with a narrow column. */
export function PublicLayout({ narrow = false }: { narrow?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader />
      <Container
        component="main"
        id={mainContentId}
        tabIndex={-1}
        maxWidth={false}
        sx={{
          maxWidth: narrow ? 520 : contentWidth.public,
          flexGrow: 1,
          py: { xs: 3, sm: 4 },
          outline: 'none',
          // Small phones keep more of their width for the content.
          [pageMedia.upToSmall]: { px: 1.5 },
        }}
      >
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}

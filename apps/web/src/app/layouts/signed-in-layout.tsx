import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { checkPermission, loginRedirectKey } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { AccessDeniedScreen } from '../../features/errors/access-denied-screen.js';
import { useAppData } from '../../session/app-data.js';
import { useSession } from '../../session/session.js';
import { contentWidth } from '../../theme/theme.js';
import { navSections, screenHref, signedInRoutes } from '../routes.js';
import type { RouteHandle } from '../router.js';
import { HeaderBar } from './header-bar.js';
import { myComplaintsPath } from './public-layout.js';
import { SkipLink, mainContentId } from './skip-link.js';

const drawerWidth = 264;

/** Side navigation: only the screens this user may open, by section. */
function SideNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('nav.signedIn')}>
      {navSections.map((section) => {
        const items = signedInRoutes.filter(
          (route) => route.nav === section && checkPermission(user, route.requirement),
        );
        if (items.length === 0) return null;
        return (
          <List
            key={section}
            dense
            subheader={
              <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                {t(`nav.section.${section}`)}
              </ListSubheader>
            }
          >
            {items.map((route) => {
              const to = screenHref(route);
              const current = pathname === to || pathname.startsWith(`${to}/`);
              return (
                // A list may hold only list items (WCAG 1.3.1): each link sits in one.
                <ListItem key={route.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={to}
                    selected={current}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    data-testid={`nav-${route.id}`}
                  >
                    <ListItemText primary={t(`routes.${route.id}`)} />
                  </ListItemButton>
                </ListItem>
              );
            })}
            {section === 'overview' && user && !user.is_staff && (
              <ListItem disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={myComplaintsPath}
                  onClick={onNavigate}
                  data-testid="nav-my-complaints"
                >
                  <ListItemText primary={t('account.myComplaints')} />
                </ListItemButton>
              </ListItem>
            )}
          </List>
        );
      })}
    </Box>
  );
}

/** The permission gate of spec 2, from the deepest matched route's handle. */
function RouteGate() {
  const user = useSession((state) => state.user);
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  if (!checkPermission(user, handle?.requirement)) return <AccessDeniedScreen />;
  return <Outlet />;
}

/** Remembers where a signed-out visitor was going, for after sign-in (spec 9 `__login_redirect`). */
export function rememberLoginRedirect(target: string): void {
  try {
    sessionStorage.setItem(loginRedirectKey, target);
  } catch {
    // No session storage: sign-in lands on the dashboard instead.
  }
}

/** The signed-in layout of spec 2: a user is needed; a visitor is sent to sign in and brought back. */
export function SignedInLayout() {
  const location = useLocation();
  const user = useSession((state) => state.user);
  const sessionChecked = useAppData((state) => state.sessionChecked);
  const [open, setOpen] = useState(false);

  if (!sessionChecked) return null;
  if (!user) {
    rememberLoginRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/auth/login" replace />;
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <HeaderBar onOpenMenu={() => setOpen(true)} />
      </AppBar>
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: drawerWidth } }}
      >
        <SideNavigation onNavigate={() => setOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: drawerWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <SideNavigation />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Container
          component="main"
          id={mainContentId}
          tabIndex={-1}
          maxWidth={false}
          sx={{ maxWidth: contentWidth.signedIn, py: { xs: 3, sm: 4 }, outline: 'none' }}
        >
          <RouteGate />
        </Container>
      </Box>
    </Box>
  );
}

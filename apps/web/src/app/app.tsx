import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../components/dialogs/dialog-host.js';
import { LoadingOverlay } from '../components/loading-overlay.js';
import { useThemeMode } from '../session/preferences.js';
import { endHydration } from '../ssr/hydration.js';
import { appTheme } from '../theme/theme.js';
import type { createAppRouter } from './router.js';

type AppRouter = ReturnType<typeof createAppRouter>;

const isRouteLoading = (router: AppRouter): boolean =>
  !router.state.initialized || router.state.navigation.state === 'loading';

/**
 * True while the router loads a screen (its lazy chunk) or has not finished its first load. Followed
 * through state set from the router's subscription, not useSyncExternalStore: a store read that way
 * makes React render the whole tree again in one blocking task when the store changes during a
 * concurrent render, which a screen's first render then was (docs/decisions.md, "Rendering in time
 * slices").
 */
function useRouteLoading(router: AppRouter): boolean {
  const [loading, setLoading] = useState(() => isRouteLoading(router));
  useEffect(() => {
    const follow = () => setLoading(isRouteLoading(router));
    // A change between the render and this effect (the router does not replay it to a new subscriber).
    follow();
    return router.subscribe(follow);
  }, [router]);
  return loading;
}

/** The loading overlay, following the router in a component of its own: App does not re-render with it. */
function RouteLoadingOverlay({ router }: { router: AppRouter }) {
  return <LoadingOverlay active={useRouteLoading(router)} />;
}

/** What surrounds the router, in the browser and on the server: the theme and the dialogs of spec 8. */
export function AppFrame({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = appTheme(mode);
  useEffect(() => {
    // The hydrating render has committed: media queries answer for real (ssr/hydration.ts).
    endHydration();
    // The app answers clicks from now on (a server-rendered page is on screen before): tests wait for it.
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
      <DialogHost />
    </ThemeProvider>
  );
}

/** The app: theme, router, the loading overlay and the dialogs of spec 8. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
      <RouteLoadingOverlay router={router} />
    </AppFrame>
  );
}

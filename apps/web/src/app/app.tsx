import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../components/dialogs/dialog-host.js';
import { LoadingOverlay } from '../components/loading-overlay.js';
import { useThemeMode } from '../session/preferences.js';
import { createAppTheme } from '../theme/theme.js';
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

/** The app: theme, router, the loading overlay and the dialogs of spec 8. */
export function App({ router }: { router: AppRouter }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <RouterProvider router={router} />
      <RouteLoadingOverlay router={router} />
      <DialogHost />
    </ThemeProvider>
  );
}

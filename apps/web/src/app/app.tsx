import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../components/dialogs/dialog-host.js';
import { LoadingOverlay } from '../components/loading-overlay.js';
import { useThemeMode } from '../session/preferences.js';
import { createAppTheme } from '../theme/theme.js';
import type { createAppRouter } from './router.js';

type AppRouter = ReturnType<typeof createAppRouter>;

/** True while the router loads a screen (its lazy chunk) or has not finished its first load. */
function useRouteLoading(router: AppRouter): boolean {
  return useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => !router.state.initialized || router.state.navigation.state === 'loading',
  );
}

/**
 * The loading overlay, following the router in a component of its own: a store read through
 * useSyncExternalStore re-renders synchronously, so in App it re-rendered the whole tree in one task
 * each time the router's state changed, the first mount of every screen included (docs/decisions.md,
 * "Rendering in time slices").
 */
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

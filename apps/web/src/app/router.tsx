import { screenPaths, type PermissionRequirement } from '@stp/shared';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  ScrollRestoration,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { startServerReads } from '../api/server-reads.js';
import { NotFoundScreen } from '../features/errors/not-found-screen.js';
import { RouteErrorScreen } from '../features/errors/route-error-screen.js';
import { PublicLayout } from './layouts/public-layout.js';
import { firstPaint, useFirstPaintSignal } from './first-paint.js';
import { textsReady } from '../i18n/index.js';
import { loadChunk } from './load-chunk.js';
import { usePageTitle } from './page-title.js';
import { authScreenRoutes, publicRoutes, signedInRoutes, type ScreenRoute } from './routes.js';

/** What each screen route carries for the layouts: its permission gate. */
export interface RouteHandle {
  requirement?: PermissionRequirement;
}

/**
 * A lazy route whose chunk may fail: React Router does not show an error boundary for a rejected `lazy`,
 * so the failure is handed over as a component that throws it, which the route's boundary then shows.
 */
function lazyComponent(load: () => Promise<ComponentType>, name: string): RouteObject['lazy'] {
  return async () => {
    try {
      const Component = await loadChunk(load, { name });
      // A screen's chunk may register texts whose French comes in a chunk of its own (i18n/index.ts).
      await textsReady();
      return { Component };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

/** A screen with a placeholder loads after the placeholder is on screen (first-paint.ts). */
const afterFirstPaint = (load: () => Promise<ComponentType>) => async (): Promise<ComponentType> => {
  await firstPaint();
  return load();
};

function screen(route: ScreenRoute): RouteObject {
  const handle: RouteHandle = { requirement: route.requirement };
  const reads = route.serverReads;
  const common = {
    id: route.id,
    handle,
    // The screen's own boundary keeps the layout around a chunk that failed to load.
    ErrorBoundary: RouteErrorScreen,
    lazy: lazyComponent(route.placeholder ? afterFirstPaint(route.load) : route.load, route.id),
    // On a first visit the router renders the layouts above it and this in the screen's place.
    HydrateFallback: route.placeholder,
    // The screen's first reads start with its chunks; the loader itself waits for nothing.
    loader: reads
      ? ({ params }: LoaderFunctionArgs) => {
          startServerReads(reads(params), { ownReads: route.ownReads });
          return null;
        }
      : undefined,
  };
  const path = screenPaths[route.id];
  return path === '' ? { ...common, index: true } : { ...common, path };
}

function Root() {
  usePageTitle();
  useFirstPaintSignal();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Every route of spec 2 in one router: public layout, authentication screens, signed-in layout. */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    ErrorBoundary: RouteErrorScreen,
    // The loading overlay covers the first load.
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [...publicRoutes.map(screen), { id: 'notFound', path: '*', Component: NotFoundScreen }],
      },
      { element: <PublicLayout narrow />, children: authScreenRoutes.map(screen) },
      {
        // The signed-in area is a chunk of its own: visitors never download it.
        lazy: lazyComponent(
          () => import('./layouts/signed-in-layout.js').then((module) => module.SignedInLayout),
          'signedInLayout',
        ),
        children: [
          { path: screenPaths.signedInArea, element: <Navigate to="/auth/dashboard" replace /> },
          ...signedInRoutes.map(screen),
          { id: 'notFoundSignedIn', path: 'auth/*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];

/** The browser's router; on a server-rendered page, with the data the server's router rendered with. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : undefined);
}

/**
 * Loads the lazy routes a location matches, as the server did before rendering it: a hydrating router
 * whose matched routes were still lazy would render their fallback instead of the server's HTML.
 */
export async function resolveLazyRoutes(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(appRoutes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

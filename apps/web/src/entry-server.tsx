import './lib/zod-without-eval.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { apiPaths, type ConstantsResponse, type Locale, type SectorListItem } from '@stp/shared';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiFetch } from './api/api.js';
import { ApiError } from './api/api-error.js';
import { apiUrl } from './api/client.js';
import { AppFrame } from './app/app.js';
import { settleFirstPaint } from './app/first-paint.js';
import { appRoutes } from './app/router.js';
import { LoadingOverlay } from './components/loading-overlay.js';
import { applyLocale, i18n, textsReady } from './i18n/index.js';
import { seedAppData } from './session/app-data.js';
import type { PageHead, PageRender } from './ssr/page-render.js';
import { PageRenderProvider } from './ssr/page-render.js';
import { encodeQueryErrors, serializeRenderState } from './ssr/render-state.js';
import type { ThemeMode } from './theme/theme.js';

/** How a page is rendered: its address, the visitor's language, theme and time zone, and the API. */
export interface RenderOptions {
  /** Path and query string. */
  url: string;
  locale: Locale;
  theme: ThemeMode;
  timeZone: string;
  /** Answers the app's API calls (the server's own routes, called in-process). */
  fetch: typeof fetch;
}

/** A rendered page: the parts the host page puts together. */
export interface RenderedPage {
  status: number;
  /** The app's HTML, for inside the root element. */
  html: string;
  /** Emotion's style elements of the rules the HTML uses (critical CSS). */
  styles: string;
  title: string;
  description: string;
  /** The page's Atom feed, when it has one (ssr/page-render.tsx usePageFeed). */
  feed?: { href: string; title: string };
  /** What the browser hydrates with (ssr/render-state.ts), serialised for a JSON script element. */
  state: string;
}

// Calls the screens make while a page renders go to that page's API (the server's), whatever the order
// in which concurrent renders' reads run.
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const fetchImpl = requestFetch.getStore();
  if (!fetchImpl) return Promise.reject(new Error('An API call outside a page render.'));
  return fetchImpl(input, init);
});
// Nothing on the server waits for a paint.
settleFirstPaint();

const handler = createStaticHandler(appRoutes);

/** Renders again while a render asks for data it lacked (a query that depends on another's answer). */
const maxPasses = 4;
let localesReady: Promise<void> | null = null;

/** French is loaded once (the browser fetches it on first use); English ships with the app. */
function loadLocales(): Promise<void> {
  localesReady ??= applyLocale('fr').then(() => applyLocale('en'));
  return localesReady;
}

async function readJson<T>(fetchImpl: typeof fetch, path: string): Promise<T | null> {
  const response = await fetchImpl(apiUrl(path), { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  return response.ok ? ((await response.json()) as T) : null;
}

/** A screen's read (usePageRead, usePageAnswer): its body, or the status the API refused it with (0: none). */
async function readForPage(
  fetchImpl: typeof fetch,
  path: string,
): Promise<{ value: unknown; status?: number }> {
  try {
    const response = await fetchImpl(apiUrl(path), {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) return { value: null, status: response.status };
    return { value: await response.json() };
  } catch {
    return { value: null, status: 0 };
  }
}

/** An answer about the record itself (it does not exist, or its address is malformed): part of the page. */
const isRecordStatus = (status: number) => status >= 400 && status < 500 && status !== 429;
const isRecordAnswer = (error: unknown) => error instanceof ApiError && isRecordStatus(error.status);

const isEnabled = (query: Query) => (query.options as { enabled?: unknown }).enabled !== false;

/** The queries the last render created and nothing has read yet. */
const unreadQueries = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );

/**
 * Renders a public page on the server with its data: React Router's static handler matches the address
 * and loads the screen's lazy route, then the app renders; each query a render creates (TanStack Query)
 * or read it asks for (usePageRead) is read through the API and the page renders again, until nothing
 * is missing. Null when the address is a redirect: the browser renders it.
 */
export async function render(options: RenderOptions): Promise<RenderedPage | null> {
  return requestFetch.run(options.fetch, async () => {
    await loadLocales();
    const request = new Request(new URL(options.url, 'http://portal.invalid'));
    const context = await handler.query(request);
    // A redirect, or a route whose loader failed: the browser renders those as before.
    if (context instanceof Response || context.errors) return null;
    // The matched screen's chunks may have registered French texts that load on their own (i18n/index.ts).
    await textsReady();
    const [constants, sectorList] = await Promise.all([
      readJson<ConstantsResponse>(options.fetch, apiPaths.constants),
      readJson<SectorListItem[]>(options.fetch, apiPaths.allSectors),
    ]);
    const appData = { constants, sectorList: sectorList ?? [] };

    const queryClient = new QueryClient({
      // A record that does not exist renders its "not found" (a failed query is not asked again on mount).
      defaultOptions: { queries: { staleTime: 30_000, retry: false, retryOnMount: false } },
    });
    const readErrors: Record<string, number> = {};
    const page: PageRender = { theme: options.theme, timeZone: options.timeZone, reads: {}, readErrors };
    let html = '';
    let head: PageHead = { status: 200, wanted: new Set() };
    // One Emotion cache for the page's passes: a rule is serialised once per page, not once per pass.
    // Not shared between pages: the critical CSS is the page's rules plus every global style in the
    // cache, so another page's globals (its theme's, its print styles) would come along.
    const cache = createCache({ key: 'css' });
    // Made before the render: it tells the cache to collect the rules rather than write them inline.
    const emotion = createEmotionServer(cache);
    for (let pass = 0; pass < maxPasses; pass += 1) {
      const current: PageHead = { status: context.statusCode, wanted: new Set() };
      head = current;
      page.head = current;
      page.report = (found) => Object.assign(current, found);
      const router = createStaticRouter(handler.dataRoutes, context);
      // The language, the startup data and each render are set and run in one synchronous step: no other
      // page's render can come between them.
      seedAppData(appData);
      void i18n.changeLanguage(options.locale);
      html = renderToString(
        <CacheProvider value={cache}>
          <PageRenderProvider value={page}>
            <QueryClientProvider client={queryClient}>
              <AppFrame>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
                <LoadingOverlay active={false} />
              </AppFrame>
            </QueryClientProvider>
          </PageRenderProvider>
        </CacheProvider>,
      );
      const queries = unreadQueries(queryClient);
      const reads = [...head.wanted].filter((path) => !(path in page.reads));
      if (queries.length === 0 && reads.length === 0) break;
      await Promise.all([
        ...queries.map((query) => query.fetch().catch(() => undefined)),
        ...reads.map(async (path) => {
          const { value, status } = await readForPage(options.fetch, path);
          page.reads[path] = value;
          if (status !== undefined) readErrors[path] = status;
        }),
      ]);
    }

    // A read the server could not answer (the database away) is the browser's to try again: it renders
    // the page alone rather than hydrate an error the server met.
    const failed =
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error' && !isRecordAnswer(query.state.error)) ||
      Object.values(readErrors).some((status) => !isRecordStatus(status));
    if (failed) return null;
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    const deepest = context.matches.at(-1)?.route.id;
    const appName = i18n.t('app.name', { lng: options.locale });
    const routeKey = `routes.${deepest}`;
    const routeTitle = i18n.t(routeKey, { lng: options.locale });
    const title =
      head.title ??
      (deepest && deepest !== 'home' && routeTitle !== routeKey ? `${routeTitle} | ${appName}` : appName);
    return {
      status: head.status,
      html,
      styles,
      title,
      description: head.description ?? i18n.t('app.description', { lng: options.locale }),
      ...(head.feed ? { feed: head.feed } : {}),
      state: serializeRenderState({
        locale: options.locale,
        theme: options.theme,
        timeZone: options.timeZone,
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
        queries: encodeQueryErrors(
          dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
        ),
        // Not the startup calls' data: the browser makes those calls anyway (spec 7) and hydrates once
        // they have answered; in the page they were more than half of its compressed bytes.
        reads: page.reads,
        readErrors,
      }),
    };
  });
}

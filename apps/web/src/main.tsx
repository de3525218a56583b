import './lib/zod-without-eval.js';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { api } from './api/api.js';
import { App } from './app/app.js';
import { settleFirstPaint } from './app/first-paint.js';
import { createAppRouter, resolveLazyRoutes } from './app/router.js';
import { applyLocale, startLocale, textsReady } from './i18n/index.js';
import { warmIntl } from './lib/warm-intl.js';
import { appData, seedAppData } from './session/app-data.js';
import { session } from './session/session.js';
import { readHostState, startSession } from './session/startup.js';
import { startHydration } from './ssr/hydration.js';
import { endPageReads, PageRenderProvider } from './ssr/page-render.js';
import { decodeQueryErrors, readRenderState, type ServerRenderState } from './ssr/render-state.js';
import { afterHydration, rememberVisitorCookies } from './ssr/visitor-start.js';

/**
 * A server-rendered page (docs/decisions.md, "Server rendering"): the browser takes over the server's
 * HTML with the same language, data, theme and routes, then behaves as the single-page app.
 */
async function hydrate(
  root: HTMLElement,
  state: ServerRenderState,
  sessionStarted: Promise<void>,
): Promise<void> {
  settleFirstPaint();
  // The page was rendered with the startup calls' data (spec 7): hydration waits for their answers (the
  // host page preloads them beside the script), so the page need not carry them.
  await Promise.all([sessionStarted, applyLocale(state.locale), resolveLazyRoutes(window.location.pathname)]);
  // Texts the screen's chunks registered while the language loaded (a feature's French, i18n/index.ts).
  await textsReady();
  const { constants, cache } = appData.getState();
  if (!constants) {
    // Without them the labels would differ from the server's HTML: the browser renders the page anew.
    renderInBrowser(root);
    return;
  }
  seedAppData({ constants, sectorList: cache.sectorList });
  if (state.queries.queries.length > 0) {
    const [{ queryClient }, { hydrate: hydrateQueries }] = await Promise.all([
      import('./api/query.js'),
      import('@tanstack/react-query'),
    ]);
    const queries = decodeQueryErrors(state.queries);
    hydrateQueries(queryClient, queries);
    // A record the server found missing shows as missing, as in the server's HTML: its query is not
    // asked again when the screen mounts (its retry button still asks).
    for (const query of queries.queries)
      if (query.state.status === 'error')
        queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  const page = {
    theme: state.theme,
    timeZone: state.timeZone,
    reads: state.reads,
    readErrors: state.readErrors,
  };
  const router = createAppRouter(state.router);
  // The page's reads are the rendered address's: a screen opened by navigating reads anew.
  const rendered = router.state.location;
  const stopWatching = router.subscribe((next) => {
    if (next.location === rendered) return;
    endPageReads();
    stopWatching();
  });
  startHydration();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PageRenderProvider value={page}>
          <App router={router} />
        </PageRenderProvider>
      </StrictMode>,
    );
  });
  afterHydration(state.locale);
}

/** A page the browser renders alone: signed-in users, the screens the server does not render. */
function renderInBrowser(root: HTMLElement): void {
  // A French-speaking visitor's texts arrive before the first paint; a failure falls back to English.
  void startLocale()
    .catch(() => undefined)
    .then(() =>
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <App router={createAppRouter()} />
          </StrictMode>,
        ),
      ),
    );
}

const root = document.getElementById('root');
if (root) {
  // In a task of its own, while the first screen's chunks and data load (lib/warm-intl.ts).
  setTimeout(warmIntl, 0);
  const sessionStarted = startSession(readHostState(root), session, api);
  rememberVisitorCookies();
  const state = readRenderState();
  if (state) void hydrate(root, state, sessionStarted);
  else renderInBrowser(root);
}

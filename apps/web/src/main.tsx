import './lib/zod-without-eval.js';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/api.js';
import { App } from './app/app.js';
import { createAppRouter } from './app/router.js';
import { startLocale } from './i18n/index.js';
import { warmIntl } from './lib/warm-intl.js';
import { session } from './session/session.js';
import { readHostState, startSession } from './session/startup.js';

const root = document.getElementById('root');
if (root) {
  // In a task of its own, while the first screen's chunks and data load (lib/warm-intl.ts).
  setTimeout(warmIntl, 0);
  void startSession(readHostState(root), session, api);
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

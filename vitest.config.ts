import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
// Tests run the TypeScript sources of the shared package, not its build.
const alias = { '@stp/shared': path.join(root, 'packages/shared/src/index.ts') };

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core machine), but a server test spends much
    // of its time waiting on the database: a worker per core, and at least two, keeps both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web build's stand-in for Emotion's insertion effect (apps/web/vite.config.ts), here too:
        // the tests render as the build does. Emotion is transformed by Vite so the alias reaches it.
        resolve: {
          alias: {
            ...alias,
            '@emotion/use-insertion-effect-with-fallbacks': path.join(
              root,
              'apps/web/src/lib/emotion-insertion-in-render.ts',
            ),
            // The app's translator in place of i18next and react-i18next, as in the build.
            i18next: path.join(root, 'apps/web/src/i18n/translator.ts'),
            'react-i18next': path.join(root, 'apps/web/src/i18n/use-translation.tsx'),
          },
        },
        test: {
          name: 'web',
          server: { deps: { inline: [/@emotion\//] } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A screen rendered in jsdom takes about 1 s alone; on two shared cores beside the server suite
          // two renders passed the default 5 s (28 Nov 2026). A hung test still fails.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});

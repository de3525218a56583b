import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // Script chunks load from the static path (spec 7); the server maps /static/ to dist/.
  base: '/static/',
  plugins: [react()],
  resolve: {
    alias: { '@stp/shared': path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts') },
  },
  // The manifest lets scripts/bundle-size.mjs follow the import graph of the home page.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});

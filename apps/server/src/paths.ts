import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(start: string, marker: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, marker))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Could not find ${marker} above ${start}`);
    dir = parent;
  }
  return dir;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/server, whether running from src/ (tsx, tests) or dist/ (built). */
export const serverRoot = findUp(here, 'package.json');
/** The repository root: where `var/` lives by default. */
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
export const webDistDir = path.join(repoRoot, 'apps/web/dist');
/** The web app's server build (`vite build --ssr`, apps/web/vite.config.ts). */
export const webServerEntry = path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js');

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { processAlive } from '../lib/process-alive.js';

/**
 * PGlite is a single-process database: a second process opening the same directory would corrupt
 * it. The lock file names the holder so the second process can say who to stop.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`;
  if (existsSync(file)) {
    const holder = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder}. Stop that process first, or use a PostgreSQL server through DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

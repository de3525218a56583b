import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';

/**
 * The OpenAPI document as `/api/docs/openapi.json` serves it, from a server built on a throwaway
 * embedded database and never listening: what `npm run openapi:lint` lints and types a client from.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'web'),
  });
  const database = await openDatabase({ url: '', pgliteDir: 'memory://' });
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

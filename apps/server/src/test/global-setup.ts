import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { seedBase } from '../db/seed/base.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a dump of a migrated database holding the base data, loaded by every test file. */
    pgliteSnapshot: string;
    /** PostgreSQL runs: the template database every test file copies. */
    pgTemplateUrl: string;
  }
}

export const templateDatabase = 'stp_test_template';

/** Migrates and seeds once; each test file then starts from a copy (fast, and isolated from the others). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDatabase} with (force)`);
    await admin.query(`create database ${templateDatabase}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${templateDatabase}`;
    const handle = await openDatabase({ url: url.toString(), pgliteDir: '', poolSize: 2 });
    await handle.migrate();
    await handle.db.transaction((tx) => seedBase(tx));
    await handle.close();
    project.provide('pgTemplateUrl', url.toString());
    project.provide('pgliteSnapshot', '');
    return;
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'stp-test-'));
  const handle = await openDatabase({ url: '', pgliteDir: 'memory://' });
  await handle.migrate();
  await handle.db.transaction((tx) => seedBase(tx));
  const client = (handle.db as unknown as { $client: { dumpDataDir(compression?: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'base.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplateUrl', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

// Issue 32 item 4: backups of both stores and a tested restore (scripts/backup.mjs, docs/operations.md
// "Backups"). A database with accounts, restrictions and complaint files in an S3 bucket is backed up,
// restored into a new database and a new bucket, and compared; the restore drill passes on a good
// backup and fails on a damaged one. The PGlite run has no PostgreSQL: this file then starts its own.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedBase } from '../db/seed/base.js';
import { generateRestrictions } from '../modules/restrictions/generate-data.js';
import { repoRoot } from '../paths.js';
import { createStorage } from '../storage/factory.js';
import { createAccount } from './factories.js';
import { PostgresCluster } from './postgres-cluster.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { copyTemplateDatabase, createDatabase, type CreatedDatabase } from './test-database.js';

const run = promisify(execFile);
let ownServer: PostgresCluster | null = null;
let live: CreatedDatabase;
let empty: CreatedDatabase;
let liveBucket: TestS3Server;
let emptyBucket: TestS3Server;
let backupDir = '';
const stored = new Map<string, Buffer>();

/** `node scripts/backup.mjs <args>` with the settings of a database and a bucket. */
function backupScript(args: string[], databaseUrl: string, bucket: TestS3Server) {
  return run(process.execPath, [path.join(repoRoot, 'scripts/backup.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...bucket.env },
    timeout: 120_000,
  });
}

/** Each table's row count, as the restore must give them back. */
async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = ['users', 'user_groups', 'restrictions', 'restriction_versions', 'countries', 'sectors'];
    const result: Record<string, number> = {};
    for (const table of tables)
      result[table] = (
        await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      ).rows[0]!.n;
    return result;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const templateUrl = inject('pgTemplateUrl');
  if (!templateUrl) ownServer = await PostgresCluster.create();
  live = templateUrl ? await copyTemplateDatabase(templateUrl) : await createDatabase(ownServer!.url);
  empty = await createDatabase(templateUrl || ownServer!.url);
  const handle = await openDatabase({ url: live.url, pgliteDir: '', poolSize: 2 });
  try {
    await handle.migrate();
    if (!templateUrl) await handle.db.transaction((tx) => seedBase(tx));
    for (let i = 0; i < 5; i += 1) await createAccount(handle.db);
    await generateRestrictions(handle.db, { restrictions: 120, seed: 32 });
  } finally {
    await handle.close();
  }
  [liveBucket, emptyBucket] = [await startS3Server(), await startS3Server()];
  const storage = createStorage(loadConfig({ ...liveBucket.env, SECRET_KEY: 'x'.repeat(32) }));
  for (const [extension, size] of [
    ['pdf', 300_000],
    ['png', 2_000],
    ['txt', 40],
  ] as const) {
    const data = randomBytes(size);
    stored.set(await storage.put('complaints', data, extension), data);
  }
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'stp-backup-'));
}, 240_000);

afterAll(async () => {
  await live?.drop();
  await empty?.drop();
  await ownServer?.destroy();
  await liveBucket?.stop();
  await emptyBucket?.stop();
  if (backupDir) await rm(backupDir, { recursive: true, force: true });
});

describe('backup and restore of the database and the bucket', () => {
  it(
    'restores every row and every file into a new database and a new bucket',
    { timeout: 180_000 },
    async () => {
      const backedUp = await backupScript(['backup', '--dir', backupDir], live.url, liveBucket);
      expect(backedUp.stdout).toMatch(/Backed up \d+ tables and 3 files/);

      const restored = await backupScript(['restore', '--dir', backupDir], empty.url, emptyBucket);
      expect(restored.stdout).toMatch(/Restored \d+ tables \(\d+ rows\) and 3 files/);
      const before = await counts(live.url);
      expect(before.users).toBeGreaterThanOrEqual(5);
      expect(before.restrictions).toBeGreaterThanOrEqual(120);
      expect(await counts(empty.url)).toEqual(before);
      const copy = createStorage(loadConfig({ ...emptyBucket.env, SECRET_KEY: 'x'.repeat(32) }));
      expect((await copy.list('complaints')).map((file) => file.key).sort()).toEqual(
        [...stored.keys()].sort(),
      );
      for (const [key, data] of stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of await copy.read(key)) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(data)).toBe(true);
      }

      // A second restore into the now filled database is refused: it never writes over a live portal.
      await expect(
        backupScript(['restore', '--dir', backupDir], empty.url, emptyBucket),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('The database is not empty'),
      });
    },
  );

  it(
    'passes the restore drill on a good backup and fails it on a damaged one',
    { timeout: 120_000 },
    async () => {
      const drill = await backupScript(['drill', '--dir', backupDir], live.url, liveBucket);
      expect(drill.stdout).toMatch(/Restore drill passed: \d+ tables, \d+ rows as counted at the backup/);

      const [key] = [...stored.keys()];
      const file = path.join(backupDir, 'files', key!);
      await writeFile(file, Buffer.concat([await readFile(file), Buffer.from('x')]));
      await expect(backupScript(['drill', '--dir', backupDir], live.url, liveBucket)).rejects.toMatchObject({
        stderr: expect.stringContaining(`${key}: the backup's copy does not match its checksum`),
      });
    },
  );
});

#!/usr/bin/env node
// Backups of a multi-machine portal (docs/operations.md, "Backups"): the PostgreSQL database and the
// stored files (the S3 bucket, or UPLOADS_DIR with the local driver), read from the same settings the
// server reads (DATABASE_URL, STORAGE_DRIVER, S3_*, UPLOADS_DIR).
//   node scripts/backup.mjs backup  --dir /var/backups/stp/2026-11-27   pg_dump -Fc + every object
//   node scripts/backup.mjs restore --dir /var/backups/stp/2026-11-27   into an empty database and store
//   node scripts/backup.mjs drill   --dir /var/backups/stp/2026-11-27   restore into a scratch database
//       and compare every table's row count with the live one, check every file's checksum; exit 1 if not
// A backup directory holds database.dump, files/<key> and manifest.json (each file's key, size and
// SHA-256, and each table's row count when the dump was taken). The dump is consistent in itself
// (pg_dump reads one snapshot); files are copied after it, so a file uploaded meanwhile is in the copy
// without its row, which the orphan sweep removes after a restore: nothing referenced is ever missing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: 'string' }, 'scratch-database': { type: 'string' } },
});
const [command] = positionals;
const env = process.env;

/** The file store of the settings: an S3 bucket or a directory, with the same four operations. */
async function fileStore() {
  if (env.STORAGE_DRIVER === 's3') {
    const s3 = await import('@aws-sdk/client-s3');
    const client = new s3.S3Client({
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      credentials: env.S3_ACCESS_KEY_ID
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' }
        : undefined,
      // As the server's driver (apps/server/src/storage/s3.ts): some S3-compatible stores keep aws-chunked
      // framing in the object when the SDK adds its default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const Bucket = env.S3_BUCKET;
    return {
      name: `s3://${Bucket}`,
      async keys() {
        const keys = [];
        let ContinuationToken;
        do {
          const page = await client.send(new s3.ListObjectsV2Command({ Bucket, ContinuationToken }));
          for (const item of page.Contents ?? []) keys.push(item.Key);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return keys;
      },
      async read(Key) {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key }));
        return Buffer.from(await answer.Body.transformToByteArray());
      },
      async write(Key, Body) {
        await client.send(new s3.PutObjectCommand({ Bucket, Key, Body }));
      },
    };
  }
  const root = env.UPLOADS_DIR || path.join(env.DATA_DIR || 'var', 'uploads');
  return {
    name: root,
    keys: () => filesBelow(root),
    read: (key) => readFile(path.join(root, key)),
    async write(key, data) {
      await mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await writeFile(path.join(root, key), data, { mode: 0o640 });
    },
  };
}

/** Every file below `root`, as paths relative to it with `/`. */
async function filesBelow(root) {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** Rows of every table of the portal's schemas (its own, drizzle's migrations, pg-boss's queue), by name. */
async function rowCounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countTables(client);
  } finally {
    await client.end();
  }
}

/** The row count of every table in the portal's schemas, read by `client` (in its transaction). */
async function countTables(client) {
  const { rows } = await client.query(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle', 'pgboss')
      order by 1, 2`,
  );
  const counts = {};
  for (const { table_schema: schema, table_name: table } of rows) {
    const result = await client.query(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[`${schema}.${table}`] = result.rows[0].n;
  }
  return counts;
}

function requireDatabase() {
  if (!env.DATABASE_URL)
    throw new Error('DATABASE_URL is not set (the PostgreSQL database to back up or restore)');
  return env.DATABASE_URL;
}

async function backup(dir) {
  const url = requireDatabase();
  await mkdir(path.join(dir, 'files'), { recursive: true });
  // The counts and the dump read one snapshot: the drill compares like with like while the portal writes.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let counts;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id;
    counts = await countTables(client);
    const dump = path.join(dir, 'database.dump');
    const args = ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, '--file', dump, url];
    execFileSync('pg_dump', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    await client.query('commit');
  } finally {
    await client.end();
  }
  const store = await fileStore();
  const files = [];
  for (const key of await store.keys()) {
    const target = path.join(dir, 'files', key);
    // A sync: a file already in this directory with its size is not fetched again (keys never change).
    const data = existsSync(target) ? await readFile(target) : await store.read(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
    files.push({ key, size: data.length, sha256: sha256(data) });
  }
  const manifest = { takenAt: new Date().toISOString(), store: store.name, counts, files };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Backed up ${Object.keys(counts).length} tables and ${files.length} files to ${dir}`);
}

/** Reads the manifest and checks every file of the backup against its checksum. */
async function checkedManifest(dir) {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  for (const file of manifest.files) {
    const data = await readFile(path.join(dir, 'files', file.key));
    if (data.length !== file.size || sha256(data) !== file.sha256)
      throw new Error(`${file.key}: the backup's copy does not match its checksum`);
  }
  return manifest;
}

function pgRestore(dir, url) {
  execFileSync(
    'pg_restore',
    [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      url,
      path.join(dir, 'database.dump'),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

async function restore(dir) {
  const url = requireDatabase();
  const manifest = await checkedManifest(dir);
  const existing = await rowCounts(url);
  if (Object.keys(existing).length > 0)
    throw new Error(
      'The database is not empty: restore into a new database (createdb), then point the portal at it',
    );
  pgRestore(dir, url);
  const store = await fileStore();
  for (const file of manifest.files)
    await store.write(file.key, await readFile(path.join(dir, 'files', file.key)));
  const restored = await rowCounts(url);
  const differences = compare(manifest.counts, restored);
  if (differences.length > 0)
    throw new Error(`Row counts differ after the restore:\n${differences.join('\n')}`);
  console.log(
    `Restored ${Object.keys(restored).length} tables (${total(restored)} rows) and ${manifest.files.length} files into ${store.name}`,
  );
}

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const compare = (expected, actual) =>
  [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .filter((table) => expected[table] !== actual[table])
    .map(
      (table) =>
        `  ${table}: ${expected[table] ?? 'missing'} in the backup, ${actual[table] ?? 'missing'} restored`,
    );

/** Restores the dump into a scratch database next to the live one and compares the counts. */
async function drill(dir) {
  const live = new URL(requireDatabase());
  const manifest = await checkedManifest(dir);
  const scratchName = values['scratch-database'] ?? `${live.pathname.slice(1)}_restore_drill`;
  const admin = new pg.Client({ connectionString: live.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${scratchName}" with (force)`);
  await admin.query(`create database "${scratchName}"`);
  const scratch = new URL(live);
  scratch.pathname = `/${scratchName}`;
  try {
    pgRestore(dir, scratch.toString());
    const restored = await rowCounts(scratch.toString());
    const differences = compare(manifest.counts, restored);
    if (differences.length > 0)
      throw new Error(`Row counts differ after the restore:\n${differences.join('\n')}`);
    console.log(
      `Restore drill passed: ${Object.keys(restored).length} tables, ${total(restored)} rows as counted at the backup (users: ${restored['public.users'] ?? 0}); ${manifest.files.length} files match their checksums`,
    );
  } finally {
    await admin.query(`drop database if exists "${scratchName}" with (force)`);
    await admin.end();
  }
}

const usage = 'Usage: node scripts/backup.mjs backup|restore|drill --dir <directory>';
if (!values.dir || !['backup', 'restore', 'drill'].includes(command ?? '')) {
  console.error(usage);
  process.exit(2);
}
const run = { backup, restore, drill }[command];
run(path.resolve(values.dir)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

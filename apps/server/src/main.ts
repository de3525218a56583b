#!/usr/bin/env node
import cluster from 'node:cluster';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { ZEmailSchema, ZPasswordSchema } from '@stp/shared';
import { passwordProblem } from './auth/password-strength.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { isEmptyDatabase, presentDemoAccounts, seedDatabase } from './db/seed/index.js';
import { metricsEnabled } from './http/metrics-endpoint.js';
import { loadOnce } from './lib/load-once.js';
import {
  startOrphanFileSweeper,
  sweepOrphanFiles,
  type SweepLog,
} from './modules/complaints/orphan-files.js';
import { createStorage } from './storage/factory.js';
import type { FileStorage } from './storage/storage.js';

const usage = `Usage: npm run manage -- <command> [options]

Commands:
  start                         migrate, load base data (and demo data on an empty database), serve
  migrate                       apply the SQL migrations
  seed [--demo]                 load the base data; with --demo also the demo data (empty database only)
  create-user --email E --password P [--superuser] [--staff] [--groups "Group A,Group B"]
  purge-sessions                remove expired sessions
  sweep-uploads [--min-age S]   remove complaint files no row references, older than S seconds
                                (default UPLOAD_ORPHAN_AGE_SECONDS)
  generate-data --restrictions N  add N generated restrictions with their versions (bench data)
  migrate-files                 copy the files of UPLOADS_DIR into the S3_BUCKET (same keys; a key the
                                bucket holds with the same size is skipped), before STORAGE_DRIVER=s3`;

class UsageError extends Error {}

async function withDatabase<T>(config: Config, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ ...config.database, pgliteDir: config.database.pgliteDir });
  try {
    await handle.migrate();
    return await work(handle);
  } finally {
    await handle.close();
  }
}

function printAccounts(
  accounts: { email: string; password: string; role: string }[],
  heading = 'Demo accounts (all with the same password):',
) {
  if (accounts.length === 0) return;
  console.log(`\n${heading}`);
  const width = Math.max(...accounts.map((account) => account.role.length)) + 2;
  for (const account of accounts) console.log(`  ${account.role.padEnd(width)} ${account.email}`);
  console.log(`  password: ${accounts[0]?.password}\n`);
}

/**
 * In production the demo accounts are a way in for anyone who read the README: said on stderr, framed,
 * whenever they are in the database (just loaded, or left from an earlier start).
 */
function warnOfDemoInProduction(config: Config, accounts: unknown[]) {
  if (config.env !== 'production' || accounts.length === 0) return;
  const rule = '!'.repeat(78);
  console.error(
    [
      rule,
      'WARNING: the demo accounts are loaded and this server runs with NODE_ENV=production.',
      'Their password is printed in the README: anyone can sign in as a superuser.',
      'Use the demo for a trial only; a real deployment starts on an empty database with',
      'SEED_DEMO unset (never in production) and makes its accounts with create-user.',
      rule,
    ].join('\n'),
  );
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);

/** Prints where the portal runs and how to sign in (demo accounts when it loaded them). */
async function announce(
  config: Config,
  handle: DatabaseHandle,
  demo: Awaited<ReturnType<typeof seedDatabase>>,
) {
  const workers = config.workers > 1 ? `, ${config.workers} workers` : '';
  // The address it listens on, when that is not what the banner's link suggests (loopback).
  const listening = loopbackHosts.has(config.host) ? '' : `, listening on ${config.host}:${config.port}`;
  console.log(
    `\nServices Trade Portal is running on ${config.publicUrl} (database: ${handle.kind === 'pglite' ? `embedded, ${config.database.pgliteDir}` : 'PostgreSQL'}${workers}${listening})`,
  );
  if (demo) {
    printAccounts(demo.accounts);
    warnOfDemoInProduction(config, demo.accounts);
    return;
  }
  const demoAccounts = await presentDemoAccounts(handle.db);
  if (demoAccounts.length > 0) {
    printAccounts(demoAccounts, 'Demo accounts (password as loaded on first start, unless changed since):');
    warnOfDemoInProduction(config, demoAccounts);
  } else {
    console.log(
      'Sign in with an account made by: npm run manage -- create-user --email E --password P --superuser\n',
    );
  }
}

/**
 * The server's modules (most of what a start loads): only in a process that serves, and loaded beside
 * the migrations (issue 35; docs/performance.md, "What the start loads").
 */
const loadApp = loadOnce(() => import('./app.js'));

/** Serves HTTP from this process until SIGINT or SIGTERM, then closes the app and the database. */
async function serve(config: Config, handle: DatabaseHandle, storage: FileStorage, onClose = () => {}) {
  const { buildApp } = await loadApp();
  const app = await buildApp({ config, database: handle, storage });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    onClose();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  return app;
}

/** What the primary of `WORKERS > 1` tells its workers once the database is migrated and seeded. */
const databaseReady = 'stp:database-ready';

/**
 * `start`: migrate, seed, then serve. With WORKERS > 1 (PostgreSQL only) this process migrates, seeds
 * and sweeps orphan files, and WORKERS forked processes serve the port (node:cluster shares it); a
 * worker that dies is replaced. The first worker is forked at once and loads the app's modules while
 * this process migrates, the others when it listens; each serves once told the database is ready.
 * docs/decisions.md, "Worker processes".
 */
async function start(config: Config) {
  // Its failure is reported by serve(), which loads it again.
  if (cluster.isWorker || config.workers === 1) void loadApp().catch(() => undefined);
  const storage = createStorage(config);
  if (cluster.isWorker) {
    await new Promise<void>((resolve) => {
      const onMessage = (message: unknown) => {
        if (message !== databaseReady) return;
        process.off('message', onMessage);
        resolve();
      };
      process.on('message', onMessage);
    });
    await serve(config, await openDatabase(config.database), storage);
    return;
  }
  let ready = false;
  let stopping = false;
  // With workers, this process sums their metrics and owns METRICS_PORT (http/cluster-metrics.ts).
  let stopMetrics = async () => undefined as void;
  if (config.workers > 1 && metricsEnabled(config.metrics)) {
    const { startClusterMetrics } = await import('./http/cluster-metrics.js');
    stopMetrics = await startClusterMetrics(config.metrics, (error) =>
      console.error(JSON.stringify({ level: 50, err: String(error), msg: 'metrics scrape failed' })),
    );
  }
  const fork = () => {
    const worker = cluster.fork().on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`A worker stopped (${signal ?? code}): starting another.`);
      fork();
    });
    if (ready) worker.send(databaseReady);
    return worker;
  };
  // One worker first, the others once it listens: on a machine of few cores the first answers come
  // sooner than when every worker loads its modules at once.
  const listening =
    config.workers > 1
      ? [
          once(fork(), 'listening').then(() =>
            Promise.all(Array.from({ length: config.workers - 1 }, () => once(fork(), 'listening'))),
          ),
        ]
      : [];
  const handle = await openDatabase(config.database);
  await handle.migrate();
  const loadDemo = config.seedDemo === 'auto' && (await isEmptyDatabase(handle.db));
  const demo = await seedDatabase(handle.db, { demo: loadDemo, storage });
  ready = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.send(databaseReady);
  // Files of submissions cut off by a crash (docs/complaints.md, "Crash recovery"), swept by this process.
  const startSweeper = (log: SweepLog) =>
    startOrphanFileSweeper(
      { db: handle.db, storage },
      { minAgeSeconds: config.uploads.orphanAgeSeconds, log },
    );
  if (config.workers === 1) {
    let stopSweeper = () => undefined as void;
    const app = await serve(config, handle, storage, () => stopSweeper());
    stopSweeper = startSweeper(app.log);
    await announce(config, handle, demo);
    return;
  }
  // The primary has no Fastify logger: the sweeper's lines go out as JSON lines, at LOG_LEVEL, as the workers' do.
  const infoLogged = ['info', 'debug', 'trace'].includes(config.logLevel);
  const log: SweepLog = {
    info: (details: object, message: string) => {
      if (infoLogged) console.log(JSON.stringify({ level: 30, ...details, msg: message }));
    },
    error: (details: object, message: string) =>
      console.error(JSON.stringify({ level: 50, ...details, msg: message })),
  };
  const stopSweeper = startSweeper(log);
  const shutdown = async () => {
    stopping = true;
    stopSweeper();
    await stopMetrics();
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map((worker) => {
        const exited = once(worker, 'exit');
        worker.process.kill('SIGTERM');
        return exited;
      }),
    );
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await Promise.all(listening);
  await announce(config, handle, demo);
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'start':
      return start(config);
    case 'migrate':
      await withDatabase(config, async () => undefined);
      console.log('Migrations applied.');
      return;
    case 'seed': {
      const { values } = parseArgs({ args: rest, options: { demo: { type: 'boolean', default: false } } });
      const summary = await withDatabase(config, (handle) =>
        seedDatabase(handle.db, { demo: values.demo, storage: createStorage(config) }),
      );
      console.log(
        summary ? `Base and demo data loaded: ${JSON.stringify(summary.counts)}` : 'Base data loaded.',
      );
      if (summary) printAccounts(summary.accounts);
      if (summary) warnOfDemoInProduction(config, summary.accounts);
      return;
    }
    case 'create-user': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          superuser: { type: 'boolean', default: false },
          staff: { type: 'boolean', default: false },
          groups: { type: 'string', default: '' },
        },
      });
      const email = ZEmailSchema.safeParse(values.email ?? '');
      if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}`);
      const password = ZPasswordSchema.safeParse(values.password ?? '');
      if (!password.success)
        throw new UsageError(
          `--password: ${values.password ? password.error.issues[0]?.message : 'This field is required.'}`,
        );
      const problem = await passwordProblem(password.data, { email: email.data });
      if (problem) throw new UsageError(`--password: ${problem}`);
      // The commands other than `start` load their own modules (issue 35: the start loads only its own).
      const { createUser } = await import('./modules/accounts/create-user.js');
      const groupNames = values.groups
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const user = await withDatabase(config, async (handle) => {
        await seedDatabase(handle.db, { demo: false, storage: createStorage(config) });
        return createUser(handle.db, {
          email: email.data,
          password: password.data,
          isSuperuser: values.superuser,
          isStaff: values.staff || values.superuser,
          groups: groupNames,
        });
      });
      console.log(
        `Created ${user.isSuperuser ? 'superuser' : user.isStaff ? 'staff account' : 'client account'} ${user.email} (id ${user.id}).`,
      );
      return;
    }
    case 'generate-data': {
      const { values } = parseArgs({
        args: rest,
        options: { restrictions: { type: 'string', default: '100000' } },
      });
      const count = Number(values.restrictions);
      if (!Number.isInteger(count) || count < 1)
        throw new UsageError('--restrictions: Enter a whole number.');
      const { generateRestrictions } = await import('./modules/restrictions/generate-data.js');
      const started = Date.now();
      const written = await withDatabase(config, async (handle) => {
        await seedDatabase(handle.db, { demo: false, storage: createStorage(config) });
        return generateRestrictions(handle.db, {
          restrictions: count,
          concurrency: handle.kind === 'postgres' ? 2 : 1,
          progress: (done) =>
            process.stdout.write(
              `${done} / ${count} restrictions, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
            ),
        });
      });
      console.log(`\nGenerated ${written} restrictions in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    case 'sweep-uploads': {
      const { values } = parseArgs({ args: rest, options: { 'min-age': { type: 'string' } } });
      const minAge = Number(values['min-age'] ?? config.uploads.orphanAgeSeconds);
      if (!Number.isInteger(minAge) || minAge < 0) throw new UsageError('--min-age: Enter a whole number.');
      const removed = await withDatabase(config, (handle) =>
        sweepOrphanFiles({ db: handle.db, storage: createStorage(config) }, { minAgeSeconds: minAge }),
      );
      console.log(`Removed ${removed.length} orphan upload file${removed.length === 1 ? '' : 's'}.`);
      return;
    }
    case 'migrate-files': {
      if (!config.storage.s3.bucket)
        throw new UsageError('S3_BUCKET: set the bucket to copy the files into.');
      const [{ S3Storage }, { migrateFiles }] = await Promise.all([
        import('./storage/s3.js'),
        import('./storage/migrate-files.js'),
      ]);
      const target = new S3Storage(config.storage.s3);
      const plural = (count: number) => `${count} file${count === 1 ? '' : 's'}`;
      try {
        const summary = await migrateFiles(config.uploads.dir, target);
        console.log(
          `Copied ${plural(summary.copied)} (${(summary.bytes / 1_048_576).toFixed(1)} MB) from ${config.uploads.dir} to bucket ${config.storage.s3.bucket}; ` +
            `${plural(summary.skipped)} already there, ${plural(summary.ignored)} ignored (no store key).`,
        );
      } finally {
        target.close();
      }
      return;
    }
    case 'purge-sessions': {
      const removed = await withDatabase(config, (handle) => purgeExpiredSessions(handle.db));
      console.log(`Removed ${removed} expired session${removed === 1 ? '' : 's'}.`);
      return;
    }
    case undefined:
    case '--help':
    case 'help':
      console.log(usage);
      if (command === undefined) process.exitCode = 2;
      return;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// A real server's surroundings for the crash and outage suites: its own data directory and database
// (PGlite from the snapshot, a copy of the PostgreSQL template under `npm run test:pg`, or a given
// PostgreSQL URL), opened by the test only while no server runs, and the servers it started.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { seedBase } from '../db/seed/base.js';
import { freePort, ServerProcess } from './server-process.js';
import { copyTemplateDatabase } from './test-database.js';
import { standInIndexHtml } from './stand-in-web.js';

/** The environment of a test server: no SMTP (mails go to the outbox files), no demo data. */
export function serverEnv(baseUrl: string, dataDir: string, databaseUrl: string): Record<string, string> {
  const port = new URL(baseUrl).port;
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'never',
    SMTP_URL: '',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    UPLOAD_ORPHAN_AGE_SECONDS: '0',
    COMPLAINT_COMMIT_DELAY_MS: '0',
  };
}

export class CrashWorkspace {
  readonly servers: ServerProcess[] = [];
  private dropDatabase = async () => undefined as void;

  private constructor(
    readonly dataDir: string,
    public databaseUrl: string,
  ) {}

  /**
   * A data directory with a stand-in web app (the host page carries the csrf value) and a database:
   * `databaseUrl` when given (migrated and given the base data here), else this run's template or snapshot. Runs
   * `setup` on the migrated database before any server starts.
   */
  static async create(
    options: { databaseUrl?: string; setup?: (handle: DatabaseHandle) => Promise<void> } = {},
  ): Promise<CrashWorkspace> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-crash-'));
    await mkdir(path.join(dataDir, 'web'), { recursive: true });
    await writeFile(path.join(dataDir, 'web/index.html'), standInIndexHtml);
    const workspace = new CrashWorkspace(dataDir, options.databaseUrl ?? '');
    const handle = options.databaseUrl
      ? await openDatabase({ url: options.databaseUrl, pgliteDir: '', poolSize: 2 })
      : await workspace.prepareDatabase();
    try {
      await handle.migrate();
      // A given database starts empty: it gets the base data the template and snapshot hold.
      if (options.databaseUrl) await handle.db.transaction((tx) => seedBase(tx));
      await options.setup?.(handle);
    } finally {
      await handle.close();
    }
    return workspace;
  }

  /** This file's database: a copy of the PostgreSQL template, or a PGlite directory from the snapshot. */
  private async prepareDatabase(): Promise<DatabaseHandle> {
    const templateUrl = inject('pgTemplateUrl');
    if (!templateUrl) {
      const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
      return openDatabase({ url: '', pgliteDir: path.join(this.dataDir, 'db'), pgliteSnapshot: snapshot });
    }
    const copy = await copyTemplateDatabase(templateUrl);
    this.databaseUrl = copy.url;
    this.dropDatabase = copy.drop;
    return openDatabase({ url: this.databaseUrl, pgliteDir: '', poolSize: 2 });
  }

  /** Opens the database while no server runs (PGlite is single-process), for setup and the checks. */
  async withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = this.databaseUrl
      ? await openDatabase({ url: this.databaseUrl, pgliteDir: '', poolSize: 2 })
      : await openDatabase({ url: '', pgliteDir: path.join(this.dataDir, 'db') });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  /** Starts `main.ts start` on this workspace and waits until it answers its health check (undefined unsets). */
  async startServer(env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const server = new ServerProcess(baseUrl, {
      ...serverEnv(baseUrl, this.dataDir, this.databaseUrl),
      ...env,
    });
    this.servers.push(server);
    await server.ready();
    return server;
  }

  /** Kills what is left running, drops the database copy and removes the directory. */
  async close(): Promise<void> {
    for (const server of this.servers) await server.stop('SIGKILL');
    await this.dropDatabase();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

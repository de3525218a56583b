// A PostgreSQL cluster a test owns (initdb into a temp dir, pg_ctl on a free port, as in
// scripts/with-postgres.mjs), which the test may stop and start again (the database outage suite), or a
// server of its own in the PGlite run (the two-instance suite).
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);
// initdb and postgres refuse to run as root: run them as the postgres user then.
const asRoot = process.getuid?.() === 0;

async function findBinary(name: string): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? (await readdir(root)).sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: install PostgreSQL (Debian: apt-get install -y postgresql)`);
}

async function exec(binary: string, args: string[]): Promise<void> {
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  await run(file, fileArgs, { timeout: 60_000 });
}

export class PostgresCluster {
  private constructor(
    private readonly dir: string,
    private readonly pgCtl: string,
    readonly port: number,
  ) {}

  /** The `postgres` database, as the superuser. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** initdb into a new temp dir and start the server. */
  static async create(): Promise<PostgresCluster> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stp-pg-cluster-'));
    if (asRoot) {
      const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
      await chown(dir, await id('-u'), await id('-g'));
    }
    const cluster = new PostgresCluster(dir, await findBinary('pg_ctl'), await freePort());
    await exec(await findBinary('initdb'), [
      '-D',
      cluster.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await cluster.start();
    return cluster;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  /** Starts the server (again, on the same port) and waits until it accepts connections. */
  async start(): Promise<void> {
    await exec(this.pgCtl, [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** Stops the server: `fast` ends the sessions cleanly, `immediate` kills them (crash recovery next start). */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await exec(this.pgCtl, ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** Stops the server if it runs and removes its directory. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}

#!/usr/bin/env node
// Runs a command against a throw-away PostgreSQL server: initdb into a temp dir, start it on a free
// port, export TEST_DATABASE_URL, run the command, stop the server and remove the directory.
// Usage: node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function findBinary(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = path.join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install PostgreSQL (Debian: apt-get install -y postgresql)`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// initdb and postgres refuse to run as root: run them as the postgres user then.
const asRoot = process.getuid?.() === 0;
function run(binary, binaryArgs) {
  const file = asRoot ? 'runuser' : binary;
  const fileArgs = asRoot ? ['-u', 'postgres', '--', binary, ...binaryArgs] : binaryArgs;
  execFileSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

const initdb = findBinary('initdb');
const pgCtl = findBinary('pg_ctl');
const dir = mkdtempSync(path.join(os.tmpdir(), 'stp-pg-'));
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
}
const port = await freePort();
const dataDir = path.join(dir, 'data');
let code;
try {
  run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(pgCtl, [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL started on port ${port}`);
  code = await new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
      shell: false,
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
} finally {
  try {
    run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // Already stopped, or never started: nothing to stop.
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);

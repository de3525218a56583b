// The built portal served by the real server on a fresh embedded database with the demo data, for the
// scripts that measure it in a browser (Lighthouse, the JavaScript and slow-link budgets).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server as `npm start` does, on a fresh embedded database in `dataDir` with the demo data, serving
 * a copy of `webDist` (a rebuild of apps/web/dist meanwhile cannot pull chunks from under it). `fromSource`
 * runs the server's TypeScript instead of apps/server/dist.
 */
export async function startServer(dataDir, { webDist, fromSource = false }) {
  const webDistDir = path.join(dataDir, 'web');
  await cp(webDist, webDistDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = fromSource
    ? ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts'), 'start']
    : [...serverNodeFlags(), path.join(repoRoot, 'apps/server/dist/main.js'), 'start'];
  const server = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'auto',
      WEB_DIST_DIR: webDistDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseUrl, server };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not answer in time:\n${output}`);
}

/** Stops a server of startServer and waits for it to exit. */
export async function stopServer(server) {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
}

/**
 * Runs `measure(baseUrl)` against a freshly started built server and removes its data afterwards.
 * Options: `webDist` (default apps/web/dist), `fromSource`.
 */
export async function withBuiltServer(options, measure) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-measure-data-'));
  const webDist = path.resolve(options.webDist ?? path.join(repoRoot, 'apps/web/dist'));
  const { baseUrl, server } = await startServer(dataDir, { webDist, fromSource: options.fromSource });
  try {
    return await measure(baseUrl);
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The path of a restriction of the demo data (the first the browse API lists). */
export async function restrictionPath(baseUrl) {
  const listed = await (await fetch(`${baseUrl}/api/restrictions/?page_size=1`)).json();
  const slug = listed.results?.[0]?.slug;
  if (!slug) throw new Error('The demo data has no restriction to view.');
  return `/public/restriction/${slug}`;
}

/**
 * The rows `measure(baseUrl)` gives against `--base-url` when the command line names one, else against
 * the built server started for it (`--web-dist DIR`, `--source`): the budget scripts' common start.
 */
export async function measureOnServer(measure, argv = process.argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const baseUrl = option('--base-url');
  if (baseUrl) return measure(baseUrl.replace(/\/$/, ''));
  return withBuiltServer({ webDist: option('--web-dist'), fromSource: argv.includes('--source') }, measure);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer in time:\n${log()}`);
}

/** A portal server of the suite: its address, and a stop that also removes its data. */
export interface PortalServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built app, as `npm start` does (with its heap flags), on a fresh embedded database with the demo data, with the
 * suite's settings and `env` over them (SMTP_URL at least). `E2E_SERVER=source` runs the server from its
 * TypeScript source (no server build needed); `E2E_WEB_DIST` names a private web build.
 */
export async function startPortal(env: Record<string, string>): Promise<PortalServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-e2e-'));
  // A copy of the web build: a rebuild of apps/web/dist during the run cannot pull chunks from under it.
  const webDistDir = path.join(dataDir, 'web');
  await cp(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'), webDistDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const serverArgs =
    process.env.E2E_SERVER === 'source'
      ? ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts'), 'start']
      : [...serverNodeFlags(repoRoot), path.join(repoRoot, 'apps/server/dist/main.js'), 'start'];
  const server = spawn(process.execPath, serverArgs, {
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
      // Every browser context of the suite comes from this one address: the per-address limits would
      // otherwise count the whole suite.
      RATE_LIMIT_GLOBAL: '100000/1m',
      RATE_LIMIT_LOGIN_IP: '10000/5m',
      RATE_LIMIT_REGISTER: '10000/1h',
      RATE_LIMIT_TOKEN: '10000/1m',
      // Strangers' guesses on one account past this wait a growing delay (docs/security.md): the 429
      // spec counts its wrong sign-ins from one address, so only the per-account limit is in its way.
      RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '10000/1h',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

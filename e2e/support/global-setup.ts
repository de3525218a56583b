import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MailCatcher } from '../../apps/server/src/test/mail-catcher.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `GET` answers every mail the SMTP catcher received so far, oldest first (see support/mail.ts). */
    mailUrl: string;
    /** Wrong sign-ins one account may make before the server answers 429 (config.ts default). */
    loginsPerAccount: number;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
// Sign-ins one account may make in 15 minutes (the server's default is 10, config.ts). Every spec
// signs a demo account in, and the admin specs alone sign admin@ in more than ten times within
// 15 minutes, so the run allows more; the 429 spec reads the count from here.
const loginsPerAccount = 40;

function freePort(): Promise<number> {
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

/** The caught mails over HTTP: the specs run in workers, the SMTP catcher lives in this process. */
async function serveMail(mail: MailCatcher): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    const list = mail.messages.map((message) => ({
      to: [message.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? '')),
      subject: message.subject ?? '',
      text: message.text ?? '',
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts the built app, as `npm start` does, on a fresh embedded database with the demo data and a real SMTP server. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-e2e-'));
  // A copy of the web build: a rebuild of apps/web/dist during the run cannot pull chunks from under it.
  const webDistDir = path.join(dataDir, 'web');
  // E2E_WEB_DIST: a private build (`vite build --outDir …`), so that parallel work does not share apps/web/dist.
  await cp(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'), webDistDir, { recursive: true });
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const mailbox = await serveMail(mail);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // E2E_SERVER=source runs the server from its TypeScript source (no server build needed).
  const serverArgs =
    process.env.E2E_SERVER === 'source'
      ? ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts'), 'start']
      : [path.join(repoRoot, 'apps/server/dist/main.js'), 'start'];
  const server = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'auto',
      WEB_DIST_DIR: webDistDir,
      // Every browser context of the suite comes from this one address: the per-address limits would
      // otherwise count the whole suite. The per-account login limit keeps its default (the 429 spec).
      RATE_LIMIT_GLOBAL: '100000/1m',
      RATE_LIMIT_LOGIN_IP: '10000/5m',
      RATE_LIMIT_REGISTER: '10000/1h',
      RATE_LIMIT_TOKEN: '10000/1m',
      RATE_LIMIT_LOGIN_ACCOUNT: `${loginsPerAccount}/15m`,
      // Strangers' guesses on one account past this wait a growing delay (docs/security.md): the 429
      // spec counts its wrong sign-ins from one address, so only the per-account limit is in its way.
      RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '10000/1h',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('mailUrl', mailbox.url);
  project.provide('loginsPerAccount', loginsPerAccount);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mailbox.close();
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

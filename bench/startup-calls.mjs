#!/usr/bin/env node
// Load test of the two calls every visit makes: GET /api/cache/constants/ (anonymous) and
// GET /api/cache/token/ (signed in). Starts the built server on a fresh database with the demo data
// and rate limits lifted, signs in, then runs autocannon against each path.
//   Embedded PGlite:  npm run build && node bench/startup-calls.mjs
//   PostgreSQL:       npm run build && node scripts/with-postgres.mjs node bench/startup-calls.mjs
// Options: --connections 50 --duration 20
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: { connections: { type: 'string', default: '50' }, duration: { type: 'string', default: '20' } },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stp-bench-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const lifted = '100000000/1m';
const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js'), 'start'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RATE_LIMIT_GLOBAL: lifted,
    RATE_LIMIT_TOKEN: lifted,
    RATE_LIMIT_LOGIN_IP: lifted,
    RATE_LIMIT_LOGIN_ACCOUNT: lifted,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
}

async function signIn() {
  const page = await fetch(`${base}/`);
  const csrf = /data-csrf="([^"]+)"/.exec(await page.text())?.[1];
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: cookiesOf(page).join('; ') },
    body: JSON.stringify({ email: 'admin@portal.example', password: 'Demo-Portal-2026' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return cookiesOf(login).join('; ');
}

function load(pathName, headers) {
  return autocannon({
    url: `${base}${pathName}`,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers,
  });
}

try {
  await waitForServer();
  const cookie = await signIn();
  const database = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}, autocannon -c ${values.connections} -d ${values.duration}`);
  console.log('| database | path | req/s (avg) | p50 ms | p99 ms | non-2xx | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [pathName, headers] of [
    ['/api/cache/constants/', {}],
    ['/api/cache/token/', { cookie, 'x-requested-with': 'XMLHttpRequest' }],
  ]) {
    const result = await load(pathName, headers);
    console.log(
      `| ${database} | ${pathName} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

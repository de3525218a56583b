#!/usr/bin/env node
// Load bench of the portal: the scenarios of bench/scenarios.mjs (constants, token, browse, restriction
// view, indicator, complaint submission), each run with autocannon and, on PostgreSQL, beside a pgbench
// run of the SQL the endpoint runs. Generates the restrictions, starts the server (which adds the demo
// data: accounts, indicators) with every rate limit lifted, prints a markdown table.
//   Embedded PGlite:  npm run bench:load -- --restrictions 20000
//   PostgreSQL:       npm run bench:load:pg -- --restrictions 100000   (a server started in a temp dir)
//   An existing database: TEST_DATABASE_URL=postgres://… node bench/load.mjs --restrictions 0
//   Server processes: WORKERS=2 in the environment (PostgreSQL only; the server reads it, see README).
// Options: --scenarios constants,token,browse,view,indicator,complaint (default all), and writes
//          (browse alone, with an edit every 2 s, and with a 1,000-row import: bench/writes-during-reads.mjs)
//          --restrictions 100000 (0: generate none)  --connections 50  --duration 20
//          --warmup 5 (seconds of the same scenario first, not measured)
//          --show-sql (print each scenario's pgbench script)
//          --server-root <checkout> (run that checkout's server: before/after comparisons)
//          --server dist|source (source: run apps/server/src with tsx, no server build needed; the
//          browse pgbench script still renders from apps/server/dist)
//          --instances N (PostgreSQL only; N > 1: N servers, each with its own DATA_DIR, behind nginx
//          running deploy/nginx/services-trade-portal.conf over TLS, as apps/server/src/test/
//          nginx-balancer.ts renders it; the load goes through nginx. 1: the server direct, over HTTP)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { randomSource } from './catalogue-scenarios.mjs';
import { cpuPerRequest, cpuSnapshot, residentMb } from './cpu-time.mjs';
import { selectScenarios } from './scenarios.mjs';
import { pgbenchFromCapture } from './sql-capture.mjs';
import { writesDuringReads, writesTable } from './writes-during-reads.mjs';

const { values } = parseArgs({
  options: {
    scenarios: { type: 'string', default: '' },
    restrictions: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    server: { type: 'string', default: 'dist' },
    'server-root': { type: 'string', default: '' },
    'show-sql': { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
  },
});
const instances = Number(values.instances);
const named = values.scenarios.split(',').filter(Boolean);
const withWrites = named.includes('writes');
const others = named.filter((name) => name !== 'writes');
const selected = withWrites && others.length === 0 ? [] : selectScenarios(others.join(','));
// --server-root: the server of another checkout (a before/after comparison with the same bench).
const repoRoot = values['server-root'] || path.resolve(import.meta.dirname, '..');
const serverCommand =
  values.server === 'source'
    ? ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts')]
    : [...serverNodeFlags(repoRoot), path.join(repoRoot, 'apps/server/dist/main.js')];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stp-bench-load-'));
const captureFile = path.join(dataDir, 'captured.jsonl');
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances: a whole number from 1');
if (instances > 1 && !databaseUrl)
  throw new Error('--instances above 1 needs PostgreSQL (TEST_DATABASE_URL)');
const port = 18000 + Math.floor(Math.random() * 1000);
const ports = Array.from({ length: instances }, (_, index) => port + index);
// With --instances: nginx in front (set below), and the calls of the setup go through it too.
let base = `http://127.0.0.1:${port}`;
let httpFetch = fetch;
let balancer;
const lifted = '100000000/1m';
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Production loads no demo data unless asked by name: the bench signs in as its trader.
  SEED_DEMO: 'auto',
  RATE_LIMIT_GLOBAL: lifted,
  RATE_LIMIT_TOKEN: lifted,
  RATE_LIMIT_LOGIN_IP: lifted,
  RATE_LIMIT_LOGIN_ACCOUNT: lifted,
};
// The demo data is loaded when the server starts on a database with no account: its trader signs in.
const client = { email: 'trader@portal.example', password: 'Demo-Portal-2026' };

const manage = (...args) =>
  execFileSync(process.execPath, [...serverCommand, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

async function waitForServer(serverPort = port) {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/api/health/`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
let clientHeaders;

/** What the scenarios' setup gets: GET as JSON, and the signed-in client's headers (signs in once). */
const bench = {
  json: async (url) => (await httpFetch(`${base}${url}`)).json(),
  clientHeaders: () => {
    clientHeaders ??= (async () => {
      const page = await httpFetch(`${base}/`);
      const csrf = /data-csrf="([^"]+)"/.exec(await page.text())?.[1];
      const login = await httpFetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrftoken': csrf,
          cookie: cookiesOf(page).join('; '),
        },
        body: JSON.stringify(client),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      return {
        cookie: cookiesOf(login).join('; '),
        'x-csrftoken': (await login.json()).csrf,
        'x-requested-with': 'XMLHttpRequest',
      };
    })();
    return clientHeaders;
  },
};

/** Runs autocannon for `seconds` with a fresh request per call from `next()` (each latency to `onResponse`). */
function load(next, seconds, onResponse) {
  return autocannon({
    url: base,
    connections: Number(values.connections),
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', ...next() }) }],
    setupClient: onResponse
      ? (client) => client.on('response', (_status, _bytes, latency) => onResponse(latency))
      : undefined,
  });
}

/** Sends one request of the scenario with capture on and returns the statements the server ran. */
async function capture(request) {
  writeFileSync(captureFile, '');
  const response = await httpFetch(`${base}${request.path}`, {
    method: request.method ?? 'GET',
    headers: { ...request.headers, 'x-bench-capture': '1' },
    body: request.body,
  });
  if (!response.ok) throw new Error(`${request.path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  // Work the handler leaves running after its answer (a notification mail's queries) is part of it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return readFileSync(captureFile, 'utf8').split('\n');
}

function pgbench(script) {
  const scriptFile = path.join(dataDir, 'pgbench.sql');
  writeFileSync(scriptFile, script);
  const args = ['-n', '-c', values.connections, '-j', '2', '-T', values.duration, '-f', scriptFile];
  try {
    const output = execFileSync('pgbench', [...args, databaseUrl], { encoding: 'utf8', stdio: 'pipe' });
    return { tps: Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0) };
  } catch (error) {
    return {
      failed: String(error.stderr ?? error.message)
        .split('\n')
        .find(Boolean),
    };
  }
}

if (Number(values.restrictions) > 0) {
  console.log(`Generating ${values.restrictions} restrictions on ${database} ...`);
  manage('generate-data', '--restrictions', values.restrictions);
}
if (databaseUrl) execFileSync('psql', [databaseUrl, '-qc', 'vacuum analyze'], { stdio: 'ignore' });
const preload = databaseUrl ? ['--import', path.join(import.meta.dirname, 'sql-capture.mjs')] : [];
const spawnedAt = performance.now();
const extraDirs = ports.slice(1).map(() => mkdtempSync(path.join(os.tmpdir(), 'stp-bench-load-')));
/** One server on `ports[index]`; each of `--instances` has its own data directory, nothing shared on disk. */
const startServer = (index) =>
  spawn(process.execPath, [...preload, ...serverCommand, 'start'], {
    env: {
      ...env,
      PORT: String(ports[index]),
      DATA_DIR: index === 0 ? dataDir : extraDirs[index - 1],
      BENCH_SQL_CAPTURE: captureFile,
      ...(instances > 1 ? { TRUST_PROXY: '127.0.0.1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
// The first start loads the demo data into the database; the others start once it is there.
const servers = [startServer(0)];
/** The processes whose CPU is the server's: every instance's tree, and nginx's. */
const serverPids = () => [...servers.map((server) => server.pid), ...(balancer ? [balancer.pid] : [])];
try {
  await waitForServer();
  if (instances > 1) {
    for (let index = 1; index < instances; index += 1) servers.push(startServer(index));
    for (const serverPort of ports) await waitForServer(serverPort);
    const { NginxBalancer } = await tsImport('../apps/server/src/test/nginx-balancer.ts', import.meta.url);
    balancer = await NginxBalancer.start({
      upstreams: ports.map((serverPort) => `127.0.0.1:${serverPort}`),
      uploadMaxMb: 10,
    });
    base = balancer.httpsUrl;
    httpFetch = balancer.fetchFrom();
  }
  // The first browse answer after the start (the browse index may still be loading).
  for (;;) {
    const response = await httpFetch(`${base}/api/restrictions/?page_size=20`).catch(() => null);
    if (response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const firstBrowseMs = Math.round(performance.now() - spawnedAt);
  const rng = randomSource(11);
  const rows = [];
  for (const scenario of selected) {
    const state = (await scenario.setup?.(bench)) ?? {};
    const next = () => scenario.request(state, rng);
    let script = '';
    if (databaseUrl) {
      script = scenario.pgbench?.script
        ? await scenario.pgbench.script(state)
        : pgbenchFromCapture(await capture(next()), scenario.pgbench?.substitute);
    }
    if (values['show-sql'] && script) console.log(`\n-- ${scenario.name}: pgbench script\n${script}`);
    // A warm-up first, not measured: the caches, the browse index's sort orders and searches, the
    // database's buffers and the JIT reach the state a server running for a while is in.
    if (Number(values.warmup) > 0) await load(next, Number(values.warmup));
    const before = cpuSnapshot(serverPids());
    const result = await load(next, Number(values.duration));
    const cpu = cpuPerRequest(before, cpuSnapshot(serverPids()), result.requests.total);
    let pgbenchCells = ['', ''];
    if (databaseUrl && !script.trim()) pgbenchCells = ['no SQL per request', ''];
    else if (databaseUrl) {
      const { tps, failed } = pgbench(script);
      pgbenchCells = failed
        ? [`failed: ${failed}`, '']
        : [tps.toFixed(0), (result.requests.average / tps).toFixed(2)];
    }
    rows.push(
      [
        database,
        scenario.title,
        Math.round(result.requests.average),
        result.latency.p50,
        result.latency.p99,
        result.non2xx,
        result.errors,
        cpu.server.toFixed(2),
        databaseUrl ? cpu.postgres.toFixed(2) : '',
        cpu.load.toFixed(2),
        ...pgbenchCells,
      ].join(' | '),
    );
  }
  console.log(
    `\n${database}, ${values.restrictions} generated restrictions, ${instances > 1 ? `${instances} instances behind nginx (TLS)` : 'one instance direct'}, autocannon${databaseUrl ? ' and pgbench' : ''} -c ${values.connections}, ${values.duration} s each, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| database | scenario | req/s (avg) | p50 ms | p99 ms | non-2xx | errors | CPU ms/req: server | postgres | autocannon | pgbench tps | endpoint/pgbench |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row} |`);
  if (withWrites) {
    const result = await writesDuringReads({
      base,
      load,
      rng,
      seconds: Number(values.duration),
      warmup: Number(values.warmup),
    });
    const workers = process.env.WORKERS ?? '1';
    console.log(
      writesTable(
        result,
        `${database}, ${values.restrictions} generated restrictions, ${workers} process(es), autocannon -c ${values.connections}, ${values.duration} s per phase`,
      ),
    );
  }
  const resident = [...residentMb(serverPids())].map(([pid, mb]) => `${pid}: ${mb} MB`);
  console.log(
    `\nFirst browse answer ${firstBrowseMs} ms after the start; resident memory now: ${resident.join(', ')}`,
  );
} finally {
  await balancer?.stop();
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  for (const dir of [dataDir, ...extraDirs]) rmSync(dir, { recursive: true, force: true });
}

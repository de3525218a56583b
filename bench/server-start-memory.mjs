#!/usr/bin/env node
// Start time and resident memory of the server as production runs it (issue 35): starts the built
// server (`apps/server/dist/main.js start`, or the sources with --server source) on an existing
// database, and measures
//   - the start: from the spawn to the first health answer (the server listens), then from there to
//     the first browse answer, and the slowest of the browse requests sent while the index loads
//     (`--concurrency` callers at once, a fresh URL each, for `--start-window` seconds);
//   - the memory: resident (VmRSS) of each server process after `--requests` browse requests of the
//     mix of catalogue-scenarios.mjs, and again after 5 s idle.
// The load average is printed with every figure (the machine is shared).
//   DATABASE_URL=postgres://… node bench/server-start-memory.mjs [--requests 2000] [--concurrency 8]
//   WORKERS=2 in the environment: two serving processes (each one's resident memory is printed).
//   --start-only: only the start (spawn → listening with the CPU spent until then, → first browse
//   answer, → first server-rendered home page), then stop: several runs compare two builds quickly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { browsePath, randomSource } from './catalogue-scenarios.mjs';
import { cpuSnapshot, residentMb } from './cpu-time.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    'start-window': { type: 'string', default: '15' },
    server: { type: 'string', default: 'dist' },
    'server-root': { type: 'string', default: '' },
    'start-only': { type: 'boolean', default: false },
    // What the callers accept (browsers: br): the compression's buffers count in the memory.
    encoding: { type: 'string', default: 'br, gzip, deflate' },
  },
});
const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
if (!databaseUrl) throw new Error('DATABASE_URL: the database to start on (generate its rows first)');
// --server-root: another checkout's server (a before/after comparison).
const root = values['server-root'] || path.resolve(import.meta.dirname, '..');
const command =
  values.server === 'source'
    ? ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/main.ts')]
    : [...serverNodeFlags(root), path.join(root, 'apps/server/dist/main.js')];
const port = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stp-bench-start-'));
const lifted = '100000000/1m';
const load = () => os.loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const spawnedAt = performance.now();
const server = spawn(process.execPath, [...command, 'start'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'auto',
    RATE_LIMIT_GLOBAL: lifted,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const headers = { 'accept-encoding': values.encoding };
const get = (url) => fetch(url, { headers });
const tree = async () => (await get(`${base}/api/sectors/tree/`)).json();
/** CPU ms so far of the server's processes (all threads, /proc): what a loaded machine does not inflate. */
const cpuMs = () => Math.round([...cpuSnapshot(server.pid).server.values()].reduce((sum, ms) => sum + ms, 0));
const resident = () =>
  [...residentMb(server.pid)].map(([pid, mb]) => `${pid === server.pid ? 'main' : pid}: ${mb} MB`).join(', ');
try {
  while (
    !(await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error('the server exited');
    await sleep(10);
  }
  const listening = performance.now();
  const cpuListening = cpuMs();
  console.log(
    `listening ${Math.round(listening - spawnedAt)} ms after the spawn, ${cpuListening} ms of CPU: resident ${resident()} (load ${load()})`,
  );
  // The first browse answer, asked the moment it listens (the first page, as a visitor's first visit).
  let first = 0;
  while (!first) {
    const response = await get(`${base}/api/restrictions/?page_size=20`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok) first = performance.now() - listening;
  }
  if (values['start-only']) {
    const browsed = cpuMs();
    const home = performance.now();
    const page = await get(`${base}/`);
    const html = await page.text();
    console.log(
      `start: listening ${Math.round(listening - spawnedAt)} ms (CPU ${cpuListening} ms), first browse ${Math.round(listening - spawnedAt + first)} ms after the spawn (CPU ${browsed} ms), then the home page in ${Math.round(performance.now() - home)} ms (${html.includes('<script type="application/json" id=') ? 'server-rendered' : 'shell'}) (load ${load()})`,
    );
    process.exitCode = 0;
  }
  if (!values['start-only']) {
    // Then callers keep asking during the load; every answer's latency is kept.
    const rng = randomSource(5);
    const latencies = [];
    let failed = 0;
    const until = listening + Number(values['start-window']) * 1000;
    // The sector tree answers from SQL at once; its slugs make the browse URLs.
    const sectors = (await tree()).sectors.flatMap((node) => [
      node.slug,
      ...node.children.map((child) => child.slug),
    ]);
    await Promise.all(
      Array.from({ length: Number(values.concurrency) }, async () => {
        while (performance.now() < until) {
          const url = `${base}${browsePath(rng, sectors)}`;
          const sent = performance.now();
          const response = await get(url).catch(() => null);
          await response?.arrayBuffer();
          const took = performance.now() - sent;
          if (!response?.ok) failed += 1;
          else {
            latencies.push({ at: sent - listening, took });
          }
        }
      }),
    );
    const slowest = latencies.reduce((worst, entry) => (entry.took > worst.took ? entry : worst), {
      at: 0,
      took: 0,
    });
    console.log(
      `first browse answer ${Math.round(first)} ms after listening; in the first ${values['start-window']} s, ${values.concurrency} callers: ${latencies.length} answers, ${failed} failed, slowest ${Math.round(slowest.took)} ms (sent at ${Math.round(slowest.at)} ms); resident ${resident()} (load ${load()})`,
    );
    // The browse mix, then the memory.
    const mix = randomSource(11);
    let left = Number(values.requests);
    const mixStarted = performance.now();
    await Promise.all(
      Array.from({ length: Number(values.concurrency) }, async () => {
        while (left > 0) {
          left -= 1;
          const response = await get(`${base}${browsePath(mix, sectors)}`);
          await response.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - mixStarted) / 1000;
    console.log(
      `after ${values.requests} browse requests (${(Number(values.requests) / seconds).toFixed(0)} req/s): resident ${resident()} (load ${load()})`,
    );
    // V8 gives back memory once the process is idle a while (its memory reducer).
    for (const seconds of [5, 30]) {
      await sleep(seconds === 5 ? 5_000 : 25_000);
      console.log(`${seconds} s later: resident ${resident()} (load ${load()})`);
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}

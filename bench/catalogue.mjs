#!/usr/bin/env node
// Load test of the public catalogue: browse (filters + search + page varying per request), the
// restriction view (varying slugs) and an indicators path, with the pgbench run of the browse SQL
// when the database is PostgreSQL. Generates the data set, starts the built server, prints a table.
//   Embedded PGlite:  npm run bench:catalogue -- --restrictions 20000
//   PostgreSQL:       npm run bench:catalogue:pg -- --restrictions 100000
// Options: --restrictions 100000 --connections 50 --duration 20 --indicators-path /api/indicators/{slug}/
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pgbenchScript } from './catalogue-pgbench.mjs';
import { browsePath, randomSource } from './catalogue-scenarios.mjs';

const { values } = parseArgs({
  options: {
    restrictions: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'indicators-path': { type: 'string', default: '/api/indicators/{slug}/' },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const main = path.join(repoRoot, 'apps/server/dist/main.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stp-bench-catalogue-'));
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
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
  RATE_LIMIT_GLOBAL: lifted,
};

async function waitForServer() {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

const json = async (url) => (await fetch(`${base}${url}`)).json();

/** Runs autocannon with a fresh URL per request from `nextPath`. */
function load(nextPath) {
  return autocannon({
    url: base,
    connections: Number(values.connections),
    duration: Number(values.duration),
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: nextPath() }),
      },
    ],
  });
}

function pgbench(scriptFile) {
  const output = execFileSync(
    'pgbench',
    ['-n', '-c', values.connections, '-j', '2', '-T', values.duration, '-f', scriptFile, '-r', databaseUrl],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? 0);
  return { tps, latency };
}

console.log(`Generating ${values.restrictions} restrictions on ${database} ...`);
execFileSync(process.execPath, [main, 'generate-data', '--restrictions', values.restrictions], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (databaseUrl) execFileSync('psql', [databaseUrl, '-qc', 'vacuum analyze'], { stdio: 'ignore' });
const server = spawn(process.execPath, [main, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  await waitForServer();
  const rng = randomSource(11);
  const tree = await json('/api/sectors/tree/');
  const sectorSlugs = tree.sectors.flatMap((node) => [
    node.slug,
    ...node.children.map((child) => child.slug),
  ]);
  const slugs = [];
  for (let page = 1; page <= 20; page++) {
    const list = await json(`/api/restrictions/?page_size=100&page=${page}&sort=-updated`);
    slugs.push(...list.results.map((row) => row.slug));
  }
  let indicatorsPath = values['indicators-path'];
  if (indicatorsPath.includes('{slug}')) {
    const list = await json('/api/indicators/').catch(() => ({ results: [] }));
    const slug = list.results?.[0]?.slug;
    indicatorsPath = slug ? indicatorsPath.replace('{slug}', slug) : '';
  }

  const scenarios = [
    ['browse (filters + search + page)', () => browsePath(rng, sectorSlugs)],
    ['restriction view', () => `/api/restrictions/${slugs[Math.floor(rng() * slugs.length)]}/`],
  ];
  if (indicatorsPath) scenarios.push([`indicators ${indicatorsPath}`, () => indicatorsPath]);

  const rows = [];
  let browseRps = 0;
  for (const [name, nextPath] of scenarios) {
    const result = await load(nextPath);
    if (name.startsWith('browse')) browseRps = result.requests.average;
    rows.push(
      `| ${database} | ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors} |`,
    );
  }
  let pgbenchLine = '';
  if (databaseUrl) {
    const scriptFile = path.join(dataDir, 'browse.sql');
    writeFileSync(scriptFile, await pgbenchScript());
    const { tps, latency } = pgbench(scriptFile);
    pgbenchLine = `\npgbench of the browse SQL (page rows + highlights, -c ${values.connections}): ${tps.toFixed(0)} tps, ${latency} ms average; endpoint/pgbench = ${(browseRps / tps).toFixed(2)}`;
  }
  console.log(
    `\n${database}, ${values.restrictions} generated restrictions, autocannon -c ${values.connections} -d ${values.duration}`,
  );
  console.log('| database | scenario | req/s (avg) | p50 ms | p99 ms | non-2xx | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  if (pgbenchLine) console.log(pgbenchLine);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

// Issue 35, a clean stop: a real server process stopped (SIGTERM) while its browse index loads and
// visitors browse (PostgreSQL, one process and two; the PGlite run starts its own PostgreSQL), and while the index reloads after a
// large write under the same load (PostgreSQL: the test writes while the server runs), exits 0, logs
// no error (no "Cannot use a pool after calling end") and answers every request it had read (its log
// names each by a number in the URL); requests it never read may be refused, never answered with an
// error.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { CrashWorkspace, serverEnv } from '../../test/crash-workspace.js';
import { PostgresCluster } from '../../test/postgres-cluster.js';
import { freePort, ServerProcess, sleep } from '../../test/server-process.js';
import { createDatabase } from '../../test/test-database.js';
import { maxPatchRows } from './browse-patch.js';
import { generateRestrictions } from './generate-data.js';

// More rows than a patch takes: a write of all of them reloads the index, and a load that lasts.
const generate = async ({ db }: DatabaseHandle) => {
  await generateRestrictions(db, { restrictions: maxPatchRows + 1_000, seed: 35, batchSize: 5_000 });
};
/** The visitors' many requests from one address are not what is tested. */
const unlimited = { RATE_LIMIT_GLOBAL: '100000000/1m' };

/**
 * A server on the workspace (killed with it), given 300 s to listen: two worker processes started
 * from source compile every module each, which took more than the usual 150 s on the loaded machine.
 */
async function startServer(on: CrashWorkspace, env: Record<string, string> = {}): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  const server = new ServerProcess(baseUrl, {
    ...serverEnv(baseUrl, on.dataDir, on.databaseUrl),
    ...unlimited,
    // A line when a request is read and one when it is answered (docs/operations.md, "Metrics and logs").
    LOG_LEVEL: 'trace',
    ...env,
  });
  on.servers.push(server);
  await server.ready(300_000);
  return server;
}
/**
 * A PostgreSQL database the test can write to while a server runs: a copy of this run's template, or
 * (the PGlite run) a server of our own. PGlite runs its queries on the server's main thread, so no
 * request is read while it loads the index: a stop during the load with requests under way cannot
 * happen there.
 */
let pgWorkspace: CrashWorkspace;
let ownServer: PostgresCluster | null = null;
let dropOwn = async () => undefined as void;

beforeAll(async () => {
  if (inject('pgTemplateUrl')) pgWorkspace = await CrashWorkspace.create({ setup: generate });
  else {
    ownServer = await PostgresCluster.create();
    const database = await createDatabase(ownServer.url);
    dropOwn = database.drop;
    pgWorkspace = await CrashWorkspace.create({ databaseUrl: database.url, setup: generate });
  }
}, 600_000);
afterAll(async () => {
  await pgWorkspace.close();
  await dropOwn();
  await ownServer?.destroy();
});

interface Answer {
  /** The request's number, in its URL (`visit=`): the server's log names it. */
  visit: number;
  sentAt: number;
  /** Status, and whether the body was whole JSON; or the connection's error. */
  status: number | 'refused';
  whole: boolean;
}

/** Visitors browsing at once until `stop()`: every answer kept with the time its request was sent. */
function browsing(server: ServerProcess, callers = 8) {
  const answers: Answer[] = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: callers }, async () => {
    while (!stopped && server.running) {
      const visit = (n += 1);
      const query = `?country=${['KE', 'TZ', 'UG'][visit % 3]}&page=${1 + (visit % 5)}${visit % 2 ? '&q=licence' : ''}&visit=${visit}`;
      const sentAt = Date.now();
      try {
        const response = await fetch(`${server.baseUrl}/api/restrictions/${query}`);
        const text = await response.text();
        let whole = false;
        try {
          whole = typeof (JSON.parse(text) as { count?: number }).count === 'number';
        } catch {
          whole = false;
        }
        answers.push({ visit, sentAt, status: response.status, whole });
      } catch {
        answers.push({ visit, sentAt, status: 'refused', whole: false });
        await sleep(20);
      }
    }
  });
  return {
    answers,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * The visits the server read, from its log (the "incoming request" and "request completed" lines
 * written at trace, by process and request id): their status, and whether it read them before its
 * stop began.
 */
function visitsRead(server: ServerProcess) {
  const read = new Map<number, { status: number | null; beforeStop: boolean }>();
  const byRequest = new Map<string, number>();
  const stopping = new Set<number>();
  for (const line of server.output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: {
      pid?: number;
      reqId?: string;
      msg?: string;
      url?: string;
      statusCode?: number;
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    const pid = entry.pid ?? 0;
    if (entry.msg?.endsWith(': shutting down')) stopping.add(pid);
    const key = `${pid}/${entry.reqId}`;
    const visit = Number(/[?&]visit=(\d+)/.exec(entry.url ?? '')?.[1] ?? Number.NaN);
    if (entry.msg === 'incoming request' && Number.isInteger(visit)) {
      byRequest.set(key, visit);
      read.set(visit, { status: null, beforeStop: !stopping.has(pid) });
    }
    const done = byRequest.get(key);
    if (entry.msg === 'request completed' && done !== undefined)
      read.get(done)!.status = entry.statusCode ?? null;
  }
  return read;
}

/** Waits for a log entry whose `kind` is `kind`. */
async function logged(server: ServerProcess, message: string, kind: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.logEntries(message).some((entry) => entry.kind === kind)) return;
    if (!server.running) break;
    await sleep(10);
  }
  throw new Error(`no "${message}" (${kind}) in the log:\n${server.output.slice(-3000)}`);
}

/** The log's error lines (pino level 50 and up) and anything printed that is not a JSON log line. */
function troubles(server: ServerProcess): string[] {
  return server.output.split('\n').filter((line) => {
    if (line.trim() === '') return false;
    if (!line.startsWith('{'))
      return !/^(\s|Services Trade Portal is running|Sign in with|Demo accounts)/.test(line);
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return true;
    }
  });
}

/** Stops the server while the visitors browse; checks the exit, the log and every answer. */
async function stopAndCheck(server: ServerProcess, visitors: ReturnType<typeof browsing>, during: string) {
  // Requests under way: the server has read one of them at least.
  while (visitsRead(server).size === 0) await sleep(5);
  // The load must still be under way when the signal goes: else the test proves nothing.
  const loadedBefore = server.logEntries('browse index loaded').filter((entry) => entry.kind === during);
  expect(loadedBefore, `the ${during} ended before the stop`).toEqual([]);
  await server.stop('SIGTERM');
  const code = await server.exited;
  await visitors.stop();
  expect(code).toBe(0);
  expect(server.output).not.toContain('Cannot use a pool');
  expect(troubles(server)).toEqual([]);
  const read = visitsRead(server);
  const answers = new Map(visitors.answers.map((answer) => [answer.visit, answer]));
  // Every request the server had read before its stop was answered, whole; the ones it read during
  // the stop were answered or told it closes (503); none it read was cut off.
  const cut = [...read].flatMap(([visit, { status, beforeStop }]) => {
    const answer = answers.get(visit);
    const fine =
      answer !== undefined &&
      answer.status === status &&
      (status === 200 ? answer.whole : status === 503 && !beforeStop);
    return fine ? [] : [{ visit, server: status, beforeStop, client: answer }];
  });
  expect(cut).toEqual([]);
  expect([...read.values()].filter((visit) => visit.beforeStop).length).toBeGreaterThan(0);
  // Those it never read: refused (the connection closed, or 503 from Fastify, which refuses a request
  // arriving while it closes before logging it), never an error.
  const unread = visitors.answers.filter((answer) => !read.has(answer.visit));
  expect(unread.filter((answer) => answer.status !== 'refused' && answer.status !== 503)).toEqual([]);
}

describe('a server stopped while its browse index loads', () => {
  it(
    'during the first load under browse load (PostgreSQL): exit 0, no error logged, every request answered',
    { timeout: 600_000 },
    async () => {
      const server = await startServer(pgWorkspace);
      // The load starts as the server listens; the visitors are answered from SQL meanwhile (or wait
      // for the index a while). The signal goes while their first requests are under way.
      await logged(server, 'browse index loading', 'load');
      const visitors = browsing(server);
      await stopAndCheck(server, visitors, 'load');
    },
  );

  it(
    'two worker processes (PostgreSQL), during their first load: exit 0, no error logged, every request answered',
    { timeout: 600_000 },
    async () => {
      const server = await startServer(pgWorkspace, { WORKERS: '2' });
      await logged(server, 'browse index loading', 'load');
      const visitors = browsing(server);
      await stopAndCheck(server, visitors, 'load');
    },
  );

  it(
    'during a reload after a large write, under browse load (PostgreSQL)',
    { timeout: 600_000 },
    async () => {
      const server = await startServer(pgWorkspace);
      await logged(server, 'browse index loaded', 'load');
      const visitors = browsing(server);
      while (visitors.answers.filter((answer) => answer.status === 200).length < 20) await sleep(10);
      // More rows written than a patch takes: the next catch-up loads the index again beside the old.
      const client = new pg.Client({ connectionString: pgWorkspace.databaseUrl });
      await client.connect();
      try {
        await client.query(
          `update restrictions set remarks = remarks || ' ' where id in (select id from restrictions order by id limit ${maxPatchRows + 1})`,
        );
      } finally {
        await client.end();
      }
      await logged(server, 'browse index loading', 'reload');
      await sleep(50);
      await stopAndCheck(server, visitors, 'reload');
    },
  );
});

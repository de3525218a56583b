// Issue 7: two server processes on one PostgreSQL behind a round-robin proxy. Sessions, CSRF values,
// bearer tokens and the named rate limits must hold whichever instance answers (docs/two-instances.md).
// Then WORKERS=2: two processes on one port (docs/decisions.md, "Worker processes").
// The PGlite run has no PostgreSQL: this file then starts its own throw-away server.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { seedBase } from '../db/seed/base.js';
import { generateRestrictions } from '../modules/restrictions/generate-data.js';
import { processAlive } from '../lib/process-alive.js';
import { PortalSession, ServerProcess, freePort } from '../modules/complaints/complaint-crash.fixtures.js';
import { createAccount, testPassword } from './factories.js';
import { PostgresCluster } from './postgres-cluster.js';
import { copyTemplateDatabase, createDatabase } from './test-database.js';
import { standInIndexHtml } from './stand-in-web.js';

let root = '';
let ownServer: PostgresCluster | null = null;
let dropDatabase = async () => undefined as void;
const instances: ServerProcess[] = [];
let proxy: RoundRobin;
let proxyUrl = '';
const accounts: string[] = [];
// Small named limits, so the test reaches them; the login limit per address stays out of the way.
const limits = { RATE_LIMIT_LOGIN_ACCOUNT: '3/1m', RATE_LIMIT_REGISTER: '2/1m', RATE_LIMIT_TOKEN: '100/1m' };

/** A tiny HTTP proxy sending each request to the next instance in turn; `x-instance` says which answered. */
class RoundRobin {
  readonly served: number[] = [];
  private next = 0;
  private readonly server: http.Server;

  constructor(private readonly targets: URL[]) {
    this.server = http.createServer((request, response) => {
      const index = this.next++ % this.targets.length;
      const target = this.targets[index]!;
      this.served.push(index);
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': String(index) });
          answer.pipe(response);
        },
      );
      upstream.once('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
  }

  async listen(): Promise<string> {
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A fresh database on the suite's PostgreSQL (a copy of its template), or on a server of our own. */
async function prepareDatabase(): Promise<string> {
  const templateUrl = inject('pgTemplateUrl');
  if (!templateUrl) ownServer = await PostgresCluster.create();
  const database = templateUrl
    ? await copyTemplateDatabase(templateUrl)
    : await createDatabase(ownServer!.url);
  dropDatabase = database.drop;
  const handle = await openDatabase({ url: database.url, pgliteDir: '', poolSize: 2 });
  try {
    await handle.migrate();
    if (!templateUrl) await handle.db.transaction((tx) => seedBase(tx));
    for (let i = 0; i < 3; i += 1) accounts.push((await createAccount(handle.db)).email);
    accounts.push((await createAccount(handle.db, { superuser: true })).email);
    await generateRestrictions(handle.db, { restrictions: 400, seed: 35 });
  } finally {
    await handle.close();
  }
  return database.url;
}

/** One instance: its own port and data directory (as on its own machine); the database and secret shared. */
async function startInstance(
  databaseUrl: string,
  secretKey: string,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = path.join(root, name);
  await mkdir(path.join(dataDir, 'web'), { recursive: true });
  await writeFile(path.join(dataDir, 'web/index.html'), standInIndexHtml);
  const port = await freePort();
  const instance = new ServerProcess(`http://127.0.0.1:${port}`, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '3',
    SECRET_KEY: secretKey,
    SEED_DEMO: 'never',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ...limits,
    ...extraEnv,
  });
  instances.push(instance);
  return instance;
}

let databaseUrl = '';
const secretKey = randomBytes(32).toString('hex');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'stp-two-'));
  databaseUrl = await prepareDatabase();
  const started = await Promise.all(['a', 'b'].map((name) => startInstance(databaseUrl, secretKey, name)));
  await Promise.all(started.map((instance) => instance.ready()));
  proxy = new RoundRobin(started.map((instance) => new URL(instance.baseUrl)));
  proxyUrl = await proxy.listen();
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
  await dropDatabase();
  await ownServer?.destroy();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Which instances answered the requests made since `mark` (a length of `proxy.served`). */
const instancesSince = (mark: number) => new Set(proxy.served.slice(mark)).size;

describe('two instances behind a round-robin', () => {
  it('keeps a session, its CSRF value and its logout whichever instance answers', async () => {
    const session = new PortalSession(proxyUrl);
    // The host page (and its anonymous CSRF value) from one instance, the login on the other.
    let mark = proxy.served.length;
    await session.signIn(accounts[0]!, testPassword);
    expect(instancesSince(mark)).toBe(2);

    // A write with the session's CSRF value, then the result read on each instance.
    const write = await session.fetch('/api/profile/update/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 'Written through one instance' }),
    });
    expect(write.status).toBe(200);
    mark = proxy.served.length;
    for (let i = 0; i < 2; i += 1) {
      const response = await session.fetch('/api/profile/');
      expect(((await response.json()) as { profile: { display_name: string } }).profile.display_name).toBe(
        'Written through one instance',
      );
    }
    expect(instancesSince(mark)).toBe(2);
    // A write with a wrong CSRF value is refused by both.
    mark = proxy.served.length;
    for (let i = 0; i < 2; i += 1) {
      const refused = await fetch(`${proxyUrl}/api/profile/update/`, {
        method: 'POST',
        headers: {
          ...session.headers({ 'x-csrftoken': 'x'.repeat(43) }),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ display_name: 'Forged' }),
      });
      expect(refused.status).toBe(403);
    }
    expect(instancesSince(mark)).toBe(2);

    // Logout through one instance ends the session on both.
    const stale = session.headers();
    const logout = await session.fetch('/api/auth/logout/', { method: 'POST' });
    expect(logout.status).toBe(200);
    mark = proxy.served.length;
    const after = [];
    for (let i = 0; i < 2; i += 1)
      after.push((await fetch(`${proxyUrl}/api/profile/`, { headers: stale })).status);
    expect(after).toEqual([401, 401]);
    expect(instancesSince(mark)).toBe(2);
  });

  it('accepts on one instance a bearer token issued by the other, until the logout', async () => {
    const session = new PortalSession(proxyUrl);
    await session.signIn(accounts[1]!, testPassword);
    const issued = await session.fetch('/api/cache/token/');
    const { token } = (await issued.json()) as { token: string };
    expect(token).toMatch(/^ey/);
    const bearer = { authorization: `Bearer ${token}` };
    let mark = proxy.served.length;
    const emails = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${proxyUrl}/api/profile/`, { headers: bearer });
      emails.push(((await response.json()) as { user: { email: string } }).user.email);
    }
    expect(emails).toEqual([accounts[1], accounts[1]]);
    expect(instancesSince(mark)).toBe(2);

    // The token is bound to its session: once that ends on one instance, neither accepts it.
    expect((await session.fetch('/api/auth/logout/', { method: 'POST' })).status).toBe(200);
    mark = proxy.served.length;
    for (let i = 0; i < 2; i += 1)
      expect((await fetch(`${proxyUrl}/api/profile/`, { headers: bearer })).status).toBe(401);
    expect(instancesSince(mark)).toBe(2);
  });

  it('reaches the login limit of an account at the same count as one instance would', async () => {
    const caller = new PortalSession(proxyUrl);
    await caller.fetch('/');
    const csrf = /stp_csrf=([\w-]+)/.exec(caller.headers().cookie ?? '')?.[1] ?? '';
    const attempts = [];
    const mark = proxy.served.length;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await caller.fetch('/api/auth/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
        body: JSON.stringify({ email: accounts[2], password: `Wrong-guess-${attempt}` }),
      });
      attempts.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // 3/1m: three wrong passwords spread over both instances, then every attempt refused by both.
    expect(attempts).toEqual([400, 400, 400, 429, 429, 429]);
    expect(new Set(proxy.served.slice(mark + 3)).size).toBe(2);
    // Even the right password now waits for the window (the limit counts attempts, not failures).
    const right = await caller.fetch('/api/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
      body: JSON.stringify({ email: accounts[2], password: testPassword }),
    });
    expect(right.status).toBe(429);

    // Registration's limit (2/1m per address), here on password-reset requests, is shared the same way.
    const resets = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await caller.fetch('/api/auth/register/reset/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
        body: JSON.stringify({ email: `nobody${i}@example.org` }),
      });
      resets.push(response.status);
    }
    expect(resets).toEqual([200, 200, 429]);
  });
});

/** A GET on a new connection: a kept-alive one may belong to a worker that was killed. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 5_000 }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .once('timeout', () => reject(new Error(`no answer from ${url} in 5 s`)))
      .once('error', reject);
  });
}

/** The ids of a process's children (the workers of a primary). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

describe('the browse index of each instance', () => {
  it("shows the other instance's change, archive and purge within a few seconds, without a restart", async () => {
    const [a, b] = instances.map((instance) => instance.baseUrl);
    const editor = new PortalSession(a!);
    await editor.signIn(accounts[3]!, testPassword);
    const reader = new PortalSession(b!);
    type Page = { count: number; results: { id: number; title: string }[] };
    const browse = async (query: string) => {
      const response = await reader.fetch(`/api/restrictions/?page_size=5&${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };
    // Instance b holds its index (and the pages it answered) before instance a writes.
    const before = await browse('sort=-updated');
    const target = before.results[3]!;
    const current = (await (await editor.fetch(`/api/admin/restrictions/${target.id}/`)).json()) as {
      country: { code: string };
      sector: { id: number };
      restriction_type: string;
      version: number;
    };
    const title = 'Zz changed on the other instance';
    const started = Date.now();
    const changed = await editor.json(
      `/api/admin/restrictions/${target.id}/`,
      {
        title,
        country: current.country.code,
        sector: current.sector.id,
        restriction_type: current.restriction_type,
        version: current.version,
      },
      'PUT',
    );
    expect(changed.status).toBe(200);
    await expect
      .poll(async () => (await browse('sort=-updated')).results[0], { timeout: 5_000, interval: 200 })
      .toMatchObject({ id: target.id, title });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await browse('sort=-title')).results[0]).toMatchObject({ id: target.id, title });

    const archived = await editor.json(`/api/admin/restrictions/${target.id}/archive/`, {});
    expect(archived.status).toBe(200);
    await expect
      .poll(async () => (await browse('sort=-updated')).count, { timeout: 5_000 })
      .toBe(before.count - 1);
    expect((await browse('sort=-title')).results[0]!.id).not.toBe(target.id);

    const other = before.results[0]!;
    const purged = await editor.fetch(`/api/admin/restrictions/${other.id}/`, { method: 'DELETE' });
    expect(purged.status).toBe(200);
    await expect
      .poll(async () => (await browse('sort=-updated')).count, { timeout: 5_000 })
      .toBe(before.count - 2);
    expect((await browse('sort=-updated')).results.map((row) => row.id)).not.toContain(other.id);
  });
});

describe('WORKERS=2: two processes on one port', () => {
  it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    const server = await startInstance(databaseUrl, secretKey, 'workers', { WORKERS: '2' });
    await server.ready();
    // The health check answers once one worker listens; the primary announces once both do. Killing
    // the only listening worker would close the port (CI once met ECONNREFUSED that way).
    await expect.poll(() => server.output.includes(', 2 workers)'), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
    const [first, second] = childrenOf(server.pid);

    // A session made on whichever worker holds on the other: the requests spread over both.
    const session = new PortalSession(server.baseUrl);
    await session.signIn(accounts[1]!, testPassword);
    const reads = await Promise.all(Array.from({ length: 20 }, () => session.fetch('/api/profile/')));
    expect(reads.map((response) => response.status)).toEqual(Array(20).fill(200));

    // A worker killed outright: once the primary has seen it go (its connections are reset), new
    // connections are served, and the primary starts a replacement.
    process.kill(first!, 'SIGKILL');
    await expect.poll(() => childrenOf(server.pid).includes(first!), { timeout: 30_000 }).toBe(false);
    for (let i = 0; i < 5; i += 1)
      expect(await statusOnNewConnection(`${server.baseUrl}/api/health/`)).toBe(200);
    await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
    expect(childrenOf(server.pid)).toContain(second);
    expect(childrenOf(server.pid)).not.toContain(first);

    const workers = childrenOf(server.pid);
    await server.stop('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect.poll(() => workers.filter(processAlive), { timeout: 10_000 }).toEqual([]);
  }, 120_000);
});

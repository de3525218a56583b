// Issues 7 and 32: two machines, one portal. Two server processes with their own data directories (no
// shared disk) on one PostgreSQL, one S3 server and one SMTP server, behind the shipped nginx configuration
// (deploy/nginx/services-trade-portal.conf, run for real: TLS, round robin, X-Forwarded-For appended).
// Sessions, CSRF values, bearer tokens, the named rate limits (keyed on the client's address as nginx
// passes it), complaint attachments and the mail queue must hold whichever instance answers
// (docs/two-instances.md). Then WORKERS=2: two processes on one port (docs/decisions.md).
// The PGlite run has no PostgreSQL: this file then starts its own throw-away server. No nginx: fails.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { processAlive } from '../lib/process-alive.js';
import { files, multipart, validForm } from '../modules/complaints/complaints.fixtures.js';
import { maxFilesPerRequest } from '../modules/complaints/uploads.js';
import { PortalSession, freePort } from '../modules/complaints/complaint-crash.fixtures.js';
import { testPassword } from './factories.js';
import { bodyLimitMb, siteTemplatePath, templateBodyLimitMb } from './nginx-balancer.js';
import { TwoMachines, uploadMaxMb } from './two-instances.fixtures.js';

let machines: TwoMachines;
beforeAll(async () => {
  machines = await TwoMachines.start();
}, 420_000);
afterAll(() => machines?.stop());

/** A browser-like caller through nginx, leaving from `address` (nginx sees it as the client). */
const caller = (address: string) =>
  new PortalSession(machines.balancer.httpsUrl, machines.balancer.fetchFrom(address));
/** How many instances answered the `requests` made since `mark`. */
const instancesSince = async (mark: number, requests: number) =>
  new Set((await machines.servedSince(mark, requests)).map((entry) => entry.upstream)).size;

/** Sends `head` (a request without its body) to nginx over TLS; resolves to the answer's status line and headers. */
function headOfAnswer(head: string): Promise<string> {
  const { port } = new URL(machines.balancer.httpsUrl);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: Number(port), ca: machines.balancer.ca });
    let text = '';
    socket.once('secureConnect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.destroy();
      resolve(text.slice(0, text.indexOf('\r\n\r\n')));
    });
    socket.once('error', reject);
  });
}

describe('the shipped nginx configuration', () => {
  it('bounds bodies by the upload limit, ends TLS 1.2 and 1.3, sends HSTS once, redirects HTTP', async () => {
    // The template's body limit is the default upload limit's (10 attachments of UPLOAD_MAX_MB).
    const defaults = loadConfig({ SECRET_KEY: 'x'.repeat(32) });
    const template = await readFile(siteTemplatePath, 'utf8');
    expect(templateBodyLimitMb(template)).toBe(bodyLimitMb(maxFilesPerRequest, defaults.uploads.maxMb));
    expect(machines.balancer.site).toContain(`client_max_body_size ${bodyLimitMb(10, uploadMaxMb)}m;`);

    for (const version of ['TLSv1.2', 'TLSv1.3'] as const) {
      const { port } = new URL(machines.balancer.httpsUrl);
      const socket = tls.connect({
        host: '127.0.0.1',
        port: Number(port),
        ca: machines.balancer.ca,
        minVersion: version,
        maxVersion: version,
      });
      await new Promise((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
      expect(socket.getProtocol()).toBe(version);
      socket.end();
    }

    const send = machines.balancer.fetchFrom();
    const ready = await send(`${machines.balancer.httpsUrl}/api/health/ready/`);
    expect(ready.status).toBe(200);
    // One header: nginx's (on every answer), the instance's copy hidden.
    expect(ready.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(ready.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(ready.headers.get('server')).toBe('nginx');

    const redirect = await fetch(`${machines.balancer.httpUrl}/browse?page=2`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://127.0.0.1/browse?page=2');

    // A body past the limit is refused by nginx from its Content-Length, before any instance reads it.
    const mark = await machines.mark();
    const tooLarge = await headOfAnswer(
      `POST /api/complaints/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        `Content-Length: ${(bodyLimitMb(10, uploadMaxMb) << 20) + 1}\r\n\r\n`,
    );
    expect(tooLarge).toMatch(/^HTTP\/1\.1 413 /);
    expect(tooLarge).toContain('Strict-Transport-Security: max-age=31536000; includeSubDomains');
    expect((await machines.servedSince(mark, 1)).map((entry) => entry.upstream)).toEqual(['-']);
  });
});

describe('two instances behind nginx', () => {
  it('keeps a session, its CSRF value and its logout whichever instance answers', async () => {
    const session = caller('127.0.0.11');
    // The host page (and its anonymous CSRF value) from one instance, the login on the other.
    let mark = await machines.mark();
    await session.signIn(machines.accounts.clients[0]!, testPassword);
    expect(await instancesSince(mark, 2)).toBe(2);

    // A write with the session's CSRF value, then the result read on each instance.
    const write = await session.json('/api/profile/update/', {
      display_name: 'Written through one instance',
    });
    expect(write.status).toBe(200);
    mark = await machines.mark();
    for (let i = 0; i < 2; i += 1) {
      const response = await session.fetch('/api/profile/');
      expect(((await response.json()) as { profile: { display_name: string } }).profile.display_name).toBe(
        'Written through one instance',
      );
    }
    expect(await instancesSince(mark, 2)).toBe(2);
    // A write with a wrong CSRF value is refused by both.
    mark = await machines.mark();
    for (let i = 0; i < 2; i += 1) {
      const refused = await session.fetch('/api/profile/update/', {
        method: 'POST',
        headers: { 'x-csrftoken': 'x'.repeat(43), 'content-type': 'application/json' },
        body: JSON.stringify({ display_name: 'Forged' }),
      });
      expect(refused.status).toBe(403);
    }
    expect(await instancesSince(mark, 2)).toBe(2);

    // Logout through one instance ends the session on both.
    const stale = session.headers();
    expect((await session.fetch('/api/auth/logout/', { method: 'POST' })).status).toBe(200);
    mark = await machines.mark();
    const send = machines.balancer.fetchFrom('127.0.0.11');
    const after = [];
    for (let i = 0; i < 2; i += 1)
      after.push((await send(`${machines.balancer.httpsUrl}/api/profile/`, { headers: stale })).status);
    expect(after).toEqual([401, 401]);
    expect(await instancesSince(mark, 2)).toBe(2);
  });

  it('accepts on one instance a bearer token issued by the other, until the logout', async () => {
    const session = caller('127.0.0.12');
    await session.signIn(machines.accounts.clients[1]!, testPassword);
    const { token } = (await (await session.fetch('/api/cache/token/')).json()) as { token: string };
    expect(token).toMatch(/^ey/);
    const send = machines.balancer.fetchFrom('127.0.0.12');
    const bearer = { headers: { authorization: `Bearer ${token}` } };
    let mark = await machines.mark();
    const emails = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await send(`${machines.balancer.httpsUrl}/api/profile/`, bearer);
      emails.push(((await response.json()) as { user: { email: string } }).user.email);
    }
    expect(emails).toEqual([machines.accounts.clients[1], machines.accounts.clients[1]]);
    expect(await instancesSince(mark, 2)).toBe(2);

    // The token is bound to its session: once that ends on one instance, neither accepts it.
    expect((await session.fetch('/api/auth/logout/', { method: 'POST' })).status).toBe(200);
    mark = await machines.mark();
    for (let i = 0; i < 2; i += 1)
      expect((await send(`${machines.balancer.httpsUrl}/api/profile/`, bearer)).status).toBe(401);
    expect(await instancesSince(mark, 2)).toBe(2);
  });

  it('reaches the login limit of an account at the same count as one instance would', async () => {
    const session = caller('127.0.0.13');
    await session.visit();
    const attempts = [];
    const mark = await machines.mark();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await session.json('/api/auth/login/', {
        email: machines.accounts.clients[2],
        password: `Wrong-guess-${attempt}`,
      });
      attempts.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // 3/1m: three wrong passwords spread over both instances, then every attempt refused by both.
    expect(attempts).toEqual([400, 400, 400, 429, 429, 429]);
    expect(new Set((await machines.servedSince(mark, 6)).slice(3).map((entry) => entry.upstream)).size).toBe(
      2,
    );
    // Even the right password now waits for the window (the limit counts attempts, not failures).
    const right = await session.json('/api/auth/login/', {
      email: machines.accounts.clients[2],
      password: testPassword,
    });
    expect(right.status).toBe(429);

    // Registration's limit (2/1m per address), here on password-reset requests, is shared the same way.
    const resets = [];
    for (let i = 0; i < 3; i += 1)
      resets.push(
        (await session.json('/api/auth/register/reset/', { email: `nobody${i}@example.org` })).status,
      );
    expect(resets).toEqual([200, 200, 429]);
  });

  it('limits logins per client address as nginx passes it, across both instances', async () => {
    // RATE_LIMIT_LOGIN_IP 6/1m; each attempt names another unknown account (no account limit). One
    // visit per address, then only logins: consecutive requests go to both instances.
    const sessions = new Map<string, PortalSession>();
    const attempt = async (from: string, i: number, forwarded?: string) => {
      if (!sessions.has(from)) {
        sessions.set(from, caller(from));
        await sessions.get(from)!.visit();
      }
      const headers: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
      const mark = await machines.mark();
      const response = await sessions.get(from)!.fetch('/api/auth/login/', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `stranger${i}@example.org`, password: 'Not-the-password-1' }),
      });
      const [entry] = await machines.servedSince(mark, 1);
      expect(entry?.client).toBe(from);
      return { status: response.status, upstream: entry?.upstream };
    };
    const first = [];
    for (let i = 0; i < 8; i += 1) first.push(await attempt('127.0.0.2', i));
    expect(first.map((result) => result.status)).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    // Both instances answered the first six and both refuse now: one count, in the database.
    expect(new Set(first.slice(0, 6).map((result) => result.upstream)).size).toBe(2);
    expect(new Set(first.slice(6).map((result) => result.upstream)).size).toBe(2);
    // Another client address has its own allowance.
    expect((await attempt('127.0.0.3', 8)).status).toBe(400);
    // A client naming another address in its own X-Forwarded-For gains nothing: nginx appends the real
    // one, and the instances trust only nginx's entry.
    for (let i = 0; i < 2; i += 1)
      expect((await attempt('127.0.0.2', 9 + i, '198.51.100.23')).status).toBe(429);
  });

  it('lodges a complaint with attachments through one instance, serves them through the other, mails once', async () => {
    const trader = caller('127.0.0.14');
    await trader.signIn(machines.accounts.trader, testPassword);
    // The most a complaint may carry: ten attachments, one of them of UPLOAD_MAX_MB, across nginx.
    const largest = Buffer.concat([files.pdf, Buffer.alloc((uploadMaxMb << 20) - files.pdf.length, 0x20)]);
    const uploads: [string, Buffer][] = [
      ['evidence.pdf', largest],
      ['photo.png', files.png],
      ['figures.csv', files.csv],
      ...Array.from({ length: 7 }, (_, i): [string, Buffer] => [`notes-${i + 1}.txt`, files.txt]),
    ];
    const lodgedAt: number[] = [];
    const references: string[] = [];
    const slugs: string[] = [];
    for (const description of ['Licence refused at the border office', 'A second refusal, same office']) {
      const mark = await machines.mark();
      const lodged = await trader.fetch('/api/complaints/', {
        method: 'POST',
        body: multipart(validForm({ brief_description: description }), uploads),
      });
      expect(lodged.status).toBe(201);
      const created = (await lodged.json()) as { reference: string; slug: string };
      references.push(created.reference);
      slugs.push(created.slug);
      const [entry] = await machines.servedSince(mark, 1);
      lodgedAt.push(machines.instanceAt(entry!.upstream));
    }
    expect(lodgedAt.every((index) => index >= 0)).toBe(true);

    // The reviewer, on another address, reads the complaint and downloads every attachment twice:
    // consecutive requests go to both instances, so each file is served by the one that did not store it.
    const reviewer = caller('127.0.0.15');
    await reviewer.signIn(machines.accounts.regulator, testPassword);
    const detail = (await (await reviewer.fetch(`/api/complaints/${slugs[0]}/`)).json()) as {
      attachments: { name: string; url: string; size: number }[];
    };
    expect(detail.attachments.map((attachment) => attachment.name).sort()).toEqual(
      uploads.map(([name]) => name).sort(),
    );
    const servedBy = new Set<number>();
    for (const attachment of detail.attachments) {
      const expected = uploads.find(([name]) => name === attachment.name)![1];
      for (let i = 0; i < 2; i += 1) {
        const mark = await machines.mark();
        const download = await reviewer.fetch(attachment.url);
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(expected)).toBe(true);
        servedBy.add(machines.instanceAt((await machines.servedSince(mark, 1))[0]!.upstream));
      }
    }
    expect(servedBy).toEqual(new Set([0, 1]));
    expect(servedBy.has(1 - lodgedAt[0]!)).toBe(true);

    // Each complaint's mails (the trader's receipt, the regulator's new-complaint notice) arrive once,
    // whichever instance's queue worker took them; a few polls later there is still one of each.
    const count = (to: string, reference: string) =>
      machines.mail.messages.filter(
        (mail) => JSON.stringify(mail.to).includes(to) && (mail.subject ?? '').includes(reference),
      ).length;
    for (const reference of references) {
      await expect.poll(() => count(machines.accounts.trader, reference), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => count(machines.accounts.regulator, reference), { timeout: 20_000 }).toBe(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const reference of references) {
      expect(count(machines.accounts.trader, reference)).toBe(1);
      expect(count(machines.accounts.regulator, reference)).toBe(1);
    }
  }, 90_000);
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
    const [a, b] = machines.instances.map((instance) => instance.baseUrl);
    const editor = new PortalSession(a!);
    await editor.signIn(machines.accounts.superuser, testPassword);
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

/** The `GET /api/profile/` answered 200, as the `/metrics` of `base` counts them. */
async function profileReads(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const line = (await response.text())
    .split('\n')
    .find(
      (text) =>
        text.startsWith('http_request_duration_seconds_count{') &&
        text.includes('route="/api/profile/"') &&
        text.includes('status_code="200"') &&
        text.includes('method="GET"'),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('WORKERS=2: two processes on one port', () => {
  it('serves from two workers, counts their requests as one, replaces one that dies, stops on SIGTERM', async () => {
    const metricsToken = 'metrics-token-of-the-workers-test';
    const metricsPort = await freePort();
    const server = await machines.startInstance('workers', await freePort(), {
      WORKERS: '2',
      METRICS_TOKEN: metricsToken,
      METRICS_PORT: String(metricsPort),
    });
    // Three processes compiling the sources with tsx at once, beside the two running instances and nginx:
    // on a loaded 2-core machine this start has taken more than the usual 150 s.
    await server.ready(300_000);
    // The health check answers once one worker listens; the primary announces once both do. Killing
    // the only listening worker would close the port (CI once met ECONNREFUSED that way).
    await expect.poll(() => server.output.includes(', 2 workers)'), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
    const [first, second] = childrenOf(server.pid);

    // A session made on whichever worker holds on the other: the requests spread over both.
    const session = new PortalSession(server.baseUrl);
    await session.signIn(machines.accounts.clients[1]!, testPassword);
    const before = await profileReads(server.baseUrl, metricsToken);
    const reads = await Promise.all(Array.from({ length: 20 }, () => session.fetch('/api/profile/')));
    expect(reads.map((response) => response.status)).toEqual(Array(20).fill(200));
    // Whichever worker a scrape reaches, on the shared port or on METRICS_PORT (which the primary holds),
    // it counts the requests of both.
    for (let scrape = 0; scrape < 4; scrape += 1)
      expect(await profileReads(server.baseUrl, metricsToken)).toBe(before + 20);
    expect(await profileReads(`http://127.0.0.1:${metricsPort}`, metricsToken)).toBe(before + 20);

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
  }, 480_000);
});

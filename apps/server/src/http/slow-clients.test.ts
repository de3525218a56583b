// Issue 29, item 4: slow clients are cut off. The app listening on a real port (raw sockets, short
// time-outs set through the environment): a connection that sends part of its headers and goes silent,
// one that sends nothing, one that trickles its headers or its body, and an idle keep-alive connection
// are each closed after their time-out; past the cap of connections per address, a new one from that
// address is closed at once while other addresses (and a trusted proxy) are still answered.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { trustedPeer } from './connection-limits.js';

const timeouts = {
  HTTP_HEADERS_TIMEOUT_SECONDS: '1',
  HTTP_REQUEST_TIMEOUT_SECONDS: '3',
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  HTTP_IDLE_TIMEOUT_SECONDS: '30',
};
const cap = 5;
/** A reverse proxy in front of the capped server: every client's connection comes from it. */
const trustedProxy = '127.0.0.3';

/** Every socket the tests opened, destroyed at the end (before any fix, the server never closed them). */
const opened: net.Socket[] = [];

let timed: TestContext;
let capped: TestContext;
let timedPort = 0;
let cappedPort = 0;

async function listen(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  [timed, capped] = await Promise.all([
    createTestContext(timeouts),
    createTestContext({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(cap), TRUST_PROXY: trustedProxy }),
  ]);
  [timedPort, cappedPort] = await Promise.all([listen(timed), listen(capped)]);
});
afterAll(async () => {
  for (const socket of opened) socket.destroy();
  await Promise.all([timed?.close(), capped?.close()]);
});

/** A raw connection: what it received, and when (ms after it opened) the server closed it. */
interface Raw {
  socket: net.Socket;
  received: string;
  closedAfterMs: number | null;
  closed: Promise<void>;
}

function connect(port: number, localAddress = '127.0.0.1'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    opened.push(socket);
    const raw: Raw = { socket, received: '', closedAfterMs: null, closed: Promise.resolve() };
    raw.closed = new Promise((settle) =>
      socket.once('close', () => {
        raw.closedAfterMs = performance.now() - started;
        settle();
      }),
    );
    socket.on('data', (chunk: Buffer) => (raw.received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(raw));
    socket.once('error', reject);
  });
}

/** Waits for the connection to be closed by the server, at most `ms`; true if it was. */
async function closedWithin(raw: Raw, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([raw.closed.then(() => true as const), late]);
  clearTimeout(timer);
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes one byte every `everyMs` until the connection closes. */
function trickle(raw: Raw, everyMs: number) {
  const timer = setInterval(() => {
    if (!raw.socket.destroyed) raw.socket.write('a');
  }, everyMs);
  void raw.closed.then(() => clearInterval(timer));
  return timer;
}

describe('time-outs', () => {
  it('closes a connection that sent part of its headers and went silent, after the header time-out', async () => {
    const raw = await connect(timedPort);
    raw.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    // The check runs every 500 ms: closed between 1 and about 1.5 s (10 s allowed on a loaded machine).
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(raw.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(raw.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing, after the header time-out', async () => {
    const raw = await connect(timedPort);
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(raw.closedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('closes a connection that trickles its headers, however busy it keeps the socket', async () => {
    const raw = await connect(timedPort);
    raw.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    trickle(raw, 100);
    expect(await closedWithin(raw, 10_000)).toBe(true);
  });

  it('closes a connection that trickles its body, after the request time-out', async () => {
    const raw = await connect(timedPort);
    raw.socket.write(
      'POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
    );
    trickle(raw, 100);
    expect(await closedWithin(raw, 15_000)).toBe(true);
    expect(raw.closedAfterMs).toBeGreaterThanOrEqual(2_900);
  });

  it('closes an idle keep-alive connection after the keep-alive time-out, having answered its request', async () => {
    const raw = await connect(timedPort);
    raw.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(raw.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.received).toMatch(/keep-alive: timeout=1/i);
  });

  it('answers a client that sends its request in time', async () => {
    const response = await fetch(`http://127.0.0.1:${timedPort}/api/health/`);
    expect(response.status).toBe(200);
  });
});

describe('connections per address', () => {
  it(`closes the connection past ${cap} from one address at once; other addresses are answered`, async () => {
    const held = await Promise.all(Array.from({ length: cap }, () => connect(cappedPort)));
    for (const raw of held) raw.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    await sleep(200);
    expect(held.filter((raw) => raw.closedAfterMs !== null)).toEqual([]);

    const extra = await connect(cappedPort);
    extra.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // Closed at once (well before any time-out), without an answer.
    expect(await closedWithin(extra, 5_000)).toBe(true);
    expect(extra.received).toBe('');

    // Another address (all of 127/8 is this machine) is answered meanwhile.
    const other = await connect(cappedPort, '127.0.0.2');
    other.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(await closedWithin(other, 10_000)).toBe(true);
    expect(other.received).toMatch(/^HTTP\/1\.1 200 /);

    // Once the held connections go, the address is served again.
    for (const raw of held) raw.socket.destroy();
    await Promise.all(held.map((raw) => raw.closed));
    await sleep(100);
    const again = await connect(cappedPort);
    again.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(await closedWithin(again, 10_000)).toBe(true);
    expect(again.received).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('does not cap the trusted proxy', async () => {
    const held = await Promise.all(Array.from({ length: cap + 2 }, () => connect(cappedPort, trustedProxy)));
    for (const raw of held)
      raw.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await Promise.all(held.map((raw) => closedWithin(raw, 10_000)));
    expect(held.map((raw) => raw.received.slice(0, 15))).toEqual(held.map(() => 'HTTP/1.1 200 OK'));
  });
});

describe('trustedPeer', () => {
  it('reads TRUST_PROXY as proxy-addr does: addresses, ranges, names, IPv4-mapped; hops trust every peer', () => {
    const listed = trustedPeer({ addresses: ['10.0.0.5', '192.168.0.0/16', 'fd00::/8', 'loopback'] });
    expect(['10.0.0.5', '192.168.4.4', 'fd00::1', '127.0.0.9', '::1', '::ffff:10.0.0.5'].map(listed)).toEqual(
      [true, true, true, true, true, true],
    );
    expect(['10.0.0.6', '8.8.8.8', 'fe80::1', '::ffff:8.8.8.8', ''].map(listed)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer({ hops: 1 })('203.0.113.9')).toBe(true);
  });
});

// Issue 29, item 3: no request can freeze the event loop. A real server (main.ts start, its own process)
// gets the deepest and the widest JSON bodies the 1 MB limit allows, on an anonymous route that refuses
// them late (the SMS webhook without its secret) and on one that validates them (login, with the
// visitor's csrf value), while a second caller polls /api/health/. No body may cost the server 100 ms
// (see `cpuWithinMs`), and no health answer may wait. Bodies nested deeper than 32 or holding more
// than 10,000 items are refused at once with 400, before they are parsed.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrashWorkspace } from '../test/crash-workspace.js';
import { PortalSession, type ServerProcess } from '../test/server-process.js';

const bodyLimit = 1_048_576;
/** The limits of JSON bodies (docs/security.md, "Request bodies"): nesting, and items in all. */
const maxJsonDepth = 32;
const maxJsonItems = 10_000;
/**
 * The requirement: health answers within 100 ms however heavy the bodies. Wall-clock time on this
 * shared 2-core machine (load 10-25 while other suites run) adds the wait for a core: a health call
 * alone takes up to 200 ms there, and 20 ms of the server's work shows as 300. So the 100 ms is
 * checked as what the server spends on each body (its CPU time: the event loop cannot be blocked
 * longer), and the health answers' wall time gets 1 s; before issue 29 both were seconds to hours.
 * The CPU time is the main thread's (the event loop's; not the GC helpers' or the thread pool's), and
 * each body is sent `attempts` times and judged by its cheapest: the health calls answered meanwhile
 * and the collection of earlier bodies' garbage add to one attempt (130-210 ms seen for a body that
 * costs 10-30), while a body that blocks the loop for 100 ms does so on every attempt.
 */
const cpuWithinMs = 100;
const healthWallMs = 1_000;
const attempts = 3;

/**
 * The CPU time (user + system, ms, in 10 ms steps) the process's main thread, which runs the event
 * loop, has used so far (Linux /proc).
 */
async function serverCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  // Fields after the command name in parentheses: utime and stime are the 12th and 13th, in
  // USER_HZ (100 per second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `count` copies of `item` separated by commas: the widest array of such items that fits `room`. */
function repeated(item: string, room: number): string {
  return Array.from({ length: Math.floor((room + 1) / (item.length + 1)) }, () => item).join(',');
}

/** Arrays nested `depth` deep around `inside`. */
const nestedArrays = (depth: number, inside = '') => `${'['.repeat(depth)}${inside}${']'.repeat(depth)}`;

const deepObjectDepth = Math.floor((bodyLimit - 1) / 6);
/** A flat object of as many short keys as fit the size limit. */
function flatObject(): string {
  const members: string[] = [];
  let size = 2;
  for (let index = 0; ; index += 1) {
    const member = `"${index.toString(36)}":0`;
    if (size + member.length + 1 > bodyLimit) return `{${members.join(',')}}`;
    members.push(member);
    size += member.length + 1;
  }
}

const longStrings = (count: number, room: number) => repeated(`"${'x'.repeat(room)}"`, (room + 3) * count);

/** The bodies, each within the size limit; `refused` ones nest or hold more than the JSON limits. */
const bodies: { name: string; text: string; refused: boolean }[] = [
  { name: '20,000 nested arrays', text: nestedArrays(20_000), refused: true },
  { name: 'nested arrays to the size limit', text: nestedArrays(bodyLimit / 2), refused: true },
  {
    name: 'nested objects to the size limit',
    text: `${'{"a":'.repeat(deepObjectDepth)}0${'}'.repeat(deepObjectDepth)}`,
    refused: true,
  },
  { name: 'one level past the depth limit', text: nestedArrays(maxJsonDepth + 1, '0'), refused: true },
  { name: 'half a million numbers', text: `[${repeated('0', bodyLimit - 2)}]`, refused: true },
  { name: 'a third of a million empty objects', text: `[${repeated('{}', bodyLimit - 2)}]`, refused: true },
  { name: 'a third of a million empty strings', text: `[${repeated('""', bodyLimit - 2)}]`, refused: true },
  { name: 'an object of 120,000 keys', text: flatObject(), refused: true },
  { name: 'past the item limit', text: `[${repeated('0', 2 * maxJsonItems + 1)}]`, refused: true },
  {
    name: '9,000 strings of 110 characters at the depth limit',
    text: nestedArrays(maxJsonDepth, longStrings(9_000, 110)),
    refused: false,
  },
  {
    name: 'a hundred thousand NUL escapes in one string',
    text: `{"email":"${'\\u0000'.repeat(Math.floor((bodyLimit - 20) / 6))}"}`,
    refused: false,
  },
  {
    name: 'a string of a million characters',
    text: `{"email":"${'a'.repeat(bodyLimit - 20)}"}`,
    refused: false,
  },
];

let workspace: CrashWorkspace;
let server: ServerProcess;
let visitor: PortalSession;

beforeAll(async () => {
  workspace = await CrashWorkspace.create();
  server = await workspace.startServer({ LOG_LEVEL: 'warn', SMS_WEBHOOK_SECRET: '' });
  visitor = new PortalSession(server.baseUrl);
  await visitor.visit();
});

afterAll(() => workspace?.close());

/** Calls /api/health/ one after another until stopped; returns each answer's time in ms. */
function pollHealth(baseUrl: string) {
  const times: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health/`).catch((error: unknown) => error as Error);
      if (response instanceof Error) failures.push(response.message);
      else if (response.status !== 200) failures.push(`status ${response.status}`);
      else await response.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    times,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('bodies at the size limit', () => {
  it('are all within the size limit', () => {
    for (const body of bodies) expect(body.text.length, body.name).toBeLessThanOrEqual(bodyLimit);
  });

  it.each([
    ['POST /api/sms/inbound/ (no secret)', '/api/sms/inbound/', false],
    ['POST /api/auth/login/ (a visitor with its csrf value)', '/api/auth/login/', true],
  ] as const)(
    '%s: bodies past the JSON limits get 400 at once, each body costs < 100 ms, /api/health/ answers',
    async (_label, url, withCsrf) => {
      const answers: string[] = [];
      const health = pollHealth(server.baseUrl);
      try {
        for (const body of bodies) {
          const costs: number[] = [];
          for (let attempt = 1; attempt <= attempts; attempt += 1) {
            const cpuBefore = await serverCpuMs(server.pid);
            const started = performance.now();
            const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: body.text };
            const response = withCsrf
              ? await visitor.fetch(url, init)
              : await fetch(`${server.baseUrl}${url}`, init);
            const text = await response.text();
            const took = Math.round(performance.now() - started);
            const cpu = (await serverCpuMs(server.pid)) - cpuBefore;
            costs.push(cpu);
            const answer = `${body.name} (${attempt}): ${response.status}, ${cpu} ms of CPU, ${took} ms ${text.slice(0, 80)}`;
            answers.push(answer);
            if (body.refused) {
              expect(response.status, answer).toBe(400);
              expect(JSON.parse(text), answer).toEqual({ detail: 'The request could not be understood.' });
              // "At once": nothing but reading 1 MB and one pass over it; generous for a loaded machine.
              expect(took, answer).toBeLessThan(1_000);
            } else {
              expect([403, 422], answer).toContain(response.status);
            }
          }
          // The event loop was busy at most this long for the body.
          expect(Math.min(...costs), `${body.name}: ${costs.join(', ')} ms of CPU`).toBeLessThan(cpuWithinMs);
        }
      } finally {
        await health.stop();
      }
      const slowest = Math.max(...health.times);
      expect(health.failures).toEqual([]);
      // The poller ran alongside, pausing 10 ms between calls: a freeze of the server cannot fall
      // between two of them.
      expect(health.times.length).toBeGreaterThanOrEqual(5);
      expect(
        slowest,
        `slowest health answer ${Math.round(slowest)} ms of ${health.times.length}\n${answers.join('\n')}`,
      ).toBeLessThan(healthWallMs);
    },
    120_000,
  );
});

// Issue 31: two server processes on one PostgreSQL share the delivery queue: 200 mails queued in one
// transaction are each sent exactly once, by both instances between them. Also measures the queue on
// PostgreSQL: throughput (mails/s through a real SMTP server) and latency at idle (commit to arrival).
// The PGlite run has no PostgreSQL: this file then starts its own throw-away server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { CrashWorkspace } from '../test/crash-workspace.js';
import { MailCatcher } from '../test/mail-catcher.js';
import { PostgresCluster } from '../test/postgres-cluster.js';
import { createDatabase } from '../test/test-database.js';
import { sleep, type ServerProcess } from '../test/server-process.js';
import { Outbox } from './outbox.js';
import { JobQueue } from './queue.js';

let cluster: PostgresCluster | null = null;
let dropOwn = async () => undefined as void;
let workspace: CrashWorkspace;
let handle: DatabaseHandle;
let queue: JobQueue;
const catcher = new MailCatcher();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  if (inject('pgTemplateUrl')) workspace = await CrashWorkspace.create();
  else {
    cluster = await PostgresCluster.create();
    const own = await createDatabase(cluster.url);
    dropOwn = own.drop;
    workspace = await CrashWorkspace.create({ databaseUrl: own.url });
  }
  handle = await openDatabase({ url: workspace.databaseUrl, pgliteDir: '', poolSize: 2 });
  queue = new JobQueue(handle, { superviseSeconds: 60, log: quiet });
  await queue.start();
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await handle?.close();
  await workspace?.close();
  await dropOwn();
  await cluster?.destroy();
  await catcher.stop();
});

const mail = (i: number) => ({
  to: `reader-${i}@example.org`,
  subject: `Queued mail ${i}`,
  text: `Message ${i}`,
  html: `<p>Message ${i}</p>`,
});

describe('two instances on one PostgreSQL', () => {
  it('send each of 200 queued mails once', { timeout: 300_000 }, async () => {
    const smtpUrl = await catcher.start();
    const servers: ServerProcess[] = await Promise.all([
      workspace.startServer({ SMTP_URL: smtpUrl }),
      workspace.startServer({ SMTP_URL: smtpUrl }),
    ]);
    const outbox = new Outbox(queue);
    const total = 200;
    const started = Date.now();
    await handle.db.transaction((tx) =>
      outbox.mail(
        tx,
        Array.from({ length: total }, (_, i) => mail(i)),
        { kind: 'test' },
      ),
    );
    await expect
      .poll(() => catcher.messages.length, { timeout: 180_000, interval: 100 })
      .toBeGreaterThanOrEqual(total);
    const seconds = (Date.now() - started) / 1000;
    await sleep(5_000);
    const subjects = catcher.messages.map((message) => message.subject);
    const duplicated = subjects.length - new Set(subjects).size;
    console.log(
      `two instances: ${total} mails expected, ${subjects.length} delivered, ${duplicated} duplicated; ${(total / seconds).toFixed(1)} mails/s (${seconds.toFixed(1)} s)`,
    );
    expect(new Set(subjects).size).toBe(total);
    expect(subjects).toHaveLength(total);
    // Both took part: each instance logged deliveries of its own (Fastify logs the job's outcome at info).
    const jobCounts = servers.map((server) => (server.output.match(/"msg":"mail delivered"/g) ?? []).length);
    console.log(`deliveries per instance: ${jobCounts.join(', ')}`);
    expect(jobCounts.reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(Math.min(...jobCounts)).toBeGreaterThan(0);

    // Latency at idle: one mail committed, the time until the SMTP server has it.
    const latencies: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      await sleep(1_000);
      const before = catcher.messages.length;
      const committed = Date.now();
      await handle.db.transaction((tx) => outbox.mail(tx, mail(1000 + i), { kind: 'test' }));
      await expect.poll(() => catcher.messages.length, { timeout: 30_000, interval: 5 }).toBe(before + 1);
      latencies.push(Date.now() - committed);
    }
    latencies.sort((a, b) => a - b);
    console.log(`idle latency (commit to SMTP arrival), ms: ${latencies.join(', ')}; median ${latencies[5]}`);
    expect(latencies[5]).toBeLessThan(5_000);
    for (const server of servers) await server.stop('SIGTERM');
  });
});

// Issue 31, the Delivery screen's reads: failed messages whatever their age, and each maintenance
// task's next due time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

// The answers' shapes as the web app reads them (TDeliveryList, TMaintenanceTask in @stp/shared).
interface TDeliveryList {
  counts: Record<'queued' | 'sent' | 'failed', number>;
  results: { recipient: string }[];
}
interface TMaintenanceTask {
  task: string;
  schedule: string;
  next_run_at: string | null;
}

let ctx: TestContext;
let superuser: TestClient;
const dayMs = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({ MAINTENANCE_RATE_LIMITS_CRON: '*/10 * * * *' });
  superuser = await ctx.signedIn([], { superuser: true });
});
afterAll(() => ctx?.close());

const list = async (query: string) => {
  const response = await superuser.request({ url: `/api/admin/delivery/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDeliveryList>();
};

describe('GET /api/admin/delivery/', () => {
  it('lists failed messages whatever their age, as it counts them; queued and sent within the period', async () => {
    const old = new Date(Date.now() - 40 * dayMs);
    await ctx.db.insert(outboxMessages).values([
      {
        channel: 'mail',
        kind: 'reset',
        recipient: 'old.failure@example.org',
        subject: 'Forty days ago',
        status: 'failed',
        attempts: 17,
        lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
        createdAt: old,
      },
      {
        channel: 'mail',
        kind: 'reset',
        recipient: 'old.sent@example.org',
        subject: 'Delivered forty days ago',
        status: 'sent',
        attempts: 1,
        sentAt: old,
        createdAt: old,
      },
    ]);
    const failed = await list('status=failed&days=7');
    expect(failed.counts.failed).toBe(1);
    expect(failed.results.map((item) => item.recipient)).toEqual(['old.failure@example.org']);
    const sent = await list('status=sent&days=7');
    expect(sent.results.map((item) => item.recipient)).not.toContain('old.sent@example.org');
    expect((await list('status=sent&days=90')).results.map((item) => item.recipient)).toContain(
      'old.sent@example.org',
    );
  });
});

describe('GET /api/admin/maintenance/', () => {
  it('gives each task its next due time by its schedule', async () => {
    const before = Date.now();
    const response = await superuser.request({ url: '/api/admin/maintenance/' });
    expect(response.statusCode).toBe(200);
    const tasks = response.json<{ results: TMaintenanceTask[] }>().results;
    const rateLimits = tasks.find((task) => task.task === 'rate-limits');
    expect(rateLimits?.schedule).toBe('*/10 * * * *');
    const next = new Date(rateLimits?.next_run_at ?? NaN);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime()).toBeLessThanOrEqual(before + 10 * 60_000);
    expect(next.getUTCMinutes() % 10).toBe(0);
    expect(next.getUTCSeconds()).toBe(0);
    for (const task of tasks) expect(task.next_run_at, task.task).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

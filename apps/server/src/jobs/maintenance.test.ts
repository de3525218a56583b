// Issue 31, steps C and E (server): maintenance tasks run as scheduled queue jobs with their last run
// recorded for superusers; superusers list the outbox and send a failed message again (audited).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, maintenanceRuns, outboxMessages, rateLimitHits } from '../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.js';
import { maintenanceTasks } from './maintenance.js';

let ctx: TestContext;
let superuser: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  superuser = await ctx.signedIn([], { superuser: true });
});
afterAll(() => ctx?.close());

describe('scheduled maintenance', () => {
  it('schedules every task in the queue', async () => {
    const schedules = await ctx.app.deps.queue.boss.getSchedules();
    const maintenance = schedules.filter((schedule) => schedule.name.startsWith('maintenance-'));
    expect(maintenance.map((schedule) => schedule.name).sort()).toEqual(
      maintenanceTasks.map((task) => `maintenance-${task}`).sort(),
    );
  });

  it('prunes expired rate-limit rows when its job runs, and shows the run to superusers only', async () => {
    await ctx.db.insert(rateLimitHits).values([
      { key: 'test:expired', hits: 3, expiresAt: new Date(Date.now() - 60_000) },
      { key: 'test:live', hits: 1, expiresAt: new Date(Date.now() + 600_000) },
    ]);
    await ctx.app.deps.queue.boss.send('maintenance-rate-limits', {});
    await expect
      .poll(
        async () => (await ctx.db.select().from(maintenanceRuns)).find((run) => run.task === 'rate-limits'),
        {
          timeout: 15_000,
        },
      )
      .toMatchObject({ outcome: 'ok' });
    const keys = (await ctx.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:expired');

    const response = await superuser.request({ url: '/api/admin/maintenance/' });
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ results: { task: string; outcome: string | null; removed: number }[] }>()
      .results;
    expect(rows.map((row) => row.task)).toEqual([...maintenanceTasks]);
    expect(rows.find((row) => row.task === 'rate-limits')).toMatchObject({ outcome: 'ok' });
    expect(rows.find((row) => row.task === 'rate-limits')!.removed).toBeGreaterThanOrEqual(1);
    const staff = await ctx.signedIn(['auth.view_user']);
    expect((await staff.request({ url: '/api/admin/maintenance/' })).statusCode).toBe(403);
    expect((await staff.request({ url: '/api/admin/delivery/' })).statusCode).toBe(403);
  });
});

describe('the Delivery list', () => {
  it('lists a failed message and sends it again, audited', async () => {
    const [row] = await ctx.db
      .insert(outboxMessages)
      .values({
        channel: 'mail',
        kind: 'complaint_update',
        recipient: 'failed.reader@example.org',
        subject: 'Never arrived',
        body: 'Hello',
        html: '<p>Hello</p>',
        status: 'failed',
        attempts: 17,
        lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
      })
      .returning();
    const list = await superuser.request({ url: '/api/admin/delivery/?status=failed' });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ counts: { failed: number }; results: { id: number; last_error: string }[] }>();
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.results.find((item) => item.id === row!.id)).toMatchObject({
      last_error: 'Error: connect ECONNREFUSED 127.0.0.1:25',
    });

    const resend = await superuser.request({ method: 'POST', url: `/api/admin/delivery/${row!.id}/resend/` });
    expect(resend.statusCode).toBe(200);
    const mail = await ctx.mail.waitFor('failed.reader@example.org', 15_000);
    expect(mail.subject).toBe('Never arrived');
    await expect
      .poll(
        async () =>
          (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id)))[0]?.status,
      )
      .toBe('sent');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.model, 'core.outboxmessage'));
    expect(audits).toMatchObject([{ action: 'resend', objectId: String(row!.id) }]);
    const again = await superuser.request({ method: 'POST', url: `/api/admin/delivery/${row!.id}/resend/` });
    expect(again.statusCode).toBe(409);
    expect(
      (await superuser.request({ method: 'POST', url: '/api/admin/delivery/999999/resend/' })).statusCode,
    ).toBe(404);
  });
});

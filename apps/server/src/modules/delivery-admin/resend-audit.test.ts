import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { refuseInserts } from '../../test/refuse-inserts.js';
import { roles, signIn } from '../complaints/complaints.fixtures.js';

// Issue 31, item 5: a delivery resend is audited in its own transaction, with the message before and
// after (only what the resend changed differs).

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, roles.superuser());
});
afterAll(() => ctx.close());

const auditsOf = (model: string, objectId: number | string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, model), eq(auditLog.objectId, String(objectId))))
    .orderBy(asc(auditLog.id));

describe('POST /api/admin/delivery/:id/resend/', () => {
  it('a delivery resend is audited with its before and after, or not done at all', async () => {
    const failed = () =>
      ctx.db
        .insert(outboxMessages)
        .values({
          channel: 'mail',
          kind: 'complaint_update',
          recipient: 'nobody.home@example.org',
          subject: 'Never arrived',
          body: 'Hello',
          status: 'failed',
          attempts: 17,
          lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
        })
        .returning()
        .then((rows) => rows[0]!);
    const refused = await failed();
    const restore = await refuseInserts(
      ctx,
      'test_refuse_resend_audit',
      'audit_log',
      `new.action = 'resend'`,
    );
    try {
      const response = await admin.client.request({
        method: 'POST',
        url: `/api/admin/delivery/${refused.id}/resend/`,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [unchanged] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, refused.id));
    expect(unchanged).toMatchObject({
      status: 'failed',
      lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
    });

    const message = await failed();
    const response = await admin.client.request({
      method: 'POST',
      url: `/api/admin/delivery/${message.id}/resend/`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [audit] = await auditsOf('core.outboxmessage', message.id);
    expect(audit).toMatchObject({ action: 'resend', actorId: admin.user.id });
    // Only what the resend changed differs between before and after.
    expect(audit!.before).toMatchObject({
      status: 'failed',
      recipient: 'nobody.home@example.org',
      last_error: 'Error: connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(audit!.after).toMatchObject({
      status: 'queued',
      recipient: 'nobody.home@example.org',
      last_error: null,
    });
    await ctx.outboxIdle();
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, reviewLogs } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { refuseInserts } from '../../test/refuse-inserts.js';
import {
  files,
  multipart,
  publicRecord,
  roles,
  signIn,
  validForm,
} from '../complaints/complaints.fixtures.js';

// Issue 31 item 5: every staff action on a complaint (each review decision, a request for information
// and the applicant's answer, archive, purge, stage deadlines) and a delivery resend leaves an audit
// row written in the change's own transaction: who, when, the model, the object and before -> after
// (the resend: delivery-admin/resend-audit.test.ts).

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;
let regional: Account;
let council: Account;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, roles.client());
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
  regional = await signIn(ctx, roles.regional());
  council = await signIn(ctx, roles.council());
  admin = await signIn(ctx, roles.superuser());
});
afterAll(() => ctx.close());

async function lodge() {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm()),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.db
    .select()
    .from(complaints)
    .where(eq(complaints.slug, response.json<{ slug: string }>().slug));
  return row!;
}

function review(client: TestClient, id: number, body: Record<string, unknown>) {
  return client.request({ method: 'POST', url: `/api/manage/complaints/${id}/review/`, payload: body });
}

async function reviewed(client: TestClient, id: number, body: Record<string, unknown>) {
  const response = await review(client, id, body);
  expect(response.statusCode, response.body).toBe(200);
}

const auditsOf = (model: string, objectId: number | string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, model), eq(auditLog.objectId, String(objectId))))
    .orderBy(asc(auditLog.id));

describe('a review round in the audit log', () => {
  it('records each decision, the request for information and the answer, with who and before -> after', async () => {
    const row = await lodge();
    await reviewed(regulatorKe.client, row.id, { decision: 'forward', comments: 'Checked.', version: 1 });
    await reviewed(regional.client, row.id, {
      decision: 'request_info',
      comments: 'Please attach the refusal letter.',
      version: 2,
    });
    const answer = await applicant.client.request({
      method: 'POST',
      url: `/api/complaints/${row.slug}/respond/`,
      payload: multipart({ message: 'Here is the letter.' }, [['refusal.pdf', files.pdf]]),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await reviewed(regional.client, row.id, { decision: 'forward', comments: 'To the council.', version: 4 });
    await reviewed(council.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      comments: 'Licence granted.',
      version: 5,
    });

    const rows = await auditsOf('complaints.complaint', row.id);
    expect(rows.map((audit) => [audit.action, audit.actorId])).toEqual([
      ['forward', regulatorKe.user.id],
      ['request_info', regional.user.id],
      ['respond', applicant.user.id],
      ['forward', regional.user.id],
      ['resolve', council.user.id],
    ]);
    const [forward, asked, answered, , resolved] = rows;
    expect(forward!.before).toMatchObject({
      reference: row.reference,
      status: 'submitted',
      stage: 'regulator',
      version: 1,
    });
    expect(forward!.after).toMatchObject({
      reference: row.reference,
      status: 'in_review',
      stage: 'regional',
      version: 2,
      decision: 'forward',
      comments: 'Checked.',
    });
    expect(asked!.before).toMatchObject({ status: 'in_review', stage: 'regional' });
    expect(asked!.after).toMatchObject({
      status: 'information_requested',
      stage: 'regional',
      decision: 'request_info',
      comments: 'Please attach the refusal letter.',
    });
    expect(answered!.before).toMatchObject({ status: 'information_requested' });
    expect(answered!.after).toMatchObject({ status: 'in_review', attachments_added: 1 });
    expect(resolved!.before).toMatchObject({ status: 'in_review', stage: 'council', date_resolved: null });
    expect(resolved!.after).toMatchObject({ status: 'resolved', stage: null });
    expect(typeof resolved!.after!.date_resolved).toBe('string');
    for (const audit of rows) {
      expect(audit.ip).not.toBe('');
      expect(audit.createdAt.getTime()).toBeGreaterThan(Date.now() - 120_000);
    }

    // The superuser's viewer and dashboard read them.
    const list = await admin.client.request({
      url: `/api/admin/audit-log/?model=complaints.complaint&object_id=${row.id}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ count: number; results: { object_label: string }[] }>()).toMatchObject({
      count: 5,
      results: expect.arrayContaining([expect.objectContaining({ object_label: row.reference })]),
    });
    const dashboard = await admin.client.request({ url: '/api/dashboard/' });
    const recent = dashboard.json<{ recent_changes: { results: { model: string; action: string }[] } }>();
    expect(recent.recent_changes.results[0]).toMatchObject({
      model: 'complaints.complaint',
      action: 'resolve',
    });
  });

  it('records nothing for a refused decision', async () => {
    const row = await lodge();
    expect((await review(regional.client, row.id, { decision: 'forward', version: 1 })).statusCode).toBe(403);
    expect((await review(regulatorKe.client, row.id, { decision: 'forward', version: 9 })).statusCode).toBe(
      409,
    );
    expect(await auditsOf('complaints.complaint', row.id)).toEqual([]);
  });
});

describe('archive, purge and stage deadlines in the audit log', () => {
  it('records the archive and the purge with the record before', async () => {
    const row = await lodge();
    await reviewed(regulatorKe.client, row.id, {
      ...publicRecord,
      decision: 'reject',
      comments: 'Not a barrier.',
      version: 1,
    });
    const archived = await regional.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/archive/`,
      payload: { version: 2 },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const purged = await admin.client.request({ method: 'DELETE', url: `/api/manage/complaints/${row.id}/` });
    expect(purged.statusCode).toBe(204);

    const rows = await auditsOf('complaints.complaint', row.id);
    expect(rows.map((audit) => [audit.action, audit.actorId])).toEqual([
      ['reject', regulatorKe.user.id],
      ['archive', regional.user.id],
      ['delete', admin.user.id],
    ]);
    expect(rows[1]!.before).toMatchObject({ archived: false, status: 'rejected' });
    expect(rows[1]!.after).toMatchObject({ archived: true, status: 'rejected' });
    expect(rows[2]!.before).toMatchObject({ reference: row.reference, archived: true, status: 'rejected' });
    expect(rows[2]!.after).toBeNull();
  });

  it('records a change of a stage deadline', async () => {
    const put = (days: number) =>
      admin.client.request({
        method: 'PUT',
        url: '/api/manage/complaints/stages/',
        payload: { stages: [{ stage: 'council', deadline_days: days }] },
      });
    expect((await put(45)).statusCode).toBe(200);
    expect((await put(30)).statusCode).toBe(200);
    const rows = await auditsOf('complaints.reviewstage', 'council');
    expect(rows.map((audit) => [audit.action, audit.actorId, audit.before, audit.after])).toEqual([
      [
        'change',
        admin.user.id,
        { stage: 'council', deadline_days: 30, deadline_unit: 'calendar' },
        { stage: 'council', deadline_days: 45, deadline_unit: 'calendar' },
      ],
      [
        'change',
        admin.user.id,
        { stage: 'council', deadline_days: 45, deadline_unit: 'calendar' },
        { stage: 'council', deadline_days: 30, deadline_unit: 'calendar' },
      ],
    ]);
  });
});

describe('the audit row and the change are one transaction', () => {
  it('a refused audit row undoes the decision, the archive and the purge', async () => {
    const row = await lodge();
    await reviewed(regulatorKe.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      comments: 'Done.',
      version: 1,
    });
    const restore = await refuseInserts(
      ctx,
      'test_refuse_complaint_audit',
      'audit_log',
      `new.model = 'complaints.complaint'`,
    );
    try {
      const other = await lodge();
      expect(
        (await review(regulatorKe.client, other.id, { decision: 'forward', version: 1 })).statusCode,
      ).toBe(500);
      const [still] = await ctx.db.select().from(complaints).where(eq(complaints.id, other.id));
      expect(still).toMatchObject({ status: 'submitted', stage: 'regulator', version: 1 });
      expect(await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, other.id))).toEqual([]);

      const archive = await regional.client.request({
        method: 'POST',
        url: `/api/manage/complaints/${row.id}/archive/`,
        payload: { version: 2 },
      });
      expect(archive.statusCode).toBe(500);
      const purge = await admin.client.request({
        method: 'DELETE',
        url: `/api/manage/complaints/${row.id}/`,
      });
      expect(purge.statusCode).toBe(500);
      const [kept] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
      expect(kept).toMatchObject({ archived: false, version: 2 });
    } finally {
      await restore();
    }
  });

  it('a write that fails after the audit row leaves no audit row', async () => {
    const row = await lodge();
    // The decision's mails are queued after the audit row: refusing them fails the whole review.
    const restore = await refuseInserts(
      ctx,
      'test_refuse_review_mail',
      'outbox_messages',
      `new.complaint_id = ${row.id} and new.kind = 'complaint_update'`,
    );
    try {
      const response = await review(regulatorKe.client, row.id, { decision: 'forward', version: 1 });
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await auditsOf('complaints.complaint', row.id)).toEqual([]);
    const [still] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(still).toMatchObject({ status: 'submitted', version: 1 });
  });
});

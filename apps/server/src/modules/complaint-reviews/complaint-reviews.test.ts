import type { TComplaintDetail, TComplaintOverview, TManageComplaintListItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintAttachments, complaints, reviewLogs } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import {
  files,
  multipart,
  publicRecord,
  roles,
  signIn,
  storedFiles,
  validForm,
} from '../complaints/complaints.fixtures.js';

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;
let regulatorKe2: Account;
let regulatorTz: Account;
let regional: Account;
let council: Account;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, roles.client('fr'));
  regulatorKe = await signIn(ctx, roles.regulator('KE', 'fr'));
  regulatorKe2 = await signIn(ctx, roles.regulator('KE'));
  regulatorTz = await signIn(ctx, roles.regulator('TZ'));
  regional = await signIn(ctx, roles.regional());
  council = await signIn(ctx, roles.council());
  admin = await signIn(ctx, roles.superuser());
});
afterAll(() => ctx.close());

async function lodge(fields = validForm(), uploads: [string, Buffer][] = []) {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(fields, uploads),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row!;
}

function review(client: TestClient, id: number, body: Record<string, unknown>) {
  return client.request({ method: 'POST', url: `/api/manage/complaints/${id}/review/`, payload: body });
}

async function reviewed(client: TestClient, id: number, body: Record<string, unknown>) {
  const response = await review(client, id, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TComplaintDetail>();
}

/** Mails that arrived after `since` to `email`. */
function mailsTo(email: string, since: number) {
  return ctx.mail.messages.slice(since).filter((mail) => JSON.stringify(mail.to).includes(email));
}
/** Every queued mail delivered (or tried once), then a moment more for the catcher. */
async function settle() {
  await ctx.outboxIdle();
  await new Promise((resolve) => setTimeout(resolve, 300));
}
/** Waits until `count` mails to `email` arrived after `since`, then a moment more to catch extras. */
async function arrived(email: string, since: number, count = 1) {
  const deadline = Date.now() + 5_000;
  while (mailsTo(email, since).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await settle();
  return mailsTo(email, since);
}

describe('reviewing a complaint through every stage', () => {
  it('forwards, asks for information, resumes on the answer, forwards and resolves, with logs and mails', async () => {
    const row = await lodge();
    await ctx.mail.waitFor(applicant.user.email);
    await settle();
    let mark = ctx.mail.messages.length;
    let detail = await reviewed(regulatorKe.client, row.id, {
      decision: 'forward',
      comments: 'Confirmed with the licensing board.',
      version: 1,
    });
    expect(detail).toMatchObject({ status: 'in_review', stage: 'regional', version: 2 });
    expect(detail.message).toBe('Please wait for the regional review process to end.');
    expect(detail.review_logs).toHaveLength(1);
    expect(detail.review_logs[0]).toMatchObject({
      stage: 'regulator',
      decision: 'forward',
      comments: 'Confirmed with the licensing board.',
      reviewer: { id: regulatorKe.user.id },
    });
    expect((await arrived(applicant.user.email, mark)).map((mail) => mail.subject)).toEqual([
      `Plainte ${row.reference} : étape suivante`,
    ]);
    // Each in the recipient's locale: the regional reviewer reads English.
    expect((await arrived(regional.user.email, mark)).map((mail) => mail.subject)).toEqual([
      `Complaint ${row.reference} to review (KE)`,
    ]);
    expect(mailsTo(council.user.email, mark)).toHaveLength(0);

    // The regional reviewer asks for more; the applicant sees the question but not who asked.
    await settle();
    mark = ctx.mail.messages.length;
    detail = await reviewed(regional.client, row.id, {
      decision: 'request_info',
      comments: 'Please attach the refusal letter.',
      version: 2,
    });
    expect(detail).toMatchObject({ status: 'information_requested', stage: 'regional', version: 3 });
    const asked = await arrived(applicant.user.email, mark);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain('Please attach the refusal letter.');
    const seen = (
      await applicant.client.request({ url: `/api/complaints/${row.slug}/` })
    ).json<TComplaintDetail>();
    expect(seen.can_respond).toBe(true);
    expect(seen.review_logs.map((log) => log.reviewer)).toEqual([null, null]);
    expect(seen.review_logs.map((log) => log.decision)).toEqual(['forward', 'request_info']);

    // While waiting, a reviewer cannot forward.
    const waiting = await review(regional.client, row.id, { decision: 'forward', version: 3 });
    expect(waiting.statusCode).toBe(409);

    await settle();
    mark = ctx.mail.messages.length;
    const answer = await applicant.client.request({
      method: 'POST',
      url: `/api/complaints/${row.slug}/respond/`,
      payload: multipart({ message: 'Here is the letter.' }, [['refusal.pdf', files.pdf]]),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    detail = answer.json();
    expect(detail).toMatchObject({ status: 'in_review', stage: 'regional', version: 4, can_respond: false });
    expect(detail.attachments.map((file) => file.name)).toEqual(['refusal.pdf']);
    expect(detail.review_logs[2]).toMatchObject({
      decision: 'information_provided',
      comments: 'Here is the letter.',
    });
    expect(await arrived(regional.user.email, mark)).toHaveLength(1);
    expect((await arrived(applicant.user.email, mark)).map((mail) => mail.subject)).toEqual([
      `Plainte ${row.reference} : examen repris`,
    ]);
    // A second answer is refused: nothing is asked any more.
    const again = await applicant.client.request({
      method: 'POST',
      url: `/api/complaints/${row.slug}/respond/`,
      payload: multipart({ message: 'More.' }),
    });
    expect(again.statusCode).toBe(409);

    await reviewed(regional.client, row.id, { decision: 'forward', comments: 'To the Council.', version: 4 });
    const closing = await review(council.client, row.id, { decision: 'forward', version: 5 });
    expect(closing.statusCode).toBe(422);
    expect(closing.json().errors.decision).toBe(
      'The council is the last review stage: resolve or reject the complaint.',
    );
    await settle();
    mark = ctx.mail.messages.length;
    detail = await reviewed(council.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      comments: 'Measure lifted.',
      version: 5,
    });
    expect(detail).toMatchObject({ status: 'resolved', stage: null, stage_due_at: null, version: 6 });
    expect(detail.date_resolved).not.toBeNull();
    expect(detail.message).toBe('The complaint has already been reviewed.');
    const resolvedMails = await arrived(applicant.user.email, mark);
    expect(resolvedMails.map((mail) => mail.subject)).toContain(`Plainte ${row.reference} résolue`);
    const logs = await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, row.id));
    expect(logs.map((log) => [log.stage, log.decision])).toEqual([
      ['regulator', 'forward'],
      ['regional', 'request_information'],
      ['regional', 'information_provided'],
      ['regional', 'forward'],
      ['council', 'resolve'],
    ]);
    const after = await review(council.client, row.id, {
      ...publicRecord,
      decision: 'reject',
      comments: 'x',
      version: 6,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe('This complaint has already been reviewed.');
  });

  it('needs the permission of the current stage and comments for a rejection or a question', async () => {
    const row = await lodge();
    const early = await review(regional.client, row.id, { ...publicRecord, decision: 'resolve', version: 1 });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe('You may not review complaints at the regulator stage.');
    const client = await review(applicant.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      version: 1,
    });
    expect(client.statusCode).toBe(403);
    for (const decision of ['reject', 'request_info']) {
      const bare = await review(regulatorKe.client, row.id, { decision, version: 1 });
      expect(bare.statusCode).toBe(422);
      expect(bare.json().errors.comments).toBe('This field is required.');
    }
    const unknown = await review(regulatorKe.client, row.id, { decision: 'approve', version: 1 });
    expect(unknown.statusCode).toBe(422);
    const rejected = await reviewed(regulatorKe.client, row.id, {
      ...publicRecord,
      decision: 'reject',
      comments: 'Not a barrier.',
      version: 1,
    });
    expect(rejected).toMatchObject({ status: 'rejected', stage: null, date_resolved: null });
  });

  it('keeps a regulator to complaints of their own country', async () => {
    const row = await lodge(validForm({ country_code: 'KE' }));
    const other = await review(regulatorTz.client, row.id, { decision: 'forward', version: 1 });
    expect(other.statusCode).toBe(404);
    expect((await regulatorTz.client.request({ url: `/api/manage/complaints/${row.id}/` })).statusCode).toBe(
      404,
    );
    const queueTz = (
      await regulatorTz.client.request({ url: '/api/manage/complaints/queue/?page_size=100' })
    ).json();
    expect(queueTz.results.map((item: TManageComplaintListItem) => item.id)).not.toContain(row.id);
    const queueKe = (
      await regulatorKe.client.request({ url: '/api/manage/complaints/queue/?page_size=100' })
    ).json();
    expect(queueKe.results.map((item: TManageComplaintListItem) => item.id)).toContain(row.id);
    for (const item of queueKe.results as TManageComplaintListItem[]) {
      expect(item.country_code).toBe('KE');
      expect(item.stage).toBe('regulator');
    }
    // The regional queue holds no regulator-stage complaint; the superuser sees every stage.
    const queueRegional = (
      await regional.client.request({ url: '/api/manage/complaints/queue/?page_size=100' })
    ).json();
    expect(queueRegional.results.every((item: TManageComplaintListItem) => item.stage === 'regional')).toBe(
      true,
    );
    const queueAdmin = (
      await admin.client.request({ url: '/api/manage/complaints/queue/?page_size=100' })
    ).json();
    expect(queueAdmin.results.map((item: TManageComplaintListItem) => item.id)).toContain(row.id);
    expect((await applicant.client.request({ url: '/api/manage/complaints/queue/' })).statusCode).toBe(403);
  });

  it('lets only one of two reviewers acting at once record a decision (409 for the other)', async () => {
    const row = await lodge();
    const [a, b] = await Promise.all([
      review(regulatorKe.client, row.id, { decision: 'forward', comments: 'First', version: 1 }),
      review(regulatorKe2.client, row.id, {
        ...publicRecord,
        decision: 'reject',
        comments: 'Second',
        version: 1,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().detail).toContain('changed by someone else');
    const logs = await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, row.id));
    expect(logs).toHaveLength(1);
    const [current] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(current!.version).toBe(2);
    // A stale version is refused even when nobody is acting at the same moment.
    const stale = await review(regulatorKe.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('flags overdue complaints and sorts the queue by due date', async () => {
    const row = await lodge();
    await ctx.db
      .update(complaints)
      .set({ stageDueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(complaints.id, row.id));
    const queue = (
      await regulatorKe.client.request({ url: '/api/manage/complaints/queue/?overdue=true' })
    ).json();
    expect(queue.results[0]).toMatchObject({ id: row.id, overdue: true });
    const dues = (await regulatorKe.client.request({ url: '/api/manage/complaints/queue/?page_size=100' }))
      .json()
      .results.map((item: TManageComplaintListItem) => item.stage_due_at);
    expect(dues).toEqual([...dues].sort());
  });
});

describe('archive and purge', () => {
  it('archives a reviewed complaint once and for all', async () => {
    const row = await lodge();
    const open = await regional.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/archive/`,
      payload: { version: 1 },
    });
    expect(open.statusCode).toBe(409);
    await reviewed(regulatorKe.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      comments: 'Done',
      version: 1,
    });
    const byClient = await applicant.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/archive/`,
      payload: { version: 2 },
    });
    expect(byClient.statusCode).toBe(403);
    const done = await regional.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/archive/`,
      payload: { version: 2 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().complaint).toMatchObject({ archived: true, can_archive: false, version: 3 });
    const twice = await regional.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/archive/`,
      payload: { version: 3 },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This complaint is archived and can no longer change.');
    const reopen = await review(admin.client, row.id, {
      ...publicRecord,
      decision: 'reject',
      comments: 'x',
      version: 3,
    });
    expect(reopen.statusCode).toBe(409);
    const publicList = (await ctx.client().request({ url: '/api/complaints/public/?page_size=100' })).body;
    expect(publicList).not.toContain(row.reference);
    const mine = (
      await applicant.client.request({ url: '/api/manage/complaints/mine/?page_size=100' })
    ).json();
    expect(mine.results.find((item: { id: number }) => item.id === row.id)).toMatchObject({ archived: true });
  });

  it('purges a complaint with its files for a superuser only', async () => {
    const row = await lodge(validForm(), [['doc.pdf', files.pdf]]);
    const [file] = await ctx.db
      .select()
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, row.id));
    const fileName = file!.storageKey.split('/')[1]!;
    expect(await storedFiles(ctx)).toContain(fileName);
    for (const someone of [regional, applicant]) {
      const refused = await someone.client.request({
        method: 'DELETE',
        url: `/api/manage/complaints/${row.id}/`,
      });
      expect(refused.statusCode).toBe(403);
    }
    const purged = await admin.client.request({ method: 'DELETE', url: `/api/manage/complaints/${row.id}/` });
    expect(purged.statusCode).toBe(204);
    expect(await ctx.db.select().from(complaints).where(eq(complaints.id, row.id))).toHaveLength(0);
    expect(await storedFiles(ctx)).not.toContain(fileName);
    const gone = await admin.client.request({ method: 'DELETE', url: `/api/manage/complaints/${row.id}/` });
    expect(gone.statusCode).toBe(404);
  });
});

describe('manage lists, figures, export and stages', () => {
  it('gives staff the figures of what they may see and a client their own', async () => {
    await lodge(validForm({ country_code: 'TZ' }));
    const staff = (
      await regional.client.request({ url: '/api/manage/complaints/overview/' })
    ).json<TComplaintOverview>();
    expect(staff.scope).toBe('all');
    expect(staff.by_country.map((row) => row.country_code)).toContain('TZ');
    expect(staff.median_days_by_stage).not.toBeNull();
    expect(staff.median_days_by_stage!.regulator).not.toBeNull();
    const ke = (
      await regulatorKe.client.request({ url: '/api/manage/complaints/overview/' })
    ).json<TComplaintOverview>();
    expect(ke.by_country.map((row) => row.country_code)).toEqual(['KE']);
    const own = (
      await applicant.client.request({ url: '/api/manage/complaints/overview/' })
    ).json<TComplaintOverview>();
    expect(own.scope).toBe('own');
    expect(own.median_days_by_stage).toBeNull();
    const [mine] = await Promise.all([
      applicant.client.request({ url: '/api/manage/complaints/mine/?page_size=100' }),
    ]);
    expect(own.total).toBe(mine.json().count);
    const other = await signIn(ctx, roles.client());
    const empty = (
      await other.client.request({ url: '/api/manage/complaints/overview/' })
    ).json<TComplaintOverview>();
    expect(empty.total).toBe(0);
    expect((await other.client.request({ url: '/api/manage/complaints/mine/' })).json().count).toBe(0);
  });

  it('lists and exports for staff within their country rule, not for clients', async () => {
    const list = await regulatorKe.client.request({ url: '/api/manage/complaints/?page_size=100' });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.every((item: TManageComplaintListItem) => item.country_code === 'KE')).toBe(
      true,
    );
    const csv = await regulatorKe.client.request({ url: '/api/manage/complaints/export/?status=submitted' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="complaints-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'reference,status,stage,country_code,restriction_type,brief_description,date_of_occurrence,submitted_at,stage_due_at,overdue,date_resolved,archived,source,applicant_name',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^CMP-\d{4}-\d{6},submitted,regulator,KE,/);
    expect((await applicant.client.request({ url: '/api/manage/complaints/export/' })).statusCode).toBe(403);
    expect((await applicant.client.request({ url: '/api/manage/complaints/' })).statusCode).toBe(403);
  });

  it('shows the stage deadlines to staff and lets only holders of change_reviewstage change them', async () => {
    const seen = await regional.client.request({ url: '/api/manage/complaints/stages/' });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      can_change: false,
      results: [
        { stage: 'regulator', deadline_days: 14 },
        { stage: 'regional', deadline_days: 21 },
        { stage: 'council', deadline_days: 30 },
      ],
    });
    expect((await applicant.client.request({ url: '/api/manage/complaints/stages/' })).statusCode).toBe(403);
    const put = (client: TestClient, body: unknown) =>
      client.request({ method: 'PUT', url: '/api/manage/complaints/stages/', payload: body as object });
    expect(
      (await put(regional.client, { stages: [{ stage: 'council', deadline_days: 20 }] })).statusCode,
    ).toBe(403);
    const invalid = await put(admin.client, { stages: [{ stage: 'council', deadline_days: 0 }] });
    expect(invalid.statusCode).toBe(422);
    const changed = await put(admin.client, { stages: [{ stage: 'regulator', deadline_days: 10 }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().results[0]).toMatchObject({ stage: 'regulator', deadline_days: 10 });
    const row = await lodge();
    expect(row.stageDueAt!.getTime() - row.stageStartedAt!.getTime()).toBe(10 * 86_400_000);
    await put(admin.client, { stages: [{ stage: 'regulator', deadline_days: 14 }] });
  });
});

describe('mail failures', () => {
  it('never lose the complaint', async () => {
    const broken = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' });
    try {
      const { client } = await signIn(broken, roles.client());
      const response = await client.request({
        method: 'POST',
        url: '/api/complaints/',
        payload: multipart(validForm()),
      });
      expect(response.statusCode).toBe(201);
      const [row] = await broken.db
        .select()
        .from(complaints)
        .where(eq(complaints.slug, response.json().slug));
      expect(row).toBeDefined();
      await settle();
    } finally {
      await broken.close();
    }
  });
});

import {
  feedbackMessages,
  type TComplaintDetail,
  type TComplaintFeedbackState,
  type TPublicComplaint,
} from '@stp/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complaintFeedback,
  complaints,
  outboxMessages,
  reviewLogs,
  reviewStages,
} from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { multipart, publicRecord, roles, signIn, validForm } from '../complaints/complaints.fixtures.js';
import { stageDue } from '../complaints/stage-due.js';

// Issue 34 item 4: the applicant's "is the barrier gone?" after a resolution (docs/complaint-feedback.md).

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let other: Account;
let regulatorKe: Account;
let regional: Account;

const day = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, roles.client('fr'));
  other = await signIn(ctx, roles.client());
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
  regional = await signIn(ctx, roles.regional());
});
afterAll(() => ctx.close());

async function lodge() {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm()),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  return (await complaintRow(slug))!;
}

async function complaintRow(slug: string) {
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row;
}

async function review(client: TestClient, id: number, body: Record<string, unknown>) {
  const response = await client.request({
    method: 'POST',
    url: `/api/manage/complaints/${id}/review/`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TComplaintDetail>();
}

/** A complaint resolved at the regulator stage, or forwarded first and resolved at the regional one. */
async function resolved(at: 'regulator' | 'regional' = 'regulator') {
  const row = await lodge();
  let version = row.version;
  if (at === 'regional') {
    version = (await review(regulatorKe.client, row.id, { decision: 'forward', version })).version;
  }
  const reviewer = at === 'regional' ? regional : regulatorKe;
  await review(reviewer.client, row.id, {
    ...publicRecord,
    decision: 'resolve',
    comments: 'The licence condition was lifted.',
    version,
  });
  await settle();
  return (await complaintRow(row.slug))!;
}

/** Every queued mail delivered (or tried once), then a moment more for the catcher. */
async function settle() {
  await ctx.outboxIdle();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

function answer(client: TestClient, slug: string, payload: unknown) {
  return client.request({
    method: 'POST',
    url: `/api/complaints/${slug}/feedback/`,
    payload: payload as Record<string, unknown>,
  });
}

async function feedbackOf(client: TestClient, slug: string) {
  const response = await client.request({ url: `/api/complaints/${slug}/feedback/` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TComplaintFeedbackState>();
}

const feedbackRows = (complaintId: number) =>
  ctx.db.select().from(complaintFeedback).where(eq(complaintFeedback.complaintId, complaintId));
const logRows = (complaintId: number) =>
  ctx.db
    .select()
    .from(reviewLogs)
    .where(eq(reviewLogs.complaintId, complaintId))
    .orderBy(asc(reviewLogs.createdAt), asc(reviewLogs.id));

/** What a refused answer must leave as it was. */
async function stateOf(complaintId: number, slug: string) {
  await ctx.outboxIdle();
  const outbox = await ctx.db.select().from(outboxMessages);
  return {
    complaint: await complaintRow(slug),
    feedback: await feedbackRows(complaintId),
    logs: await logRows(complaintId),
    mails: outbox.filter((row) => JSON.stringify(row).includes(`"complaintId":${complaintId}`)).length,
  };
}

/** Mails to `email` that arrived after `since`, once the outbox is delivered. */
async function mailsTo(email: string, since: number, count = 1) {
  const deadline = Date.now() + 10_000;
  const found = () =>
    ctx.mail.messages.slice(since).filter((mail) => JSON.stringify(mail.to).includes(email));
  while (found().length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await settle();
  return found();
}

describe('the question after a resolution', () => {
  it("asks the applicant by mail in their language, with the deadline, and on the complaint's page", async () => {
    const mark = ctx.mail.messages.length;
    const row = await resolved();
    const deadline = new Date(row.dateResolved!.getTime() + 60 * day);
    const mails = await mailsTo(applicant.user.email, mark, 3);
    expect(mails.map((mail) => mail.subject)).toContain(`Plainte ${row.reference} résolue`);
    const question = mails.find(
      (mail) => mail.subject === `Plainte ${row.reference} : l'obstacle a-t-il disparu ?`,
    );
    expect(question, mails.map((mail) => mail.subject).join(', ')).toBeDefined();
    const frenchDeadline = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(
      deadline,
    );
    expect(question!.text).toContain("L'obstacle a-t-il vraiment disparu ?");
    expect(question!.text).toContain(frenchDeadline);
    expect(question!.text).toContain(`/public/complaints/${row.slug}`);

    expect(await feedbackOf(applicant.client, row.slug)).toEqual({
      answer_by: deadline.toISOString(),
      can_answer: true,
      answer: null,
    });
    // The question is the applicant's: a reviewer who sees the complaint is refused it, anyone else does not find it.
    const url = `/api/complaints/${row.slug}/feedback/`;
    expect((await regulatorKe.client.request({ url })).statusCode).toBe(403);
    expect((await other.client.request({ url })).statusCode).toBe(404);
  });
});

describe('"Fixed"', () => {
  it('records the confirmation once; the complaint stays resolved', async () => {
    const row = await resolved();
    const response = await answer(applicant.client, row.slug, { outcome: 'fixed' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TComplaintDetail>();
    expect(detail.status).toBe('resolved');
    expect(await feedbackOf(applicant.client, row.slug)).toMatchObject({
      can_answer: false,
      answer: { outcome: 'fixed', reason: null, resolved_stage: 'regulator' },
    });
    const [kept] = await feedbackRows(row.id);
    expect(kept).toMatchObject({
      outcome: 'fixed',
      reason: null,
      resolvedStage: 'regulator',
      resolvedAt: row.dateResolved,
      answeredBy: applicant.user.id,
    });
    const after = await complaintRow(row.slug);
    expect(after).toMatchObject({ status: 'resolved', stage: null, dateResolved: row.dateResolved });

    const before = await stateOf(row.id, row.slug);
    for (const payload of [{ outcome: 'fixed' }, { outcome: 'not_fixed', reason: 'Changed my mind.' }]) {
      const again = await answer(applicant.client, row.slug, payload);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().detail).toBe(feedbackMessages.alreadyAnswered);
    }
    expect(await stateOf(row.id, row.slug)).toEqual(before);
  });
});

describe('"Not fixed"', () => {
  it('reopens the complaint at the stage that resolved it, with the reason in the log and the reviewers told', async () => {
    const row = await resolved('regional');
    const reason = 'The office still asks for a local partner before it issues the licence.';
    const mark = ctx.mail.messages.length;
    const response = await answer(applicant.client, row.slug, { outcome: 'not_fixed', reason });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TComplaintDetail>();
    expect(detail).toMatchObject({ status: 'in_review', stage: 'regional', date_resolved: null });
    expect(await feedbackOf(applicant.client, row.slug)).toMatchObject({
      answer_by: null,
      can_answer: false,
      answer: { outcome: 'not_fixed', reason, resolved_stage: 'regional' },
    });
    expect(detail.review_logs.at(-1)).toMatchObject({
      decision: 'reopened',
      stage: 'regional',
      comments: reason,
      reviewer: null,
    });

    const after = (await complaintRow(row.slug))!;
    expect(after.version).toBe(row.version + 1);
    // The stage clock restarts as the stage rules count it.
    const [stage] = await ctx.db.select().from(reviewStages).where(eq(reviewStages.stage, 'regional'));
    const expected = await stageDue(ctx.db, stage!, 'KE', after.stageStartedAt!);
    expect(Date.now() - after.stageStartedAt!.getTime()).toBeLessThan(60_000);
    expect(after.stageDueAt).toEqual(expected.stageDueAt);
    expect(after.stageDeadlineUnit).toBe(expected.stageDeadlineUnit);

    const logs = await logRows(row.id);
    expect(logs.map((log) => [log.stage, log.decision, log.reviewerId])).toEqual([
      ['regulator', 'forward', regulatorKe.user.id],
      ['regional', 'resolve', regional.user.id],
      ['regional', 'reopened', null],
    ]);
    expect(logs.at(-1)!.comments).toBe(reason);
    const [kept] = await feedbackRows(row.id);
    expect(kept).toMatchObject({ outcome: 'not_fixed', reason, resolvedStage: 'regional' });

    // The stage's reviewers are told as for a complaint entering their queue; the applicant too.
    const toReviewer = await mailsTo(regional.user.email, mark);
    expect(toReviewer.map((mail) => mail.subject)).toEqual([`Complaint ${row.reference} to review (KE)`]);
    const toApplicant = await mailsTo(applicant.user.email, mark);
    expect(toApplicant.map((mail) => mail.subject)).toEqual([`Plainte ${row.reference} rouverte`]);
    expect(await mailsTo(regulatorKe.user.email, mark, 0)).toEqual([]);

    // The public record shows the stage entered again at the reopening, open, and no outcome yet.
    const publicView = await ctx.client().request({ url: `/api/complaints/public/${row.reference}/` });
    expect(publicView.statusCode, publicView.body).toBe(200);
    const stages = publicView.json<TPublicComplaint>().stages;
    expect(stages.map((one) => [one.stage, one.outcome])).toEqual([
      ['regulator', 'forward'],
      ['regional', 'resolve'],
      ['regional', null],
    ]);
    expect(stages.at(-1)).toMatchObject({ started_at: after.stageStartedAt!.toISOString(), ended_at: null });
    expect(publicView.json<TPublicComplaint>()).toMatchObject({ status: 'in_review', closed_at: null });

    // Not resolved any more: a second answer is refused.
    const before = await stateOf(row.id, row.slug);
    const again = await answer(applicant.client, row.slug, { outcome: 'fixed' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toBe(feedbackMessages.notResolved);
    expect(await stateOf(row.id, row.slug)).toEqual(before);

    // Resolved again, it is a new resolution with a question of its own.
    await review(regional.client, row.id, {
      ...publicRecord,
      decision: 'resolve',
      comments: 'The partner rule is gone too.',
      version: after.version,
    });
    const second = await answer(applicant.client, row.slug, { outcome: 'fixed' });
    expect(second.statusCode, second.body).toBe(200);
    expect((await feedbackRows(row.id)).map((one) => one.outcome).sort()).toEqual(['fixed', 'not_fixed']);
  });
});

describe('refused answers change nothing', () => {
  it('refuses after 60 days (409)', async () => {
    const row = await resolved();
    const long = new Date(Date.now() - 61 * day);
    await ctx.db.update(complaints).set({ dateResolved: long }).where(eq(complaints.id, row.id));
    expect(await feedbackOf(applicant.client, row.slug)).toMatchObject({
      can_answer: false,
      answer: null,
    });
    const before = await stateOf(row.id, row.slug);
    const response = await answer(applicant.client, row.slug, {
      outcome: 'not_fixed',
      reason: 'Still there.',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().detail).toBe(feedbackMessages.windowClosed);
    expect(await stateOf(row.id, row.slug)).toEqual(before);
  });

  it('refuses a complaint that is not resolved (409)', async () => {
    const open = await lodge();
    const rejected = await lodge();
    await review(regulatorKe.client, rejected.id, {
      ...publicRecord,
      decision: 'reject',
      comments: 'Outside the agreement.',
      version: rejected.version,
    });
    for (const row of [open, rejected]) {
      const before = await stateOf(row.id, row.slug);
      const response = await answer(applicant.client, row.slug, { outcome: 'not_fixed', reason: 'Still.' });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().detail).toBe(feedbackMessages.notResolved);
      expect(await stateOf(row.id, row.slug)).toEqual(before);
    }
  });

  it('refuses anyone but the applicant: another client 404, a reviewer 403, a visitor 401', async () => {
    const row = await resolved();
    const before = await stateOf(row.id, row.slug);
    const payload = { outcome: 'not_fixed', reason: 'Not mine to say.' };
    expect((await answer(other.client, row.slug, payload)).statusCode).toBe(404);
    expect((await answer(regulatorKe.client, row.slug, payload)).statusCode).toBe(403);
    expect((await answer(ctx.client(), row.slug, payload)).statusCode).toBe(401);
    expect((await answer(applicant.client, '00000000-0000-4000-8000-000000000000', payload)).statusCode).toBe(
      404,
    );
    expect(await stateOf(row.id, row.slug)).toEqual(before);
  });

  it('refuses the worst inputs with a 4xx', async () => {
    const row = await resolved();
    const before = await stateOf(row.id, row.slug);
    const cases: [unknown, Record<string, string> | null][] = [
      [{ outcome: 'not_fixed' }, { reason: feedbackMessages.reasonRequired }],
      [{ outcome: 'not_fixed', reason: '' }, { reason: feedbackMessages.reasonRequired }],
      [{ outcome: 'not_fixed', reason: ' \n\t ' }, { reason: feedbackMessages.reasonRequired }],
      [
        { outcome: 'not_fixed', reason: 'x'.repeat(2001) },
        { reason: 'Ensure this field has no more than 2000 characters.' },
      ],
      [{ outcome: 'maybe' }, { outcome: feedbackMessages.invalidOutcome }],
      [{ outcome: 1 }, { outcome: feedbackMessages.invalidOutcome }],
      [{ outcome: ['fixed'] }, { outcome: feedbackMessages.invalidOutcome }],
      [{ outcome: 'not_fixed', reason: 42 }, { reason: 'Enter text.' }],
      [{ outcome: 'not_fixed', reason: { text: 'x' } }, { reason: 'Enter text.' }],
      [{}, { outcome: feedbackMessages.invalidOutcome }],
      [['fixed'], null],
      ['fixed', null],
      [{ outcome: 'not_fixed', reason: 'y'.repeat(3_000_000) }, null],
    ];
    for (const [payload, errors] of cases) {
      const response = await answer(applicant.client, row.slug, payload);
      const label = JSON.stringify(payload).slice(0, 80);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      if (errors) {
        expect(response.statusCode, label).toBe(422);
        expect(response.json().errors, label).toMatchObject(errors);
      }
    }
    expect(await stateOf(row.id, row.slug)).toEqual(before);
    // Still answerable after all that.
    expect((await feedbackOf(applicant.client, row.slug)).can_answer).toBe(true);
  });
});

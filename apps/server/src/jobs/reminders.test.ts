// Issue 31 item 3: the reviewers' daily digest and the applicants' reminder, with the clock moved forward
// (the functions take the time they run at; no sleeping).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, outboxMessages, sentReminders } from '../db/schema/index.js';
import { roles, signIn, validForm, multipart } from '../modules/complaints/complaints.fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { sendInformationReminders, sendReviewerDigests, type ReminderDeps } from './reminders.js';

let ctx: TestContext;
let deps: ReminderDeps;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let applicantFr: Account;
let regulatorKe: Account;
let regulatorTz: Account;
let regional: Account;
let council: Account;

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const settings = { digestWithinDays: 2, informationAfterDays: 7 };

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, outbox: ctx.app.deps.outbox, config: ctx.config, log: ctx.app.log };
  applicant = await signIn(ctx, roles.client());
  applicantFr = await signIn(ctx, roles.client('fr'));
  regulatorKe = await signIn(ctx, roles.regulator('KE', 'fr'));
  regulatorTz = await signIn(ctx, roles.regulator('TZ'));
  regional = await signIn(ctx, roles.regional());
  council = await signIn(ctx, roles.council());
});
afterAll(() => ctx?.close());

async function lodge(by: Account, country = 'KE') {
  const response = await by.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm({ country_code: country })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row!;
}

async function review(reviewer: Account, id: number, decision: string) {
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.id, id));
  const response = await reviewer.client.request({
    method: 'POST',
    url: `/api/manage/complaints/${id}/review/`,
    payload: { decision, comments: 'Please send the licence refusal letter.', version: row!.version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const setDue = (id: number, due: Date) =>
  ctx.db.update(complaints).set({ stageDueAt: due }).where(eq(complaints.id, id));

/** The outbox rows of one kind to one address (what the worker sends). */
async function queued(kind: string, email: string) {
  const rows = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));
  return rows.filter((row) => row.recipient === email);
}

// Generous limits: a loaded 2-core machine (what is asserted does not depend on time).
describe('the reviewers’ daily digest', { timeout: 180_000 }, () => {
  it('lists exactly the due and overdue complaints of each queue, once a day even with two workers', async () => {
    // Ten in the morning (UTC) thirty days from now: the clock moved forward.
    const today = new Date();
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 30, 10));
    const overdue = await lodge(applicant);
    const tomorrow = await lodge(applicant);
    const later = await lodge(applicant);
    const tanzania = await lodge(applicant, 'TZ');
    const regionalOne = await lodge(applicant);
    const waiting = await lodge(applicant);
    const removed = await lodge(applicant);
    await review(regulatorKe, regionalOne.id, 'forward');
    await review(regulatorKe, waiting.id, 'request_info');
    await setDue(overdue.id, new Date(at.getTime() - dayMs));
    await setDue(tomorrow.id, new Date(at.getTime() + dayMs));
    await setDue(later.id, new Date(at.getTime() + 5 * dayMs));
    await setDue(tanzania.id, new Date(at.getTime() + 36 * hourMs));
    await setDue(regionalOne.id, new Date(at.getTime() + 2 * dayMs - 60_000));
    // Waiting for the applicant, not for a reviewer: never in a digest.
    await setDue(waiting.id, new Date(at.getTime() - 3 * dayMs));
    // Soft-deleted: gone from every list, so from the digest too.
    await setDue(removed.id, new Date(at.getTime() + dayMs));
    await ctx.db.update(complaints).set({ deletedOn: new Date() }).where(eq(complaints.id, removed.id));

    // Two workers at once (on PostgreSQL two connections): one digest per reviewer.
    const [first, second] = await Promise.all([
      sendReviewerDigests(deps, settings, at),
      sendReviewerDigests(deps, settings, at),
    ]);
    expect(first + second).toBe(3);
    expect(await sendReviewerDigests(deps, settings, new Date(at.getTime() + 2 * hourMs))).toBe(0);
    await ctx.outboxIdle();

    const ke = await queued('reviewer_digest', regulatorKe.user.email);
    expect(ke).toHaveLength(1);
    expect(ke[0]!.subject).toBe('Plaintes à examiner : 2 à échéance proche ou dépassée');
    const link = (row: { id: number }) => `http://portal.test/auth/manage/complaints/${row.id}`;
    expect(ke[0]!.body).toContain(`${overdue.reference} (KE, examen du régulateur) – en retard depuis le`);
    expect(ke[0]!.body).toContain(`${tomorrow.reference} (KE, examen du régulateur) – échéance le`);
    expect(ke[0]!.body).toContain(link(overdue));
    expect(ke[0]!.body).toContain(link(tomorrow));
    expect(ke[0]!.html).toContain(`<a href="${link(tomorrow)}">`);
    for (const other of [later, tanzania, regionalOne, waiting, removed])
      expect(ke[0]!.body).not.toContain(other.reference);
    // Soonest first.
    expect(ke[0]!.body.indexOf(overdue.reference)).toBeLessThan(ke[0]!.body.indexOf(tomorrow.reference));

    const tz = await queued('reviewer_digest', regulatorTz.user.email);
    expect(tz).toHaveLength(1);
    expect(tz[0]!.subject).toBe('Complaints to review: 1 due soon or overdue');
    expect(tz[0]!.body).toContain(`${tanzania.reference} (TZ, regulator review) – due by`);
    const secretariat = await queued('reviewer_digest', regional.user.email);
    expect(secretariat).toHaveLength(1);
    expect(secretariat[0]!.body).toContain(regionalOne.reference);
    expect(secretariat[0]!.body).not.toContain(overdue.reference);
    // An empty list sends nothing.
    expect(await queued('reviewer_digest', council.user.email)).toHaveLength(0);

    // The mails arrive at the SMTP server, once each.
    const arrived = await ctx.mail.waitFor(regulatorKe.user.email, 15_000);
    expect(arrived.subject).toBe('Plaintes à examiner : 2 à échéance proche ou dépassée');

    // The next day: a new digest.
    expect(await sendReviewerDigests(deps, settings, new Date(at.getTime() + dayMs))).toBe(3);
    expect(await queued('reviewer_digest', regulatorKe.user.email)).toHaveLength(2);
    const keys = await ctx.db.select().from(sentReminders).where(eq(sentReminders.kind, 'digest'));
    expect(keys.map((row) => row.key)).toContain(
      `digest:${regulatorKe.user.id}:${at.toISOString().slice(0, 10)}`,
    );
  });
});

describe('the reminder of a request for information', { timeout: 180_000 }, () => {
  it('reminds the applicant once, seven days after the request, and again for a new request', async () => {
    const row = await lodge(applicantFr);
    await review(regulatorKe, row.id, 'request_info');
    const requested = Date.now();
    const mine = async () =>
      (await queued('information_reminder', applicantFr.user.email)).filter((mail) =>
        mail.subject.includes(row.reference),
      );

    await sendInformationReminders(deps, settings, new Date(requested + 6 * dayMs));
    expect(await mine()).toHaveLength(0);
    await sendInformationReminders(deps, settings, new Date(requested + 7 * dayMs + 60_000));
    await sendInformationReminders(deps, settings, new Date(requested + 8 * dayMs));
    const reminders = await mine();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Plainte ${row.reference} : votre réponse est attendue`);
    expect(reminders[0]!.body).toContain(`http://portal.test/public/complaints/${row.slug}`);
    expect(reminders[0]!.complaintId).toBe(row.id);

    // The applicant answers; a second request is a new request, reminded once in its turn.
    const answer = new FormData();
    answer.append('message', 'Here is the letter.');
    const responded = await applicantFr.client.request({
      method: 'POST',
      url: `/api/complaints/${row.slug}/respond/`,
      payload: answer,
    });
    expect(responded.statusCode, responded.body).toBe(200);
    await sendInformationReminders(deps, settings, new Date(requested + 20 * dayMs));
    expect(await mine()).toHaveLength(1);
    await review(regulatorKe, row.id, 'request_info');
    await sendInformationReminders(deps, settings, new Date(Date.now() + 7 * dayMs + 60_000));
    expect(await mine()).toHaveLength(2);
    const keys = await ctx.db
      .select()
      .from(sentReminders)
      .where(inArray(sentReminders.kind, ['rfi']));
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the test-only time travel', { timeout: 300_000 }, () => {
  it('exists under NODE_ENV=test only, for superusers', async () => {
    const admin = await signIn(ctx, roles.superuser());
    const moved = await admin.client.request({
      method: 'POST',
      url: '/test-hooks/reminders/run/',
      payload: { advance_days: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await regional.client.request({
      method: 'POST',
      url: '/test-hooks/reminders/run/',
      payload: { advance_days: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const development = await createTestContext({ NODE_ENV: 'development' });
    try {
      const other = await signIn(development, roles.superuser());
      const absent = await other.client.request({
        method: 'POST',
        url: '/test-hooks/reminders/run/',
        payload: { advance_days: 1 },
      });
      expect(absent.statusCode).toBe(404);
    } finally {
      await development.close();
    }
  });
});

describe('the schedules', () => {
  it('schedules both reminders in the queue', async () => {
    const names = (await ctx.app.deps.queue.boss.getSchedules()).map((schedule) => schedule.name);
    expect(names).toEqual(expect.arrayContaining(['reminders-digest', 'reminders-information']));
  });
});

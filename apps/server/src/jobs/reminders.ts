import type { ReviewStage } from '@stp/shared';
import { and, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../app.js';
import type { Database, Executor } from '../db/client.js';
import { complaints, reviewLogs, sentReminders, users } from '../db/schema/index.js';
import { utcDate } from '../lib/working-days.js';
import { informationReminderMail, reviewerDigestMail, type DigestItem } from '../mail/reminder-mails.js';
import {
  applicantLink,
  localeOf,
  nameOf,
  reviewerLink,
  reviewersOf,
} from '../modules/complaints/complaint-notify.js';
import { decisionIn } from '../modules/complaints/complaints.presenter.js';
import type { JobQueue, QueueLog } from './queue.js';

export interface ReminderSettings {
  /** Cron expressions (UTC) of the reviewers' digest and of the applicants' reminders. */
  digestCron: string;
  informationCron: string;
  /** A complaint enters the digest this many days before it is due (and stays while overdue). */
  digestWithinDays: number;
  /** The applicant is reminded once a request for information has waited this many days. */
  informationAfterDays: number;
}

export interface ReminderDeps {
  db: Database;
  outbox: AppDeps['outbox'];
  config: AppDeps['config'];
  log: QueueLog;
  /** The time the reminders are computed for (tests move it forward). */
  clock?: () => Date;
}

export const digestQueue = 'reminders-digest';
export const informationQueue = 'reminders-information';
const dayMs = 86_400_000;

/** Marks a reminder sent; false when it already was (another run, another instance). In the mail's transaction. */
async function claim(tx: Executor, key: string, kind: 'digest' | 'rfi', now: Date): Promise<boolean> {
  const rows = await tx
    .insert(sentReminders)
    .values({ key, kind, sentAt: now })
    .onConflictDoNothing()
    .returning({ key: sentReminders.key });
  return rows.length > 0;
}

/**
 * The reviewers' daily digest: each reviewer of a complaint waiting at its stage (the same reviewers
 * its queue mails go to) that is due within `digestWithinDays` days or overdue gets ONE mail for the
 * UTC day of `now` listing them all, none when the list is empty. The mail is queued in the outbox in
 * the transaction that records it sent, so a second run (or instance) the same day sends nothing.
 * Returns the number of digests queued.
 */
export async function sendReviewerDigests(
  deps: ReminderDeps,
  settings: Pick<ReminderSettings, 'digestWithinDays'>,
  now: Date,
): Promise<number> {
  const { db } = deps;
  const due = await db
    .select()
    .from(complaints)
    .where(
      and(
        isNotNull(complaints.stage),
        inArray(complaints.status, ['submitted', 'in_review']),
        eq(complaints.archived, false),
        isNull(complaints.deletedOn),
        lte(complaints.stageDueAt, new Date(now.getTime() + settings.digestWithinDays * dayMs)),
      ),
    )
    .orderBy(complaints.stageDueAt, complaints.id);
  if (due.length === 0) return 0;
  const byReviewer = new Map<number, { user: typeof users.$inferSelect; items: DigestItem[] }>();
  const reviewersByQueue = new Map<string, Awaited<ReturnType<typeof reviewersOf>>>();
  for (const complaint of due) {
    const stage = complaint.stage as ReviewStage;
    // Beyond the regulator stage every reviewer of the stage sees every country.
    const queueKey = stage === 'regulator' ? `${stage}:${complaint.countryCode}` : stage;
    let reviewers = reviewersByQueue.get(queueKey);
    if (!reviewers) {
      reviewers = await reviewersOf(db, stage, complaint.countryCode);
      reviewersByQueue.set(queueKey, reviewers);
    }
    for (const reviewer of reviewers) {
      const entry = byReviewer.get(reviewer.id) ?? { user: reviewer, items: [] };
      entry.items.push({
        reference: complaint.reference,
        country: complaint.countryCode,
        stage,
        dueAt: complaint.stageDueAt!,
        link: reviewerLink(deps, complaint),
      });
      byReviewer.set(reviewer.id, entry);
    }
  }
  let sent = 0;
  const today = utcDate(now);
  for (const [userId, { user, items }] of byReviewer) {
    const queued = await db.transaction(async (tx) => {
      if (!(await claim(tx, `digest:${userId}:${today}`, 'digest', now))) return false;
      const mail = reviewerDigestMail(user.email, nameOf(user), localeOf(user.locale), {
        items,
        now,
        withinDays: settings.digestWithinDays,
        queueLink: `${deps.config.publicUrl}/auth/manage/complaints?tab=queue`,
      });
      await deps.outbox.mail(tx, mail, { kind: 'reviewer_digest' });
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) deps.log.info({ sent, day: today }, 'reviewer digests queued');
  return sent;
}

/**
 * The applicants' reminder: a complaint waiting for information whose request (its latest
 * `request_information` review log) is at least `informationAfterDays` days old reminds its applicant
 * once per request, queued in the transaction that records it. Complaints lodged by SMS with no
 * account have no address to remind. Returns the number of reminders queued.
 */
export async function sendInformationReminders(
  deps: ReminderDeps,
  settings: Pick<ReminderSettings, 'informationAfterDays'>,
  now: Date,
): Promise<number> {
  const { db } = deps;
  const cutoff = new Date(now.getTime() - settings.informationAfterDays * dayMs);
  const waiting = await db
    .select({ complaint: complaints, user: users })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.applicantId))
    .where(
      and(
        eq(complaints.status, 'information_requested'),
        eq(complaints.archived, false),
        isNull(complaints.deletedOn),
        eq(users.isActive, true),
      ),
    );
  let sent = 0;
  for (const { complaint, user } of waiting) {
    const [request] = await db
      .select({ id: reviewLogs.id, createdAt: reviewLogs.createdAt })
      .from(reviewLogs)
      .where(
        and(eq(reviewLogs.complaintId, complaint.id), eq(reviewLogs.decision, decisionIn('request_info'))),
      )
      .orderBy(desc(reviewLogs.createdAt), desc(reviewLogs.id))
      .limit(1);
    if (!request || request.createdAt.getTime() > cutoff.getTime()) continue;
    const queued = await db.transaction(async (tx) => {
      if (!(await claim(tx, `rfi:${request.id}`, 'rfi', now))) return false;
      const mail = informationReminderMail(user.email, nameOf(user), localeOf(user.locale), {
        reference: complaint.reference,
        requestedAt: request.createdAt,
        afterDays: settings.informationAfterDays,
        link: applicantLink(deps, complaint),
      });
      await deps.outbox.mail(tx, mail, { kind: 'information_reminder', complaintId: complaint.id });
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) deps.log.info({ sent }, 'information reminders queued');
  return sent;
}

/** What a reminder job carries: nothing from the schedule; `at` from the test hook (NODE_ENV=test only). */
interface ReminderJob {
  at?: string;
}

/**
 * The two reminder queues with their cron schedules: pg-boss starts one job per due time across all
 * instances, and the `sent_reminders` keys make even a second run harmless.
 */
export function defineReminderJobs(queue: JobQueue, deps: ReminderDeps, settings: ReminderSettings): void {
  const clock = deps.clock ?? (() => new Date());
  // Only the test server may move the reminders' time (docs/background-jobs.md, "Reminders").
  const timeOf = (data: ReminderJob | null) =>
    deps.config.env === 'test' && data?.at ? new Date(data.at) : clock();
  const options = { retryLimit: 2, retryDelay: 300, expireInSeconds: 900 };
  queue.define<ReminderJob>(digestQueue, options, async (run) => {
    await sendReviewerDigests(deps, settings, timeOf(run.data));
  });
  queue.define<ReminderJob>(informationQueue, options, async (run) => {
    await sendInformationReminders(deps, settings, timeOf(run.data));
  });
  queue.schedule(digestQueue, settings.digestCron);
  queue.schedule(informationQueue, settings.informationCron);
}

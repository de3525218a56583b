import {
  feedbackMessages,
  reviewStages as stageOrder,
  type ReviewStage,
  type TComplaintFeedback,
  type TComplaintFeedbackState,
  type TFeedbackAnswer,
  type TFeedbackOutcome,
} from '@stp/shared';
import { and, desc, eq } from 'drizzle-orm';
import { writeAudit, type Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/client.js';
import { complaintFeedback, complaints, reviewLogs } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { complaintAuditForm, complaintModel } from '../complaint-reviews/complaint-audit.js';
import { apply, saveTransition } from '../complaint-reviews/complaint-reviews.service.js';
import { refusals } from '../complaint-reviews/review-machine.js';
import type { ComplaintRow } from '../complaints/complaints.service.js';
import { answerDeadline } from './answer-window.js';
import { queueReopenedMails } from './feedback-notify.js';

type Deps = Pick<AppDeps, 'db' | 'outbox' | 'config'>;
type FeedbackRow = typeof complaintFeedback.$inferSelect;

/** The decision a "not fixed" writes to the review log (its reason in the comments). */
export const reopenedDecision = 'reopened';

const conflict = (message: string) => new HttpError(409, message);

function presentAnswer(row: FeedbackRow): TFeedbackAnswer {
  return {
    outcome: row.outcome as TFeedbackOutcome,
    reason: row.reason,
    answered_at: row.answeredAt.toISOString(),
    resolved_at: row.resolvedAt.toISOString(),
    resolved_stage: row.resolvedStage as ReviewStage,
  };
}

async function latestAnswer(db: Executor, complaintId: number): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .select()
    .from(complaintFeedback)
    .where(eq(complaintFeedback.complaintId, complaintId))
    .orderBy(desc(complaintFeedback.answeredAt), desc(complaintFeedback.id))
    .limit(1);
  return row;
}

const answers = (row: FeedbackRow | undefined, resolvedAt: Date | null) =>
  row !== undefined && resolvedAt !== null && row.resolvedAt.getTime() === resolvedAt.getTime();

/** The question of the complaint's current resolution and the latest answer, for its applicant (checked by the caller). */
export async function feedbackState(
  db: Executor,
  row: ComplaintRow,
  now = new Date(),
): Promise<TComplaintFeedbackState> {
  const latest = await latestAnswer(db, row.id);
  const resolvedAt = row.status === 'resolved' ? row.dateResolved : null;
  const answerBy = resolvedAt ? answerDeadline(resolvedAt) : null;
  return {
    answer_by: answerBy ? answerBy.toISOString() : null,
    can_answer:
      answerBy !== null &&
      !row.archived &&
      !answers(latest, resolvedAt) &&
      now.getTime() <= answerBy.getTime(),
    answer: latest ? presentAnswer(latest) : null,
  };
}

/** The stage whose reviewer resolved the complaint: its latest resolve in the review log. */
async function resolvingStage(tx: Executor, complaintId: number): Promise<ReviewStage> {
  const [log] = await tx
    .select({ stage: reviewLogs.stage })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.complaintId, complaintId), eq(reviewLogs.decision, 'resolve')))
    .orderBy(desc(reviewLogs.createdAt), desc(reviewLogs.id))
    .limit(1);
  // A complaint resolved without a log row (imported data) goes back to the first stage.
  return (log?.stage as ReviewStage | undefined) ?? stageOrder[0];
}

/**
 * The applicant's answer to the current resolution, in ONE transaction under the complaint's row lock (a
 * second answer racing this one waits, then finds it): the answer is kept; "not fixed" within the window
 * also reopens the complaint at the stage that resolved it (its due date counted again by the stage's
 * rules), writes the reason to the review log, audits, and queues the mails to the applicant and that
 * stage's reviewers. Refusals are 409 and change nothing.
 */
export async function answerFeedback(
  deps: Deps,
  actor: Actor,
  complaintId: number,
  input: TComplaintFeedback,
  now = new Date(),
): Promise<ComplaintRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update');
    if (!row) throw notFound();
    if (row.archived) throw conflict(refusals.archived);
    if (row.status !== 'resolved' || !row.dateResolved) throw conflict(feedbackMessages.notResolved);
    if (answers(await latestAnswer(tx, row.id), row.dateResolved))
      throw conflict(feedbackMessages.alreadyAnswered);
    if (now.getTime() > answerDeadline(row.dateResolved).getTime())
      throw conflict(feedbackMessages.windowClosed);
    const stage = await resolvingStage(tx, row.id);
    const reason = input.reason || null;
    await tx.insert(complaintFeedback).values({
      complaintId: row.id,
      resolvedAt: row.dateResolved,
      resolvedStage: stage,
      outcome: input.outcome,
      reason,
      answeredBy: actor.userId,
      answeredAt: now,
    });
    if (input.outcome === 'fixed') {
      // The audit keeps what happened, never the applicant's words (a purge removes those).
      await writeAudit(tx, {
        actor,
        action: 'confirm_fixed',
        model: complaintModel,
        objectId: row.id,
        before: complaintAuditForm(row),
        after: { ...complaintAuditForm(row), feedback: 'fixed' },
      });
      return row;
    }
    const result = await apply(tx, row, { type: 'reopen', stage }, 'outcome');
    const after = await saveTransition(tx, row, result, row.version, now, { dateResolved: null });
    await tx.insert(reviewLogs).values({
      complaintId: row.id,
      reviewerId: null,
      stage,
      decision: reopenedDecision,
      comments: reason ?? '',
      createdAt: now,
    });
    await writeAudit(tx, {
      actor,
      action: 'reopen',
      model: complaintModel,
      objectId: row.id,
      before: complaintAuditForm(row),
      after: { ...complaintAuditForm(after), feedback: 'not_fixed' },
    });
    await queueReopenedMails(deps, tx, after);
    return after;
  });
}

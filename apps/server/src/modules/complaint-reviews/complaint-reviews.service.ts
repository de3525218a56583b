import {
  closesComplaint,
  publicSummaryRequired,
  resolutionNoteRequired,
  type ComplaintStatus,
  type ReviewStage,
  type TReviewAction,
  type TReviewStageDeadlines,
} from '@stp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit, type Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import {
  complaintAttachments,
  complaintStatementAttachments,
  complaintStatements,
  complaints,
  reviewLogs,
  reviewStages,
} from '../../db/schema/index.js';
import { forbidden, HttpError, notFound, validationFailed } from '../../http/errors.js';
import type { ApplicantEvent } from '../../mail/complaint-mails.js';
import { canReviewAt, canSeeComplaint } from '../complaints/complaint-access.js';
import { queueChangeMails } from '../complaints/complaint-notify.js';
import { findById } from '../complaints/complaint-queries.js';
import { decisionIn } from '../complaints/complaints.presenter.js';
import {
  loadStages,
  removeFiles,
  storeAttachments,
  type ComplaintRow,
} from '../complaints/complaints.service.js';
import { stageDue } from '../complaints/stage-due.js';
import { checkUploads, type UploadedFile } from '../complaints/uploads.js';
import { queueFeedbackQuestion } from '../complaint-feedback/feedback-notify.js';
import { auditComplaint, reviewStageModel } from './complaint-audit.js';
import { transition, type ComplaintEvent, type Transition } from './review-machine.js';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'outbox' | 'config'>;

export const staleVersion =
  'This complaint was changed by someone else since you opened it (another review was recorded). Reload it to see its current state.';

const stateOf = (row: ComplaintRow) => ({
  status: row.status as ComplaintStatus,
  stage: row.stage as ReviewStage | null,
  archived: row.archived,
});

/** Runs the machine; a refusal becomes 409 (wrong state) or 422 (on `field`). */
export async function apply(db: Executor, row: ComplaintRow, event: ComplaintEvent, field: string) {
  const stages = (await loadStages(db)).map((stage) => stage.stage as ReviewStage);
  const result = transition(stateOf(row), event, stages);
  if (!result.ok) {
    if (result.kind === 'invalid') throw validationFailed({ [field]: result.reason });
    throw new HttpError(409, result.reason);
  }
  return result;
}

/** The column changes of an allowed transition; the version check makes concurrent writers lose with 409. */
export async function saveTransition(
  tx: Executor,
  row: ComplaintRow,
  result: Transition,
  seenVersion: number,
  now: Date,
  extra: Partial<typeof complaints.$inferInsert> = {},
): Promise<ComplaintRow> {
  const values: Partial<typeof complaints.$inferInsert> = {
    ...extra,
    status: result.next.status,
    stage: result.next.stage,
    archived: result.next.archived,
    version: sql`${complaints.version} + 1` as unknown as number,
    updatedAt: now,
  };
  if (result.next.archived && !row.archived) values.archivedAt = now;
  if (result.next.stage === null) {
    values.stageStartedAt = null;
    values.stageDueAt = null;
    values.stageDeadlineUnit = null;
  } else if (result.stageClockRestarts) {
    const [stage] = await tx.select().from(reviewStages).where(eq(reviewStages.stage, result.next.stage));
    values.stageStartedAt = now;
    const deadline = stage ?? { stage: result.next.stage, deadlineDays: 14, deadlineUnit: 'calendar' };
    Object.assign(values, await stageDue(tx, deadline, row.countryCode, now));
  }
  if (result.resolvedNow) values.dateResolved = now;
  // Optimistic lock: only the writer that saw the current version wins; PostgreSQL re-checks the
  // WHERE after waiting on a concurrent writer's row lock, so the second one matches nothing.
  const [updated] = await tx
    .update(complaints)
    .set(values)
    .where(and(eq(complaints.id, row.id), eq(complaints.version, seenVersion)))
    .returning();
  if (!updated) throw new HttpError(409, staleVersion);
  return updated;
}

/**
 * The public record a closing decision writes (docs/complaints-public-record.md); the route's schema
 * asks for it already, and the service refuses without it whoever calls it.
 */
function publicRecordOf(action: TReviewAction): Partial<typeof complaints.$inferInsert> {
  if (!closesComplaint(action.decision)) return {};
  const errors: Record<string, string> = {};
  if (!action.public_summary) errors.public_summary = publicSummaryRequired;
  if (!action.resolution_note) errors.resolution_note = resolutionNoteRequired;
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    publicSummary: action.public_summary,
    publicSummaryFr: action.public_summary_fr ?? null,
    resolutionNote: action.resolution_note,
    resolutionNoteFr: action.resolution_note_fr ?? null,
  };
}

/** A reviewer's decision at the complaint's current stage (permission and country rule of that stage), audited. */
export async function reviewComplaint(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: number,
  action: TReviewAction,
): Promise<ComplaintRow> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const row = await findById(tx, id);
    if (!row || !canSeeComplaint(principal, row)) throw notFound();
    if (row.version !== action.version) throw new HttpError(409, staleVersion);
    const result = await apply(tx, row, { type: 'review', decision: action.decision }, 'decision');
    if (!canReviewAt(principal, row)) {
      throw new HttpError(403, `You may not review complaints at the ${row.stage} stage.`);
    }
    const record = publicRecordOf(action);
    // One transaction: the outcome never goes public without its reviewed summary, nor the reverse.
    const after = await saveTransition(tx, row, result, action.version, now, record);
    await auditComplaint(tx, actor, action.decision, row, after, {
      decision: action.decision,
      comments: action.comments,
      ...(closesComplaint(action.decision) && {
        public_summary: after.publicSummary,
        public_summary_fr: after.publicSummaryFr,
        resolution_note: after.resolutionNote,
        resolution_note_fr: after.resolutionNoteFr,
      }),
    });
    await tx.insert(reviewLogs).values({
      complaintId: row.id,
      reviewerId: principal.user.id,
      stage: row.stage as string,
      decision: decisionIn(action.decision),
      comments: action.comments,
      createdAt: now,
    });
    const event: ApplicantEvent =
      action.decision === 'forward'
        ? { kind: 'forward', stage: after.stage as ReviewStage }
        : { kind: action.decision, comments: action.comments };
    // Queued with the decision: the mails exist exactly when the review does.
    await queueChangeMails(deps, tx, after, event, result.next.stage !== row.stage && after.stage !== null);
    // A resolution asks the applicant whether the barrier is gone (docs/complaint-feedback.md).
    if (result.resolvedNow) await queueFeedbackQuestion(deps, tx, after);
    return after;
  });
}

/** The applicant answers a request for information: message (logged) and files; back in review, audited. */
export async function respondToRequest(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  row: ComplaintRow,
  answer: { message: string; attachments: readonly UploadedFile[] },
  log?: FastifyBaseLogger,
): Promise<ComplaintRow> {
  if (row.applicantId !== principal.user.id) throw forbidden();
  const now = new Date();
  const result = await apply(deps.db, row, { type: 'respond' }, 'message');
  const files = await checkUploads(answer.attachments, deps.config.uploads.maxMb);
  const written: string[] = [];
  let after: ComplaintRow;
  try {
    after = await deps.db.transaction(async (tx) => {
      const saved = await saveTransition(tx, row, result, row.version, now);
      // The answer's words stay in the review log (a purge removes them); the audit row counts its files.
      await auditComplaint(tx, actor, 'respond', row, saved, { attachments_added: files.length });
      await tx.insert(reviewLogs).values({
        complaintId: row.id,
        reviewerId: null,
        stage: row.stage as string,
        decision: decisionIn('information_provided'),
        comments: answer.message,
        createdAt: now,
      });
      await storeAttachments(tx, deps.storage, row.id, files, written);
      await queueChangeMails(deps, tx, saved, { kind: 'resumed', stage: saved.stage as ReviewStage }, true);
      return saved;
    });
  } catch (error) {
    await removeFiles(deps.storage, written, log);
    throw error;
  }
  return after;
}

/** Archive (irreversible): staff with `complaints.change_complaint` who may see it; reviewed ones only; audited. */
export async function archiveComplaint(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: number,
  version: number,
): Promise<ComplaintRow> {
  return deps.db.transaction(async (tx) => {
    const row = await findById(tx, id);
    if (!row || !canSeeComplaint(principal, row)) throw notFound();
    if (row.version !== version) throw new HttpError(409, staleVersion);
    const result = await apply(tx, row, { type: 'archive' }, 'version');
    const after = await saveTransition(tx, row, result, version, new Date());
    await auditComplaint(tx, actor, 'archive', row, after);
    return after;
  });
}

/** Purge (superuser): the rows go (logs and attachment rows cascade) with an audit row, then the files. */
export async function purgeComplaint(
  deps: Deps,
  actor: Actor,
  id: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await findById(tx, id);
    if (!row) throw notFound();
    const files = await tx
      .select({ key: complaintAttachments.storageKey })
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, id))
      // Its supporting statements' files go with it (their rows cascade).
      .union(
        tx
          .select({ key: complaintStatementAttachments.storageKey })
          .from(complaintStatementAttachments)
          .innerJoin(
            complaintStatements,
            eq(complaintStatements.id, complaintStatementAttachments.statementId),
          )
          .where(eq(complaintStatements.complaintId, id)),
      );
    await tx.delete(complaints).where(eq(complaints.id, id));
    await auditComplaint(tx, actor, 'delete', row, null);
    return files.map((file) => file.key);
  });
  // After the commit: a file that cannot be removed is logged; the record is gone either way.
  await removeFiles(deps.storage, keys, log);
}

/** Sets the deadline of the stages listed, each change audited; open complaints keep the due date they were given. */
export async function updateStageDeadlines(db: Executor, actor: Actor, change: TReviewStageDeadlines) {
  await db.transaction(async (tx) => {
    for (const row of change.stages) {
      const [before] = await tx
        .select()
        .from(reviewStages)
        .where(eq(reviewStages.stage, row.stage))
        .for('update');
      if (!before) continue;
      const unit = row.deadline_unit ?? before.deadlineUnit;
      // Only a real change is written, and audited (the screen sends every stage).
      if (before.deadlineDays === row.deadline_days && before.deadlineUnit === unit) continue;
      await tx
        .update(reviewStages)
        .set({ deadlineDays: row.deadline_days, deadlineUnit: unit, updatedAt: new Date() })
        .where(eq(reviewStages.stage, row.stage));
      await writeAudit(tx, {
        actor,
        action: 'change',
        model: reviewStageModel,
        objectId: row.stage,
        before: { stage: row.stage, deadline_days: before.deadlineDays, deadline_unit: before.deadlineUnit },
        after: { stage: row.stage, deadline_days: row.deadline_days, deadline_unit: unit },
      });
    }
  });
  return loadStages(db);
}

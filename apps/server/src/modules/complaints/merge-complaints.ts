import { mergeMessages, statementMax, type ComplaintStatus, type TMergeComplaint } from '@stp/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { complaintStatements, complaints, reviewLogs } from '../../db/schema/index.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { mergedAwayMail, mergedIntoMail } from '../../mail/complaint-merge-mails.js';
import { auditComplaint } from '../complaint-reviews/complaint-audit.js';
import { staleVersion } from '../complaint-reviews/complaint-reviews.service.js';
import { isClosedStatus, refusals } from '../complaint-reviews/review-machine.js';
import { canReviewAt, canSeeComplaint } from './complaint-access.js';
import { findById } from './complaint-queries.js';
import { applicantLink, applicantOf, localeOf, nameOf, type MailDeps } from './complaint-notify.js';
import type { ComplaintRow } from './complaints.service.js';

type Deps = Pick<AppDeps, 'db'> & MailDeps;

const isOpen = (row: ComplaintRow) => !row.archived && !isClosedStatus(row.status as ComplaintStatus);

/** The complaint a duplicate goes into: one the reviewer may see, another, open, of the same country (422 on `into`). */
async function keptComplaint(tx: Executor, principal: Principal, duplicate: ComplaintRow, reference: string) {
  const [kept] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.reference, reference.toUpperCase()), isNull(complaints.deletedOn)))
    .for('update');
  if (!kept || !canSeeComplaint(principal, kept)) throw validationFailed({ into: mergeMessages.unknown });
  if (kept.id === duplicate.id) throw validationFailed({ into: mergeMessages.self });
  if (!isOpen(kept)) throw validationFailed({ into: mergeMessages.closed });
  // A complaint is about one partner state's measure: a "duplicate" in another state is another case.
  if (kept.countryCode !== duplicate.countryCode)
    throw validationFailed({ into: mergeMessages.otherCountry });
  return kept;
}

/**
 * Merges the duplicate `id` into the complaint of reference `input.into` (a reviewer at the duplicate's
 * stage): the duplicate is closed as merged, pointing to the kept one, with a review log line; its
 * applicant's text becomes a supporting statement of the kept one; both are audited and both applicants
 * mailed through the outbox. One transaction; every refusal changes nothing.
 */
export async function mergeComplaint(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: number,
  input: TMergeComplaint,
): Promise<{ duplicate: ComplaintRow; kept: ComplaintRow }> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const duplicate = await findById(tx, id);
    if (!duplicate || !canSeeComplaint(principal, duplicate)) throw notFound();
    if (duplicate.version !== input.version) throw new HttpError(409, staleVersion);
    if (duplicate.archived) throw new HttpError(409, refusals.archived);
    if (!isOpen(duplicate)) throw new HttpError(409, refusals.closed);
    if (!canReviewAt(principal, duplicate)) {
      throw new HttpError(403, `You may not review complaints at the ${duplicate.stage} stage.`);
    }
    const kept = await keptComplaint(tx, principal, duplicate, input.into);
    const [after] = await tx
      .update(complaints)
      .set({
        status: 'merged',
        mergedIntoId: kept.id,
        stage: null,
        stageStartedAt: null,
        stageDueAt: null,
        stageDeadlineUnit: null,
        version: sql`${complaints.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(complaints.id, duplicate.id), eq(complaints.version, input.version)))
      .returning();
    if (!after) throw new HttpError(409, staleVersion);
    await tx.insert(reviewLogs).values({
      complaintId: duplicate.id,
      reviewerId: principal.user.id,
      stage: duplicate.stage as string,
      decision: 'merge',
      comments: `Merged into ${kept.reference}.`,
      createdAt: now,
    });
    const body = `${duplicate.briefDescription}\n\n${duplicate.detailsOfOccurrence}`.slice(0, statementMax);
    await tx.insert(complaintStatements).values({
      complaintId: kept.id,
      authorId: duplicate.applicantId,
      body,
      mergedFromId: duplicate.id,
      createdAt: now,
    });
    await auditComplaint(tx, actor, 'merge', duplicate, after, { merged_into: kept.reference });
    await auditComplaint(tx, actor, 'merge', kept, kept, { merged_from: duplicate.reference });
    await queueMergeMails(deps, tx, after, kept);
    return { duplicate: after, kept };
  });
}

/** Both applicants learn of the merge, in their language, in the merge's transaction. */
async function queueMergeMails(deps: Deps, tx: Executor, duplicate: ComplaintRow, kept: ComplaintRow) {
  const facts = { duplicate: duplicate.reference, kept: kept.reference };
  const away = await applicantOf(tx, duplicate);
  if (away) {
    const mail = mergedAwayMail(away.email, nameOf(away), localeOf(away.locale), {
      ...facts,
      link: applicantLink(deps, duplicate),
    });
    await deps.outbox.mail(tx, mail, { kind: 'complaint_merged', complaintId: duplicate.id });
  }
  const into = await applicantOf(tx, kept);
  if (into && into.id !== away?.id) {
    const mail = mergedIntoMail(into.email, nameOf(into), localeOf(into.locale), {
      ...facts,
      link: applicantLink(deps, kept),
    });
    await deps.outbox.mail(tx, mail, { kind: 'complaint_merged', complaintId: kept.id });
  }
}

import { mergeMessages, statementMax, type ComplaintStatus, type TMergeComplaint } from '@stp/shared';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import {
  complaintAttachments,
  complaintStatementAttachments,
  complaintStatements,
  complaints,
  reviewLogs,
} from '../../db/schema/index.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { mergedAwayMail, mergedIntoMail } from '../../mail/complaint-merge-mails.js';
import { auditComplaint } from '../complaint-reviews/complaint-audit.js';
import { staleVersion } from '../complaint-reviews/complaint-reviews.service.js';
import { isClosedStatus, refusals } from '../complaint-reviews/review-machine.js';
import { canReviewAt, canSeeComplaint } from './complaint-access.js';
import { findById } from './complaint-queries.js';
import { applicantLink, applicantOf, localeOf, nameOf, type MailDeps } from './complaint-notify.js';
import { removeFiles, type ComplaintRow } from './complaints.service.js';

type Deps = Pick<AppDeps, 'db' | 'storage'> & MailDeps;

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
 * applicant's text becomes a supporting statement of the kept one, with copies of its files; both are
 * audited and both applicants mailed through the outbox. One transaction; every refusal changes nothing,
 * and the copies are removed again if it fails.
 */
export async function mergeComplaint(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: number,
  input: TMergeComplaint,
  log?: FastifyBaseLogger,
): Promise<{ duplicate: ComplaintRow; kept: ComplaintRow }> {
  const now = new Date();
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
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
      const [statement] = await tx
        .insert(complaintStatements)
        .values({
          complaintId: kept.id,
          authorId: duplicate.applicantId,
          body,
          mergedFromId: duplicate.id,
          createdAt: now,
        })
        .returning({ id: complaintStatements.id });
      const copies = await copyAttachments(deps, tx, duplicate.id, written);
      if (copies.length > 0)
        await tx
          .insert(complaintStatementAttachments)
          .values(copies.map((file) => ({ ...file, statementId: statement!.id })));
      await auditComplaint(tx, actor, 'merge', duplicate, after, {
        merged_into: kept.reference,
        attachments_copied: copies.length,
      });
      await auditComplaint(tx, actor, 'merge', kept, kept, { merged_from: duplicate.reference });
      await queueMergeMails(deps, tx, after, kept);
      return { duplicate: after, kept };
    });
  } catch (error) {
    await removeFiles(deps.storage, written, log);
    throw error;
  }
}

/**
 * Copies of the duplicate's files for the statement its text becomes, so the kept complaint's reviewers
 * read its evidence beside its words. Copies, not shared keys: purging either complaint removes its own
 * files and leaves the other's whole. `written` collects the new keys for removal on failure.
 */
async function copyAttachments(deps: Deps, tx: Executor, complaintId: number, written: string[]) {
  const originals = await tx
    .select()
    .from(complaintAttachments)
    .where(eq(complaintAttachments.complaintId, complaintId))
    .orderBy(asc(complaintAttachments.id));
  const copies: { storageKey: string; originalName: string; contentType: string; size: number }[] = [];
  for (const file of originals) {
    const extension = path.extname(file.storageKey).slice(1);
    const key = await deps.storage.put('complaints', await deps.storage.read(file.storageKey), extension);
    written.push(key);
    copies.push({
      storageKey: key,
      originalName: file.originalName,
      contentType: file.contentType,
      size: file.size,
    });
  }
  return copies;
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

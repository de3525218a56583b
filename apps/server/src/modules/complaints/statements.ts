import {
  complaintDuplicateApiPaths,
  statementMax,
  supportMessages,
  type ComplaintStatus,
  type TComplaintStatement,
  type TComplaintStatements,
  type TSupportStatement,
} from '@stp/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { publicComplaint } from '../../db/public-visibility.js';
import {
  complaintStatementAttachments,
  complaintStatements,
  complaints,
  users,
} from '../../db/schema/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { auditComplaint } from '../complaint-reviews/complaint-audit.js';
import { isClosedStatus } from '../complaint-reviews/review-machine.js';
import { canReviewAt } from './complaint-access.js';
import { displayName } from './complaint-queries.js';
import { removeFiles, writeFiles, type ComplaintRow } from './complaints.service.js';
import { identityShown } from './confidentiality.js';
import { checkUploads, type UploadedFile } from './uploads.js';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;

/** A complaint the hints may have shown (public, open or not), by its reference in any case. */
async function findPublicByReference(db: Executor, reference: string) {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.reference, reference.toUpperCase()), publicComplaint));
  return row;
}

/**
 * "Add my case to this one": a trader's statement, with their own files (the lodge form's checks and
 * limits), on an open public complaint they did not lodge; once per trader. One transaction; the files
 * written are removed if it fails.
 */
export async function addStatement(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  reference: string,
  input: TSupportStatement & { attachments: readonly UploadedFile[] },
  log?: FastifyBaseLogger,
): Promise<ComplaintRow> {
  const row = await findPublicByReference(deps.db, reference);
  if (!row) throw notFound();
  if (row.applicantId === principal.user.id) throw new HttpError(409, supportMessages.own);
  if (isClosedStatus(row.status as ComplaintStatus)) throw new HttpError(409, supportMessages.closed);
  const files = await checkUploads(input.attachments, deps.config.uploads.maxMb);
  const written: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: complaintStatements.id })
        .from(complaintStatements)
        .where(
          and(
            eq(complaintStatements.complaintId, row.id),
            eq(complaintStatements.authorId, principal.user.id),
          ),
        );
      if (already) throw new HttpError(409, supportMessages.twice);
      const [statement] = await tx
        .insert(complaintStatements)
        .values({
          complaintId: row.id,
          authorId: principal.user.id,
          body: input.statement.slice(0, statementMax),
        })
        .returning({ id: complaintStatements.id });
      const stored = await writeFiles(deps.storage, files, written);
      if (stored.length > 0) {
        await tx
          .insert(complaintStatementAttachments)
          .values(stored.map((file) => ({ ...file, statementId: statement!.id })));
      }
      await auditComplaint(tx, actor, 'support', row, row, {
        statement_id: statement!.id,
        attachments_added: stored.length,
      });
    });
  } catch (error) {
    await removeFiles(deps.storage, written, log);
    throw error;
  }
  return row;
}

const mergedFrom = alias(complaints, 'merged_from');

/** The statements of a complaint as a reviewer who may see it sees them, with what it was merged into. */
export async function statementsFor(
  db: Executor,
  principal: Principal,
  row: ComplaintRow,
): Promise<TComplaintStatements> {
  const rows = await db
    .select({
      statement: complaintStatements,
      authorName: displayName,
      authorEmail: users.email,
      authorCountry: users.countryCode,
      fromReference: mergedFrom.reference,
      fromStatus: mergedFrom.status,
      fromWithheld: mergedFrom.identityWithheld,
    })
    .from(complaintStatements)
    .leftJoin(users, eq(users.id, complaintStatements.authorId))
    .leftJoin(mergedFrom, eq(mergedFrom.id, complaintStatements.mergedFromId))
    .where(eq(complaintStatements.complaintId, row.id))
    .orderBy(asc(complaintStatements.createdAt), asc(complaintStatements.id));
  const ids = rows.map((item) => item.statement.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(complaintStatementAttachments)
          .where(inArray(complaintStatementAttachments.statementId, ids))
          .orderBy(asc(complaintStatementAttachments.id));
  const statements = rows.map((item): TComplaintStatement => {
    const { statement } = item;
    // The author of a merged duplicate keeps the confidentiality they asked for on it.
    const shown = identityShown(principal.user, {
      identityWithheld: item.fromWithheld ?? false,
      applicantId: statement.authorId,
      applicantCountry: item.authorCountry,
    });
    return {
      id: statement.id,
      author:
        shown && statement.authorId !== null
          ? { id: statement.authorId, display_name: item.authorName ?? '', email: item.authorEmail ?? '' }
          : null,
      author_withheld: !shown,
      body: statement.body,
      created_at: statement.createdAt.toISOString(),
      merged_from:
        statement.mergedFromId !== null && item.fromReference !== null
          ? {
              id: statement.mergedFromId,
              reference: item.fromReference,
              status: item.fromStatus as ComplaintStatus,
            }
          : null,
      attachments: files
        .filter((file) => file.statementId === statement.id)
        .map((file) => ({
          id: file.id,
          name: file.originalName,
          content_type: file.contentType,
          size: file.size,
          uploaded_at: file.createdAt.toISOString(),
          url: `/api${complaintDuplicateApiPaths.statementFile(row.id, file.id)}`,
        })),
    };
  });
  const [into] =
    row.mergedIntoId === null
      ? []
      : await db
          .select({ id: complaints.id, reference: complaints.reference, status: complaints.status })
          .from(complaints)
          .where(eq(complaints.id, row.mergedIntoId));
  return {
    merged_into: into ? { ...into, status: into.status as ComplaintStatus } : null,
    statements,
    can_merge: mayMerge(principal, row),
  };
}

/** A reviewer at the complaint's current stage may merge it while it is open. */
export function mayMerge(principal: Principal, row: ComplaintRow): boolean {
  return !row.archived && !isClosedStatus(row.status as ComplaintStatus) && canReviewAt(principal, row);
}

/** One statement file of the complaint `complaintId`, or undefined. */
export async function findStatementFile(db: Executor, complaintId: number, fileId: number) {
  const [file] = await db
    .select({ file: complaintStatementAttachments })
    .from(complaintStatementAttachments)
    .innerJoin(complaintStatements, eq(complaintStatements.id, complaintStatementAttachments.statementId))
    .where(
      and(eq(complaintStatementAttachments.id, fileId), eq(complaintStatements.complaintId, complaintId)),
    );
  return file?.file;
}

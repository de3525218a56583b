import {
  passagesInvalid,
  redactedMark,
  redactionClosed,
  redactionTooLong,
  type TComplaintConfidentiality,
  type TComplaintRedaction,
  type TRedactableField,
} from '@stp/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../admin/audit.js';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/client.js';
import { complaints, outboxMessages, reviewLogs } from '../../db/schema/index.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { auditComplaint } from '../complaint-reviews/complaint-audit.js';
import { staleVersion } from '../complaint-reviews/complaint-reviews.service.js';
import { queuedMails, type MailDeps } from './complaint-notify.js';
import type { ComplaintRow } from './complaints.service.js';
import { reviewStarted } from './confidentiality.js';

type Deps = Pick<AppDeps, 'db' | 'outbox' | 'config'>;

const briefMax = 300;
const columnOf = {
  brief_description: 'briefDescription',
  details_of_occurrence: 'detailsOfOccurrence',
} as const;

/** The complaint, locked for the change: the applicant's own and not archived, or 404/409. */
async function lockOwn(tx: Executor, id: number): Promise<ComplaintRow> {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  if (!row || row.deletedOn) throw notFound();
  return row;
}

const insidePair = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff;
};

/** The field's text with its passages replaced by the mark (422 when one is outside the text). */
function redactText(text: string, spans: { start: number; end: number }[]): string {
  let result = text;
  for (const { start, end } of [...spans].sort((a, b) => b.start - a.start)) {
    if (end > text.length || insidePair(text, start) || insidePair(text, end)) {
      throw validationFailed({ passages: passagesInvalid });
    }
    result = `${result.slice(0, start)}${redactedMark}${result.slice(end)}`;
  }
  return result;
}

/**
 * Rewrites the reviewers' queued mails of the complaint from its redacted text, sent or not: the outbox
 * keeps what it sent, and must not keep the words the applicant took back. A mail whose reviewer is no
 * longer one of the stage keeps no body.
 */
async function rewriteQueuedMails(deps: MailDeps, tx: Executor, complaint: ComplaintRow) {
  const kept = await tx
    .select({ id: outboxMessages.id, recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.complaintId, complaint.id), eq(outboxMessages.kind, 'complaint_queued')));
  if (kept.length === 0) return;
  const fresh = new Map(
    (await queuedMails(deps, tx, complaint)).map((mail) => [mail.to.toLowerCase(), mail]),
  );
  for (const row of kept) {
    const mail = fresh.get(row.recipient.toLowerCase());
    await tx
      .update(outboxMessages)
      .set(mail ? { subject: mail.subject, body: mail.text, html: mail.html } : { body: '', html: '' })
      .where(eq(outboxMessages.id, row.id));
  }
}

/**
 * The applicant replaces passages of their brief description and details by `[redacted]`, before review
 * starts (409 after), in one transaction: the complaint, the queued mails quoting it, an audit row
 * counting the passages (never their words). The old words stay in no table the portal reads.
 */
export async function redactComplaint(
  deps: Deps,
  actor: Actor,
  id: number,
  input: TComplaintRedaction,
): Promise<ComplaintRow> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, id);
    const [logs] = await tx.select({ n: count() }).from(reviewLogs).where(eq(reviewLogs.complaintId, id));
    if (reviewStarted(row, logs?.n ?? 0)) throw new HttpError(409, redactionClosed);
    if (row.version !== input.version) throw new HttpError(409, staleVersion);
    const values: Partial<Record<(typeof columnOf)[TRedactableField], string>> = {};
    for (const field of Object.keys(columnOf) as TRedactableField[]) {
      const spans = input.passages.filter((passage) => passage.field === field);
      if (spans.length > 0) values[columnOf[field]] = redactText(row[columnOf[field]], spans);
    }
    if ((values.briefDescription ?? '').length > briefMax) {
      throw validationFailed({ passages: redactionTooLong });
    }
    const [after] = await tx
      .update(complaints)
      .set({
        ...values,
        redactedAt: now,
        updatedAt: now,
        version: sql`${complaints.version} + 1`,
      })
      .where(and(eq(complaints.id, id), eq(complaints.version, input.version)))
      .returning();
    if (!after) throw new HttpError(409, staleVersion);
    await rewriteQueuedMails(deps, tx, after);
    await auditComplaint(tx, actor, 'redact', row, after, {
      passages: input.passages.length,
      fields: Object.keys(values),
    });
    return after;
  });
}

/** The applicant asks (or stops asking) that their identity be withheld; audited. 409 once archived. */
export async function setConfidentiality(
  deps: Deps,
  actor: Actor,
  id: number,
  input: TComplaintConfidentiality,
): Promise<ComplaintRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, id);
    if (row.archived) throw new HttpError(409, 'This complaint is archived and can no longer change.');
    if (row.identityWithheld === input.identity_withheld) return row;
    const [after] = await tx
      .update(complaints)
      .set({ identityWithheld: input.identity_withheld, updatedAt: new Date() })
      .where(eq(complaints.id, id))
      .returning();
    await auditComplaint(tx, actor, 'confidentiality', row, after!, {
      identity_withheld: input.identity_withheld,
    });
    return after!;
  });
}

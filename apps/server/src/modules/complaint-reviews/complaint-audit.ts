import type { TReviewDecision } from '@stp/shared';
import { writeAudit, type Actor } from '../../admin/audit.js';
import type { Executor } from '../../db/client.js';
import type { ComplaintRow } from '../complaints/complaints.service.js';

export const complaintModel = 'complaints.complaint';
export const reviewStageModel = 'complaints.reviewstage';

/** What a complaint's audit row records, by action: a review decision, the answer, archive, purge. */
export type ComplaintAuditAction =
  | TReviewDecision
  | 'respond'
  | 'archive'
  | 'delete'
  | 'redact'
  | 'confidentiality'
  // Duplicates (docs/complaint-duplicates.md): a supporter's statement added, a duplicate merged.
  | 'support'
  | 'merge';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The audit form of a complaint: its review state and what identifies it, never the applicant's
 * own words or identity (a purge removes those; the log keeps what staff did).
 */
export function complaintAuditForm(row: ComplaintRow): Record<string, unknown> {
  return {
    reference: row.reference,
    country_code: row.countryCode,
    restriction_type: row.restrictionType,
    source: row.source,
    status: row.status,
    stage: row.stage,
    stage_due_at: iso(row.stageDueAt),
    date_resolved: iso(row.dateResolved),
    archived: row.archived,
    version: row.version,
    identity_withheld: row.identityWithheld,
    redacted_at: iso(row.redactedAt),
  };
}

/**
 * Writes the audit row of a change to a complaint in the change's transaction `tx` (the one
 * mechanism of `admin/audit.ts`); `facts` are what the action added (decision, comments …).
 */
export async function auditComplaint(
  tx: Executor,
  actor: Actor,
  action: ComplaintAuditAction,
  before: ComplaintRow,
  after: ComplaintRow | null,
  facts: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(tx, {
    actor,
    action,
    model: complaintModel,
    objectId: before.id,
    before: complaintAuditForm(before),
    after: after ? { ...complaintAuditForm(after), ...facts } : null,
  });
}

import type {
  ComplaintStatus,
  ReviewStage,
  TComplaintAttachment,
  TComplaintDetail,
  TManageComplaintListItem,
  TComplaintListBase,
  TComplaintPublicRecord,
  TMyComplaintListItem,
  TReviewDecision,
  TReviewLogEntry,
  TReviewLogKind,
} from '@stp/shared';
import { complaintApiPaths } from '@stp/shared';
import type { complaintAttachments, complaints, reviewLogs } from '../../db/schema/index.js';
import { awaitsReviewer, reviewMessage } from '../complaint-reviews/review-machine.js';
import { identityShown, type IdentityViewer } from './confidentiality.js';

type ComplaintRow = typeof complaints.$inferSelect;
type AttachmentRow = typeof complaintAttachments.$inferSelect;
type LogRow = typeof reviewLogs.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// The demo data and the table say `request_information`; the API says `request_info` (one vocabulary out).
const decisionOut = (value: string): TReviewLogKind =>
  value === 'request_information' ? 'request_info' : (value as TReviewLogKind);
/** The decision as stored in review_logs. */
export const decisionIn = (value: TReviewDecision | 'information_provided'): string =>
  value === 'request_info' ? 'request_information' : value;

/** Past its stage deadline and waiting for a reviewer (not for the applicant). */
export function isOverdue(row: Pick<ComplaintRow, 'status' | 'stageDueAt' | 'archived'>, now = new Date()) {
  return (
    !row.archived &&
    awaitsReviewer(row.status as ComplaintStatus) &&
    row.stageDueAt !== null &&
    row.stageDueAt.getTime() < now.getTime()
  );
}

export function presentAttachment(slug: string, row: AttachmentRow): TComplaintAttachment {
  return {
    id: row.id,
    name: row.originalName,
    content_type: row.contentType,
    size: row.size,
    uploaded_at: row.createdAt.toISOString(),
    url: `/api${complaintApiPaths.attachment(slug, row.id)}`,
  };
}

/** A review log row; `reviewer` only for staff viewers (applicants do not learn who reviewed). */
export function presentLog(
  row: LogRow & { reviewerName: string | null },
  showReviewer: boolean,
): TReviewLogEntry {
  return {
    id: row.id,
    reviewer:
      showReviewer && row.reviewerId !== null
        ? { id: row.reviewerId, display_name: row.reviewerName ?? '' }
        : null,
    stage: row.stage as ReviewStage,
    decision: decisionOut(row.decision),
    timestamp: row.createdAt.toISOString(),
    comments: row.comments,
  };
}

export interface DetailParts {
  logs: (LogRow & { reviewerName: string | null })[];
  attachments: AttachmentRow[];
  restriction: { slug: string; title: string } | null;
  sector: { id: number; name_en: string; name_fr: string } | null;
  applicant: { id: number; display_name: string; email: string; country_code: string | null } | null;
}

export interface ViewerRights {
  /** Staff or superuser view: applicant, phone and reviewer names are shown (unless withheld). */
  staffView: boolean;
  /** Who looks: the confidentiality rule decides whether they learn the applicant's identity. */
  viewer: IdentityViewer;
  /** The viewer is the applicant and review has not started (confidentiality.ts). */
  canRedact: boolean;
  canRespond: boolean;
  allowedDecisions: TReviewDecision[];
  canArchive: boolean;
  canPurge: boolean;
}

/** One complaint with its logs and files, as far as the viewer may see. */
export function presentDetail(row: ComplaintRow, parts: DetailParts, rights: ViewerRights): TComplaintDetail {
  const shown = identityShown(rights.viewer, {
    identityWithheld: row.identityWithheld,
    applicantId: row.applicantId,
    applicantCountry: parts.applicant?.country_code ?? null,
  });
  const person = parts.applicant && {
    id: parts.applicant.id,
    display_name: parts.applicant.display_name,
    email: parts.applicant.email,
  };
  return {
    id: row.id,
    slug: row.slug,
    reference: row.reference,
    status: row.status as ComplaintStatus,
    stage: row.stage as ReviewStage | null,
    restriction_type: row.restrictionType,
    details_of_occurrence: row.detailsOfOccurrence,
    date_of_occurrence: row.dateOfOccurrence,
    country_code: row.countryCode,
    brief_description: row.briefDescription,
    restriction: parts.restriction,
    sector: parts.sector,
    source: row.source as 'web' | 'sms',
    submitted_at: row.createdAt.toISOString(),
    stage_started_at: iso(row.stageStartedAt),
    stage_due_at: iso(row.stageDueAt),
    overdue: isOverdue(row),
    date_resolved: iso(row.dateResolved),
    archived: row.archived,
    archived_at: iso(row.archivedAt),
    version: row.version,
    applicant: rights.staffView && shown ? person : null,
    sms_phone: rights.staffView && shown ? row.smsPhone : null,
    identity_withheld: row.identityWithheld,
    applicant_withheld: !shown,
    can_redact: rights.canRedact,
    redacted_at: iso(row.redactedAt),
    review_logs: parts.logs.map((log) => presentLog(log, rights.staffView)),
    attachments: parts.attachments.map((attachment) => presentAttachment(row.slug, attachment)),
    message: reviewMessage({ status: row.status as ComplaintStatus, stage: row.stage as ReviewStage | null }),
    can_respond: rights.canRespond,
    allowed_decisions: rights.allowedDecisions,
    can_archive: rights.canArchive,
    can_purge: rights.canPurge,
    ...presentPublicRecord(row),
  };
}

/** The fields every list row has: review state and dates, nothing personal. */
export function presentListBase(row: ComplaintRow): TComplaintListBase {
  return {
    reference: row.reference,
    status: row.status as ComplaintStatus,
    stage: row.stage as ReviewStage | null,
    restriction_type: row.restrictionType,
    country_code: row.countryCode,
    date_of_occurrence: row.dateOfOccurrence,
    submitted_at: row.createdAt.toISOString(),
    date_resolved: iso(row.dateResolved),
  };
}

/** The public record the closing reviewer wrote (all null before). */
export function presentPublicRecord(row: ComplaintRow): TComplaintPublicRecord {
  return {
    public_summary: row.publicSummary,
    public_summary_fr: row.publicSummaryFr,
    resolution_note: row.resolutionNote,
    resolution_note_fr: row.resolutionNoteFr,
  };
}

/** A row of the applicant's own list: their brief description with the review state. */
export function presentMyItem(row: ComplaintRow): TMyComplaintListItem {
  return {
    ...presentListBase(row),
    brief_description: row.briefDescription,
    id: row.id,
    slug: row.slug,
    message: reviewMessage({ status: row.status as ComplaintStatus, stage: row.stage as ReviewStage | null }),
    archived: row.archived,
  };
}

/** A row of the staff lists, the queue and the CSV: the applicant's name only if `viewer` may learn it. */
export function presentManageItem(
  row: ComplaintRow & { applicantName: string | null; applicantCountry: string | null },
  viewer: IdentityViewer,
  now = new Date(),
): TManageComplaintListItem {
  const shown = identityShown(viewer, row);
  return {
    ...presentMyItem(row),
    source: row.source as 'web' | 'sms',
    stage_due_at: iso(row.stageDueAt),
    overdue: isOverdue(row, now),
    applicant_name: shown ? row.applicantName : null,
    applicant_withheld: !shown,
    version: row.version,
  };
}

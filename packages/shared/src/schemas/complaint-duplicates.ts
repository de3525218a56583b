import { z } from 'zod';
import type { ComplaintStatus } from '../constants.js';
import { ZCountryCodeSchema } from './auth.js';
import type { TComplaintAttachment, TPublicComplaintListItem } from './complaints.js';
import { complaintReferencePattern, ZRestrictionTypeSchema } from './complaints.js';
import { maxRecordId, requiredText } from './fields.js';

// Issue 34 item 3 (docs/complaint-duplicates.md): similar complaints while a trader types, supporting
// statements ("add my case to this one") and the reviewers' merge of a duplicate.

/** API paths of the duplicate hints, relative to the `/api/` prefix. */
export const complaintDuplicateApiPaths = {
  /** GET (signed-in client): up to five similar complaints, public fields only. */
  similar: '/complaints/similar/',
  /** POST multipart (`statement` + optional `attachments`): add my case to this complaint. */
  support: (reference: string) => `/complaint-support/${encodeURIComponent(reference)}/`,
  /** GET (staff who may see it): the statements linked to a complaint and what it was merged into. */
  statements: (id: number) => `/manage/complaints/${id}/statements/`,
  /** GET: one file of a statement, as a download. */
  statementFile: (id: number, fileId: number) => `/manage/complaints/${id}/statements/files/${fileId}/`,
  /** POST (a reviewer at its stage): merge this complaint into another one (`into`: its reference). */
  merge: (id: number) => `/manage/complaints/${id}/merge/`,
} as const;

/** The longest text the hints search (the brief description's own limit). */
export const similarQueryMax = 300;
/** How many hints the form shows at most. */
export const similarLimit = 5;
/** The longest supporting statement. */
export const statementMax = 5000;

export const mergeMessages = {
  self: 'A complaint cannot be merged into itself.',
  unknown: 'No complaint you may see has this reference.',
  closed: 'Merge into an open complaint: this one is already closed, merged or archived.',
  otherCountry: 'Both complaints must be about the same partner state.',
} as const;

export const supportMessages = {
  own: 'This is your own complaint: answer or follow it from its page.',
  closed: 'This complaint is closed: lodge a new complaint instead.',
  twice: 'You have already added your case to this complaint.',
} as const;

/** The hints query: the text typed, and the country and type picked so far. */
export const ZSimilarComplaintsQuerySchema = z.object({
  q: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(3, 'Type at least 3 characters.')
    .max(similarQueryMax, `Ensure this field has no more than ${similarQueryMax} characters.`),
  country_code: z.preprocess((v) => (v === '' ? undefined : v), ZCountryCodeSchema.optional()),
  restriction_type: z.preprocess((v) => (v === '' ? undefined : v), ZRestrictionTypeSchema.optional()),
});
export type TSimilarComplaintsQuery = z.infer<typeof ZSimilarComplaintsQuerySchema>;

/** One hint: the public record's fields (never the applicant or their unreviewed text). */
export type TComplaintHint = TPublicComplaintListItem;
export interface TSimilarComplaints {
  results: TComplaintHint[];
}

/** A supporting statement (multipart: `statement` + optional `attachments`). */
export const ZSupportStatementSchema = z.object({ statement: requiredText(statementMax) });
export type TSupportStatement = z.infer<typeof ZSupportStatementSchema>;

export interface TSupportAdded {
  reference: string;
  detail: string;
}

/** Merge a duplicate into the complaint of reference `into`; `version` is the duplicate's. */
export const ZMergeComplaintSchema = z.object({
  into: z.string().trim().regex(complaintReferencePattern, 'Enter a valid complaint reference.'),
  version: z.number({ error: 'This field is required.' }).int().positive().max(maxRecordId),
});
export type TMergeComplaint = z.infer<typeof ZMergeComplaintSchema>;

export const ZStatementFileParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.'),
  fileId: z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.'),
});

/** A complaint in a link: its reference and the staff page's id. */
export interface TComplaintLink {
  id: number;
  reference: string;
  status: ComplaintStatus;
}

/** A statement as the complaint's reviewers see it: its author as they see applicants. */
export interface TComplaintStatement {
  id: number;
  author: { id: number; display_name: string; email: string } | null;
  /** The author asked (on the complaint merged in) that their identity be withheld from this viewer. */
  author_withheld: boolean;
  body: string;
  created_at: string;
  /** The duplicate whose merge wrote it; null when its author added it. */
  merged_from: TComplaintLink | null;
  attachments: TComplaintAttachment[];
}

export interface TComplaintStatements {
  merged_into: TComplaintLink | null;
  statements: TComplaintStatement[];
  /** The viewer may merge this complaint into another one now. */
  can_merge: boolean;
}

export interface TMergeResult {
  detail: string;
  into: TComplaintLink;
}

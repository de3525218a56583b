import { z } from 'zod';
import { complaintStatus, restrictionTypes, type ComplaintStatus } from '../constants.js';
import { reviewStages, type ReviewStage } from '../permission-codenames.js';
import { ZCountryCodeSchema } from './auth.js';
import { ZYesNoSchema } from './complaint-confidentiality.js';
import { optionalTranslation, requiredText, ZListQuerySchema, maxRecordId } from './fields.js';

/** API paths of the complaints area, relative to the `/api/` prefix. */
export const complaintApiPaths = {
  /** POST multipart: the complaint form fields plus files under `attachments` (client accounts only). */
  lodge: '/complaints/',
  /** GET: the public list, without personal data. */
  publicList: '/complaints/public/',
  /** GET: one complaint of the public list, by its reference (the same fields, no personal data). */
  publicDetail: (reference: string) => `/complaints/public/${encodeURIComponent(reference)}/`,
  /** GET: one complaint for its applicant, its reviewers and superusers (404 for anyone else). */
  detail: (slug: string) => `/complaints/${encodeURIComponent(slug)}/`,
  /** POST multipart (`message` + optional `attachments`): the applicant answers a request for information. */
  respond: (slug: string) => `/complaints/${encodeURIComponent(slug)}/respond/`,
  /** GET: one supporting document, as a download. */
  attachment: (slug: string, id: number) => `/complaints/${encodeURIComponent(slug)}/attachments/${id}/`,
  /** GET: every complaint a staff user may see, with the queue filters. */
  manageList: '/manage/complaints/',
  /** GET: counts (staff: all they may see; client: their own). */
  overview: '/manage/complaints/overview/',
  /** GET: a client's own complaints. */
  mine: '/manage/complaints/mine/',
  /** GET: the complaints waiting at the stages the reviewer holds. */
  queue: '/manage/complaints/queue/',
  /** GET: CSV of the complaints a staff user may see, with the list filters. */
  export: '/manage/complaints/export/',
  /** GET (staff) / PUT (`complaints.change_reviewstage`): the deadline in days of each review stage. */
  stages: '/manage/complaints/stages/',
  /** GET: one complaint for staff; DELETE: purge (superuser only). */
  manageDetail: (id: number) => `/manage/complaints/${id}/`,
  /** POST: a review decision at the current stage. */
  review: (id: number) => `/manage/complaints/${id}/review/`,
  /** POST: archive (irreversible). */
  archive: (id: number) => `/manage/complaints/${id}/archive/`,
} as const;

export const complaintStatuses = complaintStatus.map((choice) => choice.value) as [
  ComplaintStatus,
  ...ComplaintStatus[],
];
export const ZComplaintStatusSchema = z.enum(complaintStatuses, { error: 'Select a valid status.' });
export const ZReviewStageSchema = z.enum(reviewStages, { error: 'Select a valid stage.' });

const restrictionTypeValues = restrictionTypes.map((choice) => choice.value) as [string, ...string[]];
export const ZRestrictionTypeSchema = z.enum(restrictionTypeValues, {
  error: 'Select a valid type of restriction.',
});

/** The earliest and latest dates a date picker accepts (spec 5, 9). */
export const minPickerDate = '1900-01-01';
export const maxPickerDate = '2099-12-31';

/**
 * The latest calendar date anywhere on Earth (UTC+14) as yyyy-MM-dd: "not in the future" must not
 * refuse today's date of a user east of the server, and browser and server must agree.
 */
export function latestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Date Of Occurrence: yyyy-MM-dd, a real date in the picker's range, not in the future. */
export const ZOccurrenceDateSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  // Each check stops the chain, so a field shows the one message that matters.
  .min(1, { message: 'This field is required.', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a valid date (yyyy-MM-dd).', abort: true })
  .refine(isRealDate, { message: 'Enter a valid date (yyyy-MM-dd).', abort: true })
  .refine((value) => value >= minPickerDate && value <= maxPickerDate, {
    message: `Enter a date between ${minPickerDate} and ${maxPickerDate}.`,
    abort: true,
  })
  .refine((value) => value <= latestTodayIso(), 'The date of occurrence cannot be in the future.');

/** Multipart and query values arrive as text: an empty value means "not given". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const briefMessage = 'Keep the brief description to one line, without web addresses.';

// The brief reaches the reviewers' mails: one line, and no written-out link (the details of occurrence
// are the place for those). A bare "name.example" is let through and defanged in the mail.
const briefLineOrLink = /[\p{Cc}\p{Zl}\p{Zp}]|:\/\/|\bwww[.\u3002\uff0e\uff61]/iu;

/** The complaint form (spec 3). Field names are the multipart field names. */
export const ZComplaintFormSchema = z.object({
  restriction_type: ZRestrictionTypeSchema,
  details_of_occurrence: requiredText(5000),
  date_of_occurrence: ZOccurrenceDateSchema,
  country_code: ZCountryCodeSchema,
  brief_description: requiredText(300).refine((value) => !briefLineOrLink.test(value), briefMessage),
  /** The slug of the restriction the complaint is about, when the applicant knows it. */
  restriction: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200)
      .regex(/^[a-z0-9-]+$/, 'Select a valid restriction.')
      .optional(),
  ),
  sector_id: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Select a valid sector.' })
      .int('Select a valid sector.')
      .positive()
      .max(maxRecordId, 'Select a valid sector.')
      .optional(),
  ),
  /** The applicant asks that their identity be withheld from reviewers outside their country (issue 34 item 5). */
  identity_withheld: z.preprocess(blankToUndefined, ZYesNoSchema.optional()),
});
export type TComplaintForm = z.infer<typeof ZComplaintFormSchema>;
export type TComplaintFormInput = z.input<typeof ZComplaintFormSchema>;

/** The applicant's answer to a request for information (multipart: `message` + optional `attachments`). */
export const ZComplaintResponseSchema = z.object({ message: requiredText(5000) });
export type TComplaintResponse = z.infer<typeof ZComplaintResponseSchema>;

export const reviewDecisions = ['forward', 'resolve', 'reject', 'request_info'] as const;
export type TReviewDecision = (typeof reviewDecisions)[number];
export const ZReviewDecisionSchema = z.enum(reviewDecisions, { error: 'Select a valid decision.' });

/** The longest public summary and resolution note (each language). */
export const publicSummaryMax = 600;
export const resolutionNoteMax = 2000;
export const publicSummaryRequired =
  "Write the public summary: the public list shows it instead of the applicant's own words.";
export const resolutionNoteRequired =
  'Write the resolution note: the public view tells with it how the complaint ended.';

const reviewText = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).optional().default('');

/** Decisions that close a complaint: the reviewer writes its public record (docs/complaints-public-record.md). */
export const closingDecisions = ['resolve', 'reject'] as const;
export const closesComplaint = (decision: string) =>
  (closingDecisions as readonly string[]).includes(decision);

/**
 * A review decision; `version` is the complaint version the reviewer saw (409 when it moved on). Resolve
 * and reject carry the public record: a summary and a resolution note in English (required), each with
 * an optional French translation; the other decisions ignore them.
 */
export const ZReviewActionSchema = z
  .object({
    decision: ZReviewDecisionSchema,
    comments: reviewText(5000),
    public_summary: reviewText(publicSummaryMax),
    public_summary_fr: optionalTranslation(publicSummaryMax),
    resolution_note: reviewText(resolutionNoteMax),
    resolution_note_fr: optionalTranslation(resolutionNoteMax),
    version: z.coerce
      .number({ error: 'This field is required.' })
      .int()
      .positive()
      .max(maxRecordId, 'Select a valid choice.'),
  })
  .superRefine((value, ctx) => {
    // A refusal or a question must say why: the applicant reads it.
    if ((value.decision === 'reject' || value.decision === 'request_info') && !value.comments) {
      ctx.addIssue({ code: 'custom', path: ['comments'], message: 'This field is required.' });
    }
    // The applicant's words are never published unreviewed: closing writes what the public reads.
    if (!closesComplaint(value.decision)) return;
    if (!value.public_summary)
      ctx.addIssue({ code: 'custom', path: ['public_summary'], message: publicSummaryRequired });
    if (!value.resolution_note)
      ctx.addIssue({ code: 'custom', path: ['resolution_note'], message: resolutionNoteRequired });
  });
export type TReviewAction = z.infer<typeof ZReviewActionSchema>;

/** Archive needs the version the user saw, like a review. */
export const ZComplaintArchiveSchema = z.object({
  version: z.coerce
    .number({ error: 'This field is required.' })
    .int()
    .positive()
    .max(maxRecordId, 'Select a valid choice.'),
});
export type TComplaintArchive = z.infer<typeof ZComplaintArchiveSchema>;

const ZOptionalDateFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (yyyy-MM-dd).')
    .refine(isRealDate, 'Enter a valid date (yyyy-MM-dd).')
    .optional(),
);
const ZBooleanFilter = z.preprocess(
  blankToUndefined,
  z.enum(['true', 'false'], { error: 'Select true or false.' }).optional(),
);

/**
 * Filters of the public list. `date_from`/`date_to` filter on the date the complaint was lodged.
 * Sort: `submitted_at` (default `-submitted_at`), `date_of_occurrence`, `status`, `country`, `reference`.
 */
export const ZPublicComplaintListQuerySchema = ZListQuerySchema.extend({
  status: z.preprocess(blankToUndefined, ZComplaintStatusSchema.optional()),
  country: z.preprocess(blankToUndefined, ZCountryCodeSchema.optional()),
  restriction_type: z.preprocess(blankToUndefined, ZRestrictionTypeSchema.optional()),
  date_from: ZOptionalDateFilter,
  date_to: ZOptionalDateFilter,
});
export type TPublicComplaintListQuery = z.infer<typeof ZPublicComplaintListQuerySchema>;

/** A client's own complaints: the public filters (sort as the public list). */
export const ZMyComplaintListQuerySchema = ZPublicComplaintListQuerySchema;
export type TMyComplaintListQuery = TPublicComplaintListQuery;

/**
 * Staff lists (manage list, queue, export): the public filters plus `stage`, `overdue`, `archived`
 * (default: not archived; `true` lists only archived ones). Sort adds `stage_due_at` (the queue's
 * default) and `stage`; `q` searches the reference and brief description.
 */
export const ZManageComplaintListQuerySchema = ZPublicComplaintListQuerySchema.extend({
  stage: z.preprocess(blankToUndefined, ZReviewStageSchema.optional()),
  overdue: ZBooleanFilter,
  archived: ZBooleanFilter,
});
export type TManageComplaintListQuery = z.infer<typeof ZManageComplaintListQuerySchema>;

/** How a stage counts its deadline. */
export const deadlineUnits = ['calendar', 'working'] as const;
export type DeadlineUnit = (typeof deadlineUnits)[number];

/** The deadline in days of each stage (PUT body); every stage listed at most once. */
export const ZReviewStageDeadlinesSchema = z.object({
  stages: z
    .array(
      z.object({
        stage: ZReviewStageSchema,
        deadline_days: z.coerce
          .number({ error: 'This field is required.' })
          .int('Enter a whole number of days.')
          .min(1, 'Enter at least 1 day.')
          .max(365, 'Enter at most 365 days.'),
        /** Calendar days, or working days (weekends and public holidays skipped); unchanged when left out. */
        deadline_unit: z.enum(deadlineUnits, { error: 'Select a valid choice.' }).optional(),
      }),
    )
    .min(1, 'This field is required.')
    .refine(
      (rows) => new Set(rows.map((row) => row.stage)).size === rows.length,
      'Each stage may be listed only once.',
    ),
});
export type TReviewStageDeadlines = z.infer<typeof ZReviewStageDeadlinesSchema>;

export const ZComplaintSlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });
/** A complaint's reference in a public address (`CMP-2026-000042`, any case): letters, digits, hyphens. */
export const complaintReferencePattern = /^[a-z0-9][a-z0-9-]{0,39}$/i;
export const ZComplaintReferenceParamsSchema = z.object({
  reference: z.string().trim().regex(complaintReferencePattern, 'Enter a valid complaint reference.'),
});
export const ZComplaintAttachmentParamsSchema = ZComplaintSlugParamsSchema.extend({
  id: z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.'),
});
export const ZComplaintIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(maxRecordId, 'Select a valid choice.'),
});

// ---- Responses -------------------------------------------------------------------------------------

/**
 * What a review log row records: a reviewer's decision, the applicant's answer to a question, or the
 * applicant's "not fixed" that reopened the complaint at the stage that resolved it (its reason in `comments`).
 */
export type TReviewLogKind = TReviewDecision | 'information_provided' | 'reopened' | 'merge';

/** A review log row (spec 3: ID, Reviewer, Stage, Time Stamp, Comments) and the decision taken. */
export interface TReviewLogEntry {
  id: number;
  /** Who acted; null for the applicant's own view (reviewers stay anonymous to applicants) and when the account is gone. */
  reviewer: { id: number; display_name: string } | null;
  stage: ReviewStage;
  decision: TReviewLogKind;
  /** ISO date-time. */
  timestamp: string;
  comments: string;
}

/** Supporting documentation; `url` is the download path under `/api/`. */
export interface TComplaintAttachment {
  id: number;
  name: string;
  content_type: string;
  size: number;
  uploaded_at: string;
  url: string;
}

/** One complaint as its applicant, its reviewers and superusers see it (with its public record). */
export interface TComplaintDetail extends TComplaintPublicRecord {
  id: number;
  slug: string;
  reference: string;
  status: ComplaintStatus;
  /** The current review stage; null once resolved or rejected. */
  stage: ReviewStage | null;
  restriction_type: string;
  details_of_occurrence: string;
  date_of_occurrence: string;
  country_code: string;
  brief_description: string;
  restriction: { slug: string; title: string } | null;
  sector: { id: number; name_en: string; name_fr: string } | null;
  source: 'web' | 'sms';
  submitted_at: string;
  stage_started_at: string | null;
  stage_due_at: string | null;
  overdue: boolean;
  date_resolved: string | null;
  archived: boolean;
  archived_at: string | null;
  /** Send back with a review or archive (optimistic locking). */
  version: number;
  /** Staff and superusers only (null for the applicant's view, and while `applicant_withheld`). */
  applicant: { id: number; display_name: string; email: string } | null;
  /** Staff and superusers only (null while `applicant_withheld`). */
  sms_phone: string | null;
  /** The applicant asked that their identity be withheld from reviewers outside their own country. */
  identity_withheld: boolean;
  /** The applicant's identity is withheld from this viewer: show `identityWithheldLabel` instead. */
  applicant_withheld: boolean;
  /** The viewer is the applicant and review has not started: they may redact their own text. */
  can_redact: boolean;
  /** When the applicant last redacted their text (ISO), null if never. */
  redacted_at: string | null;
  review_logs: TReviewLogEntry[];
  attachments: TComplaintAttachment[];
  /** Spec 4: "Please wait for the <stage> review process to end." or "The complaint has already been reviewed." */
  message: string;
  /** The viewer is the applicant and a reviewer asked for information. */
  can_respond: boolean;
  /** The decisions the viewer may take now (empty when none). */
  allowed_decisions: TReviewDecision[];
  /** The viewer may archive it now. */
  can_archive: boolean;
  /** The viewer may purge it (superuser). */
  can_purge: boolean;
}

/** Answer of a successful lodging (201). */
export interface TComplaintCreated {
  reference: string;
  slug: string;
  detail: string;
}

/** What every complaint list row has: the review state and dates, no personal data. */
export interface TComplaintListBase {
  reference: string;
  status: ComplaintStatus;
  stage: ReviewStage | null;
  restriction_type: string;
  country_code: string;
  date_of_occurrence: string;
  submitted_at: string;
  date_resolved: string | null;
}

/**
 * The public record a reviewer wrote when resolving or rejecting (English, with its French translation or
 * null); all null before: the public never reads the applicant's own words.
 */
export interface TComplaintPublicRecord {
  public_summary: string | null;
  public_summary_fr: string | null;
  resolution_note: string | null;
  resolution_note_fr: string | null;
}

/**
 * A public list row: the reviewed summary (none before a reviewer resolves or rejects), country, sector,
 * dates and outcome; no applicant, brief description, details, phone, attachments or slug.
 */
export interface TPublicComplaintListItem extends TComplaintListBase, TComplaintPublicRecord {
  sector: { id: number; name_en: string; name_fr: string } | null;
  /** When it was resolved or rejected (ISO), null while open. */
  closed_at: string | null;
}

/** A stage the complaint went through: when it entered and left it, and how it left (null: still there). */
export interface TPublicStageDates {
  stage: ReviewStage;
  started_at: string;
  ended_at: string | null;
  outcome: 'forward' | 'resolve' | 'reject' | null;
}

/** The public view of one complaint: its list row and the dates of each stage. */
export interface TPublicComplaint extends TPublicComplaintListItem {
  stages: TPublicStageDates[];
}

/** A row of a client's own list. */
export interface TMyComplaintListItem extends TComplaintListBase {
  brief_description: string;
  id: number;
  slug: string;
  message: string;
  archived: boolean;
}

/** A row of the staff lists and the queue. */
export interface TManageComplaintListItem extends TMyComplaintListItem {
  source: 'web' | 'sms';
  stage_due_at: string | null;
  overdue: boolean;
  applicant_name: string | null;
  /** The applicant's identity is withheld from this viewer (`applicant_name` is null). */
  applicant_withheld: boolean;
  version: number;
}

/** Overview figures: `scope` is `all` (what a staff user may see) or `own` (a client's complaints). */
export interface TComplaintOverview {
  scope: 'all' | 'own';
  total: number;
  archived: number;
  by_status: Record<ComplaintStatus, number>;
  by_stage: Record<ReviewStage, number>;
  by_country: { country_code: string; count: number }[];
  overdue: { total: number; by_stage: Record<ReviewStage, number> };
  /** Median days a complaint spent at each stage before a decision (reviewed ones); null without data. Staff only (null for clients). */
  median_days_by_stage: Record<ReviewStage, number | null> | null;
}

/** A review stage and its deadline. */
export interface TReviewStageRow {
  stage: ReviewStage;
  position: number;
  deadline_days: number;
  deadline_unit: DeadlineUnit;
  updated_at: string;
}
export interface TReviewStagesResponse {
  results: TReviewStageRow[];
  can_change: boolean;
}

// The holiday table that working-day deadlines skip (its admin resource's schemas).
export * from './admin-holidays.js';

import { z } from 'zod';
import type { ReviewStage } from '../permission-codenames.js';

// Issue 34 item 4 (docs/complaint-feedback.md): after a resolution the applicant says whether the barrier
// is actually gone; "not fixed" within the answer window reopens the complaint at the stage that resolved it.

/** API paths of the applicant's feedback, relative to the `/api/` prefix. */
export const feedbackApiPaths = {
  /**
   * GET: the question and the latest answer (the applicant only); POST `{ outcome, reason }`: the applicant's
   * answer to the current resolution (answers the complaint's detail).
   */
  feedback: (slug: string) => `/complaints/${encodeURIComponent(slug)}/feedback/`,
} as const;

/** How long after a resolution the applicant may answer (and so reopen it), in calendar days. */
export const feedbackWindowDays = 60;

/** The answers: the barrier is gone, or it is not (the complaint reopens). */
export const feedbackOutcomes = ['fixed', 'not_fixed'] as const;
export type TFeedbackOutcome = (typeof feedbackOutcomes)[number];

/** The longest reason the applicant may give. */
export const feedbackReasonMax = 2000;

/** What the server answers when feedback is refused (the web app translates them by their English text). */
export const feedbackMessages = {
  reasonRequired: 'Tell the reviewers why the barrier is not gone.',
  notResolved: 'Only a resolved complaint can be confirmed fixed or reopened.',
  alreadyAnswered: 'You have already answered for this resolution.',
  windowClosed: `The time to answer has ended: answers are taken for ${feedbackWindowDays} days after the resolution.`,
  invalidOutcome: 'Select "Fixed" or "Not fixed".',
} as const;

/** The applicant's answer; `reason` is required for "not fixed" and optional for "fixed". */
export const ZComplaintFeedbackSchema = z
  .object({
    outcome: z.enum(feedbackOutcomes, { error: feedbackMessages.invalidOutcome }),
    reason: z
      .string({ error: 'Enter text.' })
      .trim()
      .max(feedbackReasonMax, `Ensure this field has no more than ${feedbackReasonMax} characters.`)
      .optional()
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'not_fixed' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: feedbackMessages.reasonRequired });
  });
export type TComplaintFeedback = z.infer<typeof ZComplaintFeedbackSchema>;
export type TComplaintFeedbackInput = z.input<typeof ZComplaintFeedbackSchema>;

/** The applicant's answer to one resolution, as kept. */
export interface TFeedbackAnswer {
  outcome: TFeedbackOutcome;
  reason: string | null;
  /** ISO date-time. */
  answered_at: string;
  /** When the resolution answered was made (ISO). */
  resolved_at: string;
  /** The stage that resolved it (where "not fixed" reopened it). */
  resolved_stage: ReviewStage;
}

/** The feedback question of a complaint and its latest answer, for its applicant. */
export interface TComplaintFeedbackState {
  /** The last moment an answer to the current resolution is taken (ISO); null while not resolved. */
  answer_by: string | null;
  /** The viewer may answer now: the applicant, resolved, not yet answered, within the window. */
  can_answer: boolean;
  /** The latest answer, to the current resolution or to an earlier one that it reopened; null if none. */
  answer: TFeedbackAnswer | null;
}

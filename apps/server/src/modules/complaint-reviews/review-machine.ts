import {
  feedbackMessages,
  reviewStages,
  type ComplaintStatus,
  type ReviewStage,
  type TReviewDecision,
} from '@stp/shared';

/** What the machine needs to know of a complaint. */
export interface ComplaintState {
  status: ComplaintStatus;
  stage: ReviewStage | null;
  archived: boolean;
}

/** Something that may happen to a complaint. */
export type ComplaintEvent =
  | { type: 'review'; decision: TReviewDecision }
  | { type: 'respond' }
  | { type: 'archive' }
  /** The applicant's "not fixed" (docs/complaint-feedback.md): back in review at the stage that resolved it. */
  | { type: 'reopen'; stage: ReviewStage };

/** The state after an allowed event, and what else changes with it. */
export interface Transition {
  ok: true;
  next: ComplaintState;
  /** The complaint enters a new stage (or re-enters its stage after an answer): its stage clock restarts. */
  stageClockRestarts: boolean;
  /** Resolved now: Date Resolved is set. */
  resolvedNow: boolean;
}

/** A refused event: `conflict` (409, the complaint is not in a state for it) or `invalid` (422). */
export interface Refusal {
  ok: false;
  kind: 'conflict' | 'invalid';
  reason: string;
}

export const refusals = {
  archived: 'This complaint is archived and can no longer change.',
  closed: 'This complaint has already been reviewed.',
  waiting: 'This complaint is waiting for information from the applicant.',
  lastStage: 'The council is the last review stage: resolve or reject the complaint.',
  notWaiting: 'No information was requested on this complaint.',
  notClosed: 'Only a reviewed (resolved or rejected) complaint can be archived.',
  noStage: 'This complaint is not at a review stage.',
  notResolved: feedbackMessages.notResolved,
} as const;

const open = (status: ComplaintStatus) => status === 'submitted' || status === 'in_review';
// A merged duplicate is closed too: its case goes on in the complaint it was merged into.
const closed = (status: ComplaintStatus) =>
  status === 'resolved' || status === 'rejected' || status === 'merged';

const refuse = (kind: Refusal['kind'], reason: string): Refusal => ({ ok: false, kind, reason });
const allow = (next: ComplaintState, stageClockRestarts = false, resolvedNow = false): Transition => ({
  ok: true,
  next,
  stageClockRestarts,
  resolvedNow,
});

/**
 * The complaint state machine (docs/complaints.md): pure, so every allowed and refused transition is
 * unit-tested. `stages` is the review order (the `review_stages` table, by position).
 */
export function transition(
  state: ComplaintState,
  event: ComplaintEvent,
  stages: readonly ReviewStage[] = reviewStages,
): Transition | Refusal {
  if (state.archived) return refuse('conflict', refusals.archived);
  if (event.type === 'archive') {
    return closed(state.status)
      ? allow({ ...state, archived: true })
      : refuse('conflict', refusals.notClosed);
  }
  if (event.type === 'reopen') {
    return state.status === 'resolved'
      ? allow({ ...state, status: 'in_review', stage: event.stage }, true)
      : refuse('conflict', refusals.notResolved);
  }
  if (closed(state.status)) return refuse('conflict', refusals.closed);
  if (!state.stage) return refuse('conflict', refusals.noStage);
  if (event.type === 'respond') {
    return state.status === 'information_requested'
      ? allow({ ...state, status: 'in_review' }, true)
      : refuse('conflict', refusals.notWaiting);
  }
  const waiting = state.status === 'information_requested';
  switch (event.decision) {
    case 'forward': {
      if (waiting) return refuse('conflict', refusals.waiting);
      const next = stages[stages.indexOf(state.stage) + 1];
      if (!next) return refuse('invalid', refusals.lastStage);
      return allow({ ...state, status: 'in_review', stage: next }, true);
    }
    case 'request_info':
      if (waiting) return refuse('conflict', refusals.waiting);
      return allow({ ...state, status: 'information_requested' });
    // A reviewer may close a complaint while waiting for an answer that never comes.
    case 'resolve':
      return allow({ ...state, status: 'resolved', stage: null }, false, true);
    case 'reject':
      return allow({ ...state, status: 'rejected', stage: null });
  }
}

/** The review decisions the machine allows in this state (before any permission check). */
export function allowedDecisions(
  state: ComplaintState,
  stages: readonly ReviewStage[] = reviewStages,
): TReviewDecision[] {
  const decisions: TReviewDecision[] = ['forward', 'resolve', 'reject', 'request_info'];
  return decisions.filter((decision) => transition(state, { type: 'review', decision }, stages).ok);
}

/** Spec 4: the text the applicant reads about the review. */
export function reviewMessage(state: Pick<ComplaintState, 'status' | 'stage'>): string {
  if (closed(state.status) || !state.stage) return 'The complaint has already been reviewed.';
  return `Please wait for the ${state.stage} review process to end.`;
}

/** Open at a stage and waiting for a reviewer (not for the applicant). */
export const awaitsReviewer = (status: ComplaintStatus) => open(status);

/** Resolved, rejected or merged: no review event applies any more. */
export const isClosedStatus = closed;

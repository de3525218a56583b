import { complaintStatuses, reviewStages, type ComplaintStatus, type ReviewStage } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedDecisions,
  refusals,
  reviewMessage,
  transition,
  type ComplaintEvent,
  type ComplaintState,
} from './review-machine.js';

type EventName = 'forward' | 'resolve' | 'reject' | 'request_info' | 'respond' | 'archive' | 'reopen';
const events: Record<EventName, ComplaintEvent> = {
  forward: { type: 'review', decision: 'forward' },
  resolve: { type: 'review', decision: 'resolve' },
  reject: { type: 'review', decision: 'reject' },
  request_info: { type: 'review', decision: 'request_info' },
  respond: { type: 'respond' },
  archive: { type: 'archive' },
  reopen: { type: 'reopen', stage: 'regional' },
};

/** Expected outcome: [status, stage, archived, clock restarts, resolved now] or a refusal [kind, reason]. */
type Outcome =
  | readonly [ComplaintStatus, ReviewStage | null, boolean, boolean, boolean]
  | readonly ['conflict' | 'invalid', string];

const next: Record<ReviewStage, ReviewStage | null> = {
  regulator: 'regional',
  regional: 'council',
  council: null,
};

/** The table of docs/complaints.md, one row per (status, stage, event) of a complaint that is not archived. */
function expected(status: ComplaintStatus, stage: ReviewStage | null, event: EventName): Outcome {
  // A merged duplicate is closed like a resolved or rejected complaint (docs/complaint-duplicates.md).
  const closed = status === 'resolved' || status === 'rejected' || status === 'merged';
  if (event === 'archive')
    return closed ? [status, stage, true, false, false] : ['conflict', refusals.notClosed];
  // The applicant's "not fixed": only a resolved complaint goes back, to the stage that resolved it.
  if (event === 'reopen')
    return status === 'resolved'
      ? ['in_review', 'regional', false, true, false]
      : ['conflict', refusals.notResolved];
  if (closed) return ['conflict', refusals.closed];
  const waiting = status === 'information_requested';
  switch (event) {
    case 'respond':
      return waiting ? ['in_review', stage, false, true, false] : ['conflict', refusals.notWaiting];
    case 'forward':
      if (waiting) return ['conflict', refusals.waiting];
      return next[stage!] ? ['in_review', next[stage!], false, true, false] : ['invalid', refusals.lastStage];
    case 'request_info':
      return waiting ? ['conflict', refusals.waiting] : ['information_requested', stage, false, false, false];
    case 'resolve':
      return ['resolved', null, false, false, true];
    case 'reject':
      return ['rejected', null, false, false, false];
  }
}

const openStatuses: ComplaintStatus[] = ['submitted', 'in_review', 'information_requested'];
const cases: [ComplaintState, EventName][] = [];
for (const status of complaintStatuses) {
  const stages: (ReviewStage | null)[] = openStatuses.includes(status) ? [...reviewStages] : [null];
  for (const stage of stages) {
    for (const event of Object.keys(events) as EventName[])
      cases.push([{ status, stage, archived: false }, event]);
  }
}

describe('complaint state machine', () => {
  it('covers every status, stage and event', () => {
    // 3 open statuses x 3 stages x 7 events + 3 closed statuses (resolved, rejected, merged) x 7 events
    expect(cases).toHaveLength(3 * 3 * 7 + 3 * 7);
  });

  it.each(cases)('%o on %s', (state, event) => {
    const result = transition(state, events[event]);
    const want = expected(state.status, state.stage, event);
    if (want.length === 2) {
      expect(result).toEqual({ ok: false, kind: want[0], reason: want[1] });
    } else {
      expect(result).toEqual({
        ok: true,
        next: { status: want[0], stage: want[1], archived: want[2] },
        stageClockRestarts: want[3],
        resolvedNow: want[4],
      });
    }
  });

  it.each(
    complaintStatuses.flatMap((status) =>
      (Object.keys(events) as EventName[]).map((event) => [status, event] as const),
    ),
  )('an archived %s complaint refuses %s', (status, event) => {
    const stage = openStatuses.includes(status) ? 'regional' : null;
    expect(transition({ status, stage, archived: true }, events[event])).toEqual({
      ok: false,
      kind: 'conflict',
      reason: refusals.archived,
    });
  });

  it('refuses review and answers on an open status without a stage', () => {
    expect(transition({ status: 'in_review', stage: null, archived: false }, events.forward)).toMatchObject({
      ok: false,
      reason: refusals.noStage,
    });
  });

  it('follows the configured stage order', () => {
    const order: ReviewStage[] = ['regulator', 'council'];
    const result = transition(
      { status: 'in_review', stage: 'regulator', archived: false },
      events.forward,
      order,
    );
    expect(result).toMatchObject({ ok: true, next: { stage: 'council' } });
  });

  it('lists the decisions allowed in a state', () => {
    expect(allowedDecisions({ status: 'submitted', stage: 'regulator', archived: false })).toEqual([
      'forward',
      'resolve',
      'reject',
      'request_info',
    ]);
    expect(allowedDecisions({ status: 'in_review', stage: 'council', archived: false })).toEqual([
      'resolve',
      'reject',
      'request_info',
    ]);
    expect(allowedDecisions({ status: 'information_requested', stage: 'regional', archived: false })).toEqual(
      ['resolve', 'reject'],
    );
    expect(allowedDecisions({ status: 'resolved', stage: null, archived: false })).toEqual([]);
  });

  it('words the spec 4 messages', () => {
    expect(reviewMessage({ status: 'submitted', stage: 'regulator' })).toBe(
      'Please wait for the regulator review process to end.',
    );
    expect(reviewMessage({ status: 'information_requested', stage: 'regional' })).toBe(
      'Please wait for the regional review process to end.',
    );
    expect(reviewMessage({ status: 'in_review', stage: 'council' })).toBe(
      'Please wait for the council review process to end.',
    );
    expect(reviewMessage({ status: 'resolved', stage: null })).toBe(
      'The complaint has already been reviewed.',
    );
    expect(reviewMessage({ status: 'rejected', stage: null })).toBe(
      'The complaint has already been reviewed.',
    );
  });
});

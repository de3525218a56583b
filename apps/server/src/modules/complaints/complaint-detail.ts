import type { ComplaintStatus, ReviewStage, TComplaintDetail } from '@stp/shared';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { allowedDecisions, transition } from '../complaint-reviews/review-machine.js';
import { canReviewAt, isComplaintStaff } from './complaint-access.js';
import { loadDetailParts } from './complaint-queries.js';
import { reviewStarted } from './confidentiality.js';
import { presentDetail } from './complaints.presenter.js';
import { loadStages, type ComplaintRow } from './complaints.service.js';

/** The detail of a complaint the viewer may see (checked by the caller), with what they may do now. */
export async function detailFor(
  db: Executor,
  principal: Principal,
  row: ComplaintRow,
): Promise<TComplaintDetail> {
  const [parts, stageRows] = await Promise.all([loadDetailParts(db, row), loadStages(db)]);
  const stages = stageRows.map((stage) => stage.stage as ReviewStage);
  const state = {
    status: row.status as ComplaintStatus,
    stage: row.stage as ReviewStage | null,
    archived: row.archived,
  };
  const staffView = isComplaintStaff(principal);
  const mayArchive =
    staffView &&
    (principal.user.isSuperuser || principal.permissions.includes('complaints.change_complaint')) &&
    transition(state, { type: 'archive' }, stages).ok;
  const isApplicant = row.applicantId !== null && row.applicantId === principal.user.id;
  return presentDetail(row, parts, {
    staffView,
    viewer: principal.user,
    canRedact: isApplicant && !reviewStarted(row, parts.logs.length),
    canRespond: row.applicantId === principal.user.id && transition(state, { type: 'respond' }, stages).ok,
    allowedDecisions: staffView && canReviewAt(principal, row) ? allowedDecisions(state, stages) : [],
    canArchive: mayArchive,
    canPurge: principal.user.isSuperuser,
  });
}

import type { TDashboard, TDashboardQueue } from '@stp/shared';
import { count, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { complaints, outboxMessages } from '../../db/schema/index.js';
import { presentAuditItem } from '../audit-log/audit-log.presenter.js';
import { screenAuditActors } from '../complaints/confidentiality-audit.js';
import { listAudit } from '../audit-log/audit-log.service.js';
import { complaintOverview } from '../complaint-reviews/complaint-overview.js';
import { heldStages, queueScope } from '../complaints/complaint-access.js';

/** How many audit rows the dashboard shows. */
export const recentChangesShown = 5;

/** The reviewer's queue counts: the same scope as `GET /api/manage/complaints/queue/`. */
async function queueOf(db: Executor, principal: Principal, now: Date): Promise<TDashboardQueue | null> {
  const stages = heldStages(principal);
  if (stages.length === 0) return null;
  const overview = await complaintOverview(db, queueScope(principal), 'own', now);
  return {
    stages,
    total: stages.reduce((sum, stage) => sum + overview.by_stage[stage], 0),
    overdue: stages.reduce((sum, stage) => sum + overview.overdue.by_stage[stage], 0),
    by_stage: overview.by_stage,
    overdue_by_stage: overview.overdue.by_stage,
  };
}

/** Messages whose every attempt failed, whatever their age (the Delivery screen's failed count). */
async function failedDeliveries(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'failed'));
  return row?.n ?? 0;
}

/**
 * The dashboard of issue 6 item 8. Staff: their review queue and overdue count (when they hold a
 * review stage) and the latest audit rows (their own; everyone's for superusers). Clients: their own
 * complaints by status. Superusers also see how many messages failed to be delivered (issue 31).
 */
export async function dashboardFor(
  db: Executor,
  principal: Principal,
  now = new Date(),
): Promise<TDashboard> {
  const { user } = principal;
  const staff = user.isStaff || user.isSuperuser;
  if (!staff) {
    const own = await complaintOverview(db, eq(complaints.applicantId, user.id), 'own', now);
    return {
      kind: 'client',
      queue: null,
      recent_changes: null,
      my_complaints: { total: own.total, by_status: own.by_status },
      failed_deliveries: null,
    };
  }
  const [queue, recent, failed] = await Promise.all([
    queueOf(db, principal, now),
    listAudit(
      db,
      { page: 1, page_size: recentChangesShown, ...(user.isSuperuser ? {} : { actor: user.id }) },
      user,
    ),
    user.isSuperuser ? failedDeliveries(db) : null,
  ]);
  return {
    kind: 'staff',
    queue,
    recent_changes: {
      scope: user.isSuperuser ? 'all' : 'own',
      results: (await screenAuditActors(db, user, recent.rows)).map(presentAuditItem),
    },
    my_complaints: null,
    failed_deliveries: failed,
  };
}

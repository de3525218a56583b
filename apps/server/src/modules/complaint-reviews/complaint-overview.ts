import {
  complaintStatuses,
  reviewStages,
  type ComplaintStatus,
  type ReviewStage,
  type TComplaintOverview,
} from '@stp/shared';
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { complaints, reviewLogs } from '../../db/schema/index.js';
import { overdueCondition } from '../complaints/complaint-queries.js';

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * Overview figures over what the viewer may see (`scope`; undefined = everything): counts by status
 * (archived included), by current stage and country (not archived), overdue counts, and for staff the
 * median days a complaint spent at each stage before a decision was taken there.
 */
export async function complaintOverview(
  db: Executor,
  scope: SQL | undefined,
  kind: 'all' | 'own',
  now = new Date(),
): Promise<TComplaintOverview> {
  const base = and(isNull(complaints.deletedOn), scope);
  const live = and(base, eq(complaints.archived, false));
  const [byStatus, byStage, byCountry, overdue, archived] = await Promise.all([
    db
      .select({ key: complaints.status, value: count() })
      .from(complaints)
      .where(base)
      .groupBy(complaints.status),
    db
      .select({ key: complaints.stage, value: count() })
      .from(complaints)
      .where(and(live, inArray(complaints.stage, [...reviewStages])))
      .groupBy(complaints.stage),
    db
      .select({ key: complaints.countryCode, value: count() })
      .from(complaints)
      .where(live)
      .groupBy(complaints.countryCode)
      .orderBy(sql`count(*) desc`, complaints.countryCode),
    db
      .select({ key: complaints.stage, value: count() })
      .from(complaints)
      .where(and(live, overdueCondition(now)))
      .groupBy(complaints.stage),
    db
      .select({ value: count() })
      .from(complaints)
      .where(and(base, eq(complaints.archived, true))),
  ]);
  const statusCounts = zeroes(complaintStatuses);
  for (const row of byStatus)
    if (row.key in statusCounts) statusCounts[row.key as ComplaintStatus] = row.value;
  const stageCounts = zeroes(reviewStages);
  for (const row of byStage) if (row.key) stageCounts[row.key as ReviewStage] = row.value;
  const overdueCounts = zeroes(reviewStages);
  for (const row of overdue) if (row.key) overdueCounts[row.key as ReviewStage] = row.value;
  return {
    scope: kind,
    total: byStatus.reduce((sum, row) => sum + row.value, 0),
    archived: archived[0]?.value ?? 0,
    by_status: statusCounts,
    by_stage: stageCounts,
    by_country: byCountry.map((row) => ({ country_code: row.key, count: row.value })),
    overdue: { total: Object.values(overdueCounts).reduce((a, b) => a + b, 0), by_stage: overdueCounts },
    median_days_by_stage: kind === 'all' ? await medianDays(db, scope) : null,
  };
}

/**
 * Days from entering a stage to the decision taken there (forward, resolve, reject). A stage is
 * entered at the lodging (first stage) or at the forward out of the previous one.
 */
async function medianDays(db: Executor, scope: SQL | undefined) {
  const decided = db
    .select({
      stage: reviewLogs.stage,
      days: sql<number>`extract(epoch from ${reviewLogs.createdAt} - coalesce((
        select max(p.created_at) from review_logs p
        where p.complaint_id = ${reviewLogs.complaintId} and p.decision = 'forward' and p.created_at < ${reviewLogs.createdAt}
      ), ${complaints.createdAt})) / 86400.0`.as('days'),
    })
    .from(reviewLogs)
    .innerJoin(complaints, eq(complaints.id, reviewLogs.complaintId))
    .where(
      and(
        inArray(reviewLogs.decision, ['forward', 'resolve', 'reject']),
        isNull(complaints.deletedOn),
        scope,
      ),
    )
    .as('decided');
  const rows = await db
    .select({
      stage: decided.stage,
      median: sql<string | null>`percentile_cont(0.5) within group (order by ${decided.days})`,
    })
    .from(decided)
    .groupBy(decided.stage);
  const result = Object.fromEntries(reviewStages.map((stage) => [stage, null])) as Record<
    ReviewStage,
    number | null
  >;
  for (const row of rows) {
    if (row.stage in result && row.median !== null) {
      result[row.stage as ReviewStage] = Math.round(Number(row.median) * 10) / 10;
    }
  }
  return result;
}

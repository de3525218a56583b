import type {
  ReviewStage,
  TPublicComplaint,
  TPublicComplaintListItem,
  TPublicComplaintListQuery,
  TPublicStageDates,
} from '@stp/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicComplaint, publicSector } from '../../db/public-visibility.js';
import { complaints, reviewLogs, sectors } from '../../db/schema/index.js';
import { pageWindow, sortOrder } from '../../http/pagination.js';
import { commonFilters, publicSorts, searchCondition } from './complaint-queries.js';
import { presentListBase, presentPublicRecord } from './complaints.presenter.js';

/*
 * The public record of complaint handling (docs/complaints-public-record.md): every public complaint
 * (db/public-visibility.ts) with its country, sector, stage dates and outcome, and the summary and
 * resolution note its closing reviewer wrote. The applicant, their brief description and details are
 * never read here: not shown, not searched.
 */

/** The review log decisions that end a stage (the others happen within one). */
const stageEnding = ['forward', 'resolve', 'reject'] as const;
/** The applicant's "not fixed" (docs/complaint-feedback.md): the resolving stage starts again then. */
const stageRestarting = 'reopened';

/** When the complaint was resolved or rejected: the time of its closing review. */
const closedAt = sql<Date | null>`(select max(${reviewLogs.createdAt}) from ${reviewLogs}
  where ${reviewLogs.complaintId} = ${complaints.id} and ${reviewLogs.decision} in ('resolve', 'reject'))`.mapWith(
  reviewLogs.createdAt,
);

/** The public columns: the complaint, its sector when that is public, and the closing time. */
export const selectPublic = (db: Executor) =>
  db
    .select({
      complaint: complaints,
      sectorId: sectors.id,
      sectorEn: sectors.nameEn,
      sectorFr: sectors.nameFr,
      closedAt,
    })
    .from(complaints)
    .leftJoin(sectors, and(eq(sectors.id, complaints.sectorId), publicSector));

/** A row of `selectPublic`. */
interface PublicRow {
  complaint: typeof complaints.$inferSelect;
  sectorId: number | null;
  sectorEn: string | null;
  sectorFr: string | null;
  closedAt: Date | null;
}

const closed = (status: string) => status === 'resolved' || status === 'rejected';

/** A public list row: the reviewed record only once the complaint is closed (never the applicant's text). */
export function presentPublicItem(row: PublicRow): TPublicComplaintListItem {
  const { complaint } = row;
  const record = presentPublicRecord(complaint);
  const reviewed = closed(complaint.status) && record.public_summary !== null;
  const closedOn = closed(complaint.status) ? (row.closedAt ?? complaint.dateResolved) : null;
  return {
    ...presentListBase(complaint),
    sector:
      row.sectorId === null
        ? null
        : { id: row.sectorId, name_en: row.sectorEn ?? '', name_fr: row.sectorFr ?? '' },
    closed_at: closedOn ? closedOn.toISOString() : null,
    public_summary: reviewed ? record.public_summary : null,
    public_summary_fr: reviewed ? record.public_summary_fr : null,
    resolution_note: reviewed ? record.resolution_note : null,
    resolution_note_fr: reviewed ? record.resolution_note_fr : null,
  };
}

/** The public list: filters of every list, a search over the reference and the reviewed summaries. */
export async function listPublic(db: Executor, query: TPublicComplaintListQuery) {
  const where = [...commonFilters(query), publicComplaint];
  const search = searchCondition(query.q, [
    complaints.reference,
    complaints.publicSummary,
    complaints.publicSummaryFr,
  ]);
  if (search) where.push(search);
  const condition = and(...where);
  const order = sortOrder(query.sort, publicSorts, '-submitted_at', complaints.id);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectPublic(db)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(complaints).where(condition),
  ]);
  return { rows: rows.map(presentPublicItem), count: total?.value ?? 0 };
}

/**
 * The stages a complaint went through, from its review log: each stage ends with a forward, resolve or
 * reject decision taken at it and the next starts then (or when a "not fixed" reopened it); an open
 * complaint's current stage has no end.
 */
export function stageDates(
  submittedAt: Date,
  currentStage: ReviewStage | null,
  logs: readonly { stage: string; decision: string; createdAt: Date }[],
): TPublicStageDates[] {
  const stages: TPublicStageDates[] = [];
  let startedAt = submittedAt;
  for (const log of logs) {
    if (log.decision === stageRestarting) startedAt = log.createdAt;
    if (!(stageEnding as readonly string[]).includes(log.decision)) continue;
    stages.push({
      stage: log.stage as ReviewStage,
      started_at: startedAt.toISOString(),
      ended_at: log.createdAt.toISOString(),
      outcome: log.decision as TPublicStageDates['outcome'],
    });
    startedAt = log.createdAt;
  }
  if (currentStage)
    stages.push({ stage: currentStage, started_at: startedAt.toISOString(), ended_at: null, outcome: null });
  return stages;
}

/** One public complaint by its reference (any case) with its stage dates, or undefined. */
export async function findPublicComplaint(
  db: Executor,
  reference: string,
): Promise<TPublicComplaint | undefined> {
  const [row] = await selectPublic(db).where(
    and(eq(complaints.reference, reference.toUpperCase()), publicComplaint),
  );
  if (!row) return undefined;
  const logs = await db
    .select({ stage: reviewLogs.stage, decision: reviewLogs.decision, createdAt: reviewLogs.createdAt })
    .from(reviewLogs)
    .where(
      and(
        eq(reviewLogs.complaintId, row.complaint.id),
        inArray(reviewLogs.decision, [...stageEnding, stageRestarting]),
      ),
    )
    .orderBy(asc(reviewLogs.createdAt), asc(reviewLogs.id));
  const { complaint } = row;
  return {
    ...presentPublicItem(row),
    stages: stageDates(complaint.createdAt, complaint.stage as ReviewStage | null, logs),
  };
}

import type { TManageComplaintListQuery, TPublicComplaintListQuery } from '@stp/shared';
import {
  and,
  asc,
  count,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  complaintAttachments,
  complaints,
  restrictions,
  reviewLogs,
  sectors,
  users,
} from '../../db/schema/index.js';
import { pageWindow, sortOrder } from '../../http/pagination.js';
import type { DetailParts } from './complaints.presenter.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dayMs = 86_400_000;

/** A complaint by its slug; a malformed slug is simply not found (never an SQL error). */
export async function findBySlug(db: Executor, slug: string) {
  if (!uuidPattern.test(slug)) return undefined;
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.slug, slug.toLowerCase()), isNull(complaints.deletedOn)));
  return row;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, id), isNull(complaints.deletedOn)));
  return row;
}

/** A user's name as the screens show it (display name, else first and last name). */
export const displayName = sql<
  string | null
>`nullif(coalesce(nullif(${users.displayName}, ''), trim(${users.firstName} || ' ' || ${users.lastName})), '')`;

/** The logs (oldest first, with reviewer names), files, linked restriction and sector, and applicant. */
export async function loadDetailParts(
  db: Executor,
  row: typeof complaints.$inferSelect,
): Promise<DetailParts> {
  const [logs, attachments, restriction, sector, applicant] = await Promise.all([
    db
      .select({ log: reviewLogs, reviewerName: displayName })
      .from(reviewLogs)
      .leftJoin(users, eq(users.id, reviewLogs.reviewerId))
      .where(eq(reviewLogs.complaintId, row.id))
      .orderBy(asc(reviewLogs.createdAt), asc(reviewLogs.id)),
    db
      .select()
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, row.id))
      .orderBy(asc(complaintAttachments.id)),
    row.restrictionId === null
      ? []
      : db
          .select({ slug: restrictions.slug, title: restrictions.title })
          .from(restrictions)
          .where(eq(restrictions.id, row.restrictionId)),
    row.sectorId === null
      ? []
      : db
          .select({ id: sectors.id, name_en: sectors.nameEn, name_fr: sectors.nameFr })
          .from(sectors)
          .where(eq(sectors.id, row.sectorId)),
    row.applicantId === null
      ? []
      : db
          .select({
            id: users.id,
            display_name: displayName,
            email: users.email,
            country_code: users.countryCode,
          })
          .from(users)
          .where(eq(users.id, row.applicantId)),
  ]);
  const person = applicant[0];
  return {
    logs: logs.map(({ log, reviewerName }) => ({ ...log, reviewerName })),
    attachments,
    restriction: restriction[0] ?? null,
    sector: sector[0] ?? null,
    applicant: person ? { ...person, display_name: person.display_name ?? person.email } : null,
  };
}

/** `q` over the given columns (any case, as typed: LIKE's wildcards are matched literally). */
export function searchCondition(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * The filters every list shares but the search; `date_from`/`date_to` are on the date lodged (UTC days).
 * Each list searches its own columns: the public one never the applicant's words (public-record.ts).
 */
export function commonFilters(query: TPublicComplaintListQuery): SQL[] {
  const where: SQL[] = [isNull(complaints.deletedOn)];
  if (query.status) where.push(eq(complaints.status, query.status));
  if (query.country) where.push(eq(complaints.countryCode, query.country));
  if (query.restriction_type) where.push(eq(complaints.restrictionType, query.restriction_type));
  if (query.date_from) where.push(gte(complaints.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to)
    where.push(lt(complaints.createdAt, new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + dayMs)));
  return where;
}

/** The applicant's own lists and the staff's search the reference and the brief description. */
function withOwnSearch(where: SQL[], q: string | undefined): SQL[] {
  const search = searchCondition(q, [complaints.reference, complaints.briefDescription]);
  return search ? [...where, search] : where;
}

/** Overdue: past the stage deadline while waiting for a reviewer. */
export const overdueCondition = (now: Date) =>
  and(
    inArray(complaints.status, ['submitted', 'in_review']),
    lt(complaints.stageDueAt, now),
    eq(complaints.archived, false),
  ) as SQL;

/** The staff filters on top of the common ones: stage, overdue, archived (default: not archived). */
export function manageFilters(query: TManageComplaintListQuery, now: Date): SQL[] {
  const where = withOwnSearch(commonFilters(query), query.q);
  where.push(eq(complaints.archived, query.archived === 'true'));
  if (query.stage) where.push(eq(complaints.stage, query.stage));
  if (query.overdue === 'true') where.push(overdueCondition(now));
  if (query.overdue === 'false') where.push(sql`not (${overdueCondition(now)})`);
  return where;
}

export const publicSorts = {
  submitted_at: complaints.createdAt,
  date_of_occurrence: complaints.dateOfOccurrence,
  status: complaints.status,
  country: complaints.countryCode,
  reference: complaints.reference,
};
const manageSorts = { ...publicSorts, stage_due_at: complaints.stageDueAt, stage: complaints.stage };

/** One page of complaints with a total; `extra` narrows further (scope, applicant). */
async function page(
  db: Executor,
  where: SQL[],
  query: TPublicComplaintListQuery,
  sorts: Record<string, AnyColumn | SQL>,
  fallbackSort: string,
) {
  const order = sortOrder(query.sort, sorts, fallbackSort, complaints.id);
  const { limit, offset } = pageWindow(query);
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ complaint: complaints, applicantName: displayName, applicantCountry: users.countryCode })
      .from(complaints)
      .leftJoin(users, eq(users.id, complaints.applicantId))
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(complaints).where(condition),
  ]);
  return {
    rows: rows.map(({ complaint, applicantName, applicantCountry }) => ({
      ...complaint,
      applicantName,
      applicantCountry,
    })),
    count: total?.value ?? 0,
  };
}

/** A client's own complaints (archived ones included: they are still theirs). */
export function listMine(db: Executor, applicantId: number, query: TPublicComplaintListQuery) {
  const where = [...withOwnSearch(commonFilters(query), query.q), eq(complaints.applicantId, applicantId)];
  return page(db, where, query, publicSorts, '-submitted_at');
}

/** A staff list (manage list, queue): the manage filters plus a scope. */
export function listManaged(
  db: Executor,
  scope: SQL | undefined,
  query: TManageComplaintListQuery,
  fallbackSort: string,
  now: Date,
) {
  const where = manageFilters(query, now);
  if (scope) where.push(scope);
  return page(db, where, query, manageSorts, fallbackSort);
}

import type { TAuditListQuery } from '@stp/shared';
import { and, asc, eq, gte, ilike, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { auditPage, auditRowColumns, type AuditRow } from '../../admin/audit-page.js';
import { containsPattern } from '../../admin/search.js';
import type { Executor } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { pageWindow, sortOrder } from '../../http/pagination.js';
import type { IdentityViewer } from '../complaints/confidentiality.js';
import { auditActorWithheld } from '../complaints/confidentiality-audit.js';

const dayMs = 24 * 3600 * 1000;

/**
 * The columns the audit list sorts by, by API name. An actor withheld from the viewer sorts as no actor,
 * so that the order does not place them among the others (docs/complaint-confidentiality.md).
 */
const sortsFor = (viewer: IdentityViewer) => ({
  created_at: auditLog.createdAt,
  model: auditLog.model,
  action: auditLog.action,
  actor: sql`case when ${auditActorWithheld(viewer)} then null else ${users.email} end`,
});

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */

/**
 * The WHERE of the audit list's filters (dates are UTC days, both ends included). The actor and e-mail
 * filters do not find a row whose actor is withheld from `viewer`: the list would not name them, and a
 * search by e-mail finding the row would (docs/complaint-confidentiality.md).
 */
export function auditFilters(query: Partial<TAuditListQuery>, viewer: IdentityViewer): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  const actorShown = not(auditActorWithheld(viewer));
  if (query.actor) where.push(eq(auditLog.actorId, query.actor), actorShown);
  if (query.user) where.push(ilike(users.email, containsPattern(query.user)), actorShown);
  if (query.model) where.push(eq(auditLog.model, query.model));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.object_id) where.push(eq(auditLog.objectId, query.object_id));
  if (query.date_from) where.push(gte(auditLog.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to)
    where.push(lt(auditLog.createdAt, new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + dayMs)));
  if (query.q)
    where.push(
      or(and(ilike(users.email, containsPattern(query.q)), actorShown), eq(auditLog.objectId, query.q)),
    );
  return and(...where);
}

export type { AuditRow } from '../../admin/audit-page.js';

/** One page of audit rows with their actors, and the count of all that match. */
export async function listAudit(
  db: Executor,
  query: TAuditListQuery,
  viewer: IdentityViewer,
): Promise<{ rows: AuditRow[]; count: number }> {
  return auditPage(
    db,
    auditFilters(query, viewer),
    sortOrder(query.sort, sortsFor(viewer), '-created_at', auditLog.id),
    pageWindow(query),
  );
}

/** One audit row with its actor, or undefined. */
export async function findAudit(db: Executor, id: number): Promise<AuditRow | undefined> {
  const [row] = await db
    .select(auditRowColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.id, id));
  return row;
}

/** The models and actions present in the log, alphabetical (the filters' choices). */
export async function auditChoices(db: Executor): Promise<{ models: string[]; actions: string[] }> {
  const [models, actions] = await Promise.all([
    db.selectDistinct({ value: auditLog.model }).from(auditLog).orderBy(asc(auditLog.model)),
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return { models: models.map((row) => row.value), actions: actions.map((row) => row.value) };
}

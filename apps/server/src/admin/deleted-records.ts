import {
  adminDeletedDefaultSort,
  auditObjectLabel,
  type Paginated,
  type TAdminDeletedRecord,
  type TAdminListQuery,
} from '@stp/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';
import { pageWindow, paginated, sortOrder } from '../http/pagination.js';
import { searchAny } from './search.js';

/** The Deleted list's sorts (`adminDeletedSorts`), by API name. */
const sorts = { deleted_on: auditLog.createdAt, deleted_by: users.email };

/** The fields of a record's stored form that the search `q` looks in: its names in both languages. */
const searchedFields = ['name', 'name_en', 'name_fr', 'title', 'title_en', 'title_fr', 'reference', 'code'];

/**
 * One page of a resource's purged records (spec 3's Deleted On), read from the purges' audit rows:
 * the purge deletes the row and writes its audit row in the same transaction, so that row is where
 * the record's last form, the purge's time and the purger live. Read-only: nothing here restores.
 */
export async function listDeletedRecords(
  db: Executor,
  model: string,
  query: TAdminListQuery,
): Promise<Paginated<TAdminDeletedRecord>> {
  const where = and(
    eq(auditLog.model, model),
    eq(auditLog.action, 'delete'),
    searchAny(
      query.q,
      searchedFields.map((field) => sql`${auditLog.before} ->> ${field}`),
    ),
  );
  const { limit, offset } = pageWindow(query);
  const order = sortOrder(query.sort, sorts, adminDeletedDefaultSort, auditLog.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        objectId: auditLog.objectId,
        before: auditLog.before,
        createdAt: auditLog.createdAt,
        actor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  const results = rows.map((row): TAdminDeletedRecord => ({
    id: Number(row.objectId),
    label: auditObjectLabel(row.before),
    deleted_on: row.createdAt.toISOString(),
    deleted_by: row.actor
      ? {
          id: row.actor.id,
          email: row.actor.email,
          name: `${row.actor.firstName} ${row.actor.lastName}`.trim(),
        }
      : null,
    record: row.before ?? null,
  }));
  return paginated(results, total?.value ?? 0, query);
}

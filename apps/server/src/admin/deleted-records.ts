import {
  adminDeletedDefaultSort,
  auditObjectLabel,
  type Paginated,
  type TAdminDeletedRecord,
  type TAdminListQuery,
} from '@stp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';
import { auditPage } from './audit-page.js';
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
  const order = sortOrder(query.sort, sorts, adminDeletedDefaultSort, auditLog.id);
  const { rows, count } = await auditPage(db, where, order, pageWindow(query));
  const results = rows.map(({ audit, actor }): TAdminDeletedRecord => ({
    id: Number(audit.objectId),
    label: auditObjectLabel(audit.before),
    deleted_on: audit.createdAt.toISOString(),
    deleted_by: actor
      ? { id: actor.id, email: actor.email, name: `${actor.firstName} ${actor.lastName}`.trim() }
      : null,
    record: audit.before ?? null,
  }));
  return paginated(results, count, query);
}

import { count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';

/** An audit row's columns and its actor's (the audit list, the Deleted views). */
export const auditRowColumns = {
  audit: auditLog,
  actor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
};

export type AuditRow = {
  audit: typeof auditLog.$inferSelect;
  actor: { id: number; email: string; firstName: string; lastName: string } | null;
};

/**
 * One page of audit rows with their actors (who may be gone: a left join), and the count of all rows
 * that match: `where` and `order` may name the actor's columns.
 */
export async function auditPage(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  window: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(auditRowColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

import {
  adminUserTexts,
  type Paginated,
  type TAdminSessionItem,
  type TAdminSessionListQuery,
} from '@stp/shared';
import { and, count, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../admin/search.js';
import { createHash } from 'node:crypto';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { purgeExpiredSessions } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { pageWindow, paginated, sortOrder } from '../../http/pagination.js';

const model = 'auth.session';

/**
 * The public key of a session: SHA-256 (hex) of the stored hash. The list never shows the stored hash
 * itself, so nothing on the screen or in an access log matches what the database and tokens hold.
 */
export const sessionKey = (idHash: string) => createHash('sha256').update(idHash).digest('hex');
const keyColumn = sql<string>`encode(sha256(convert_to(${sessions.idHash}, 'UTF8')), 'hex')`;

const columns = {
  idHash: sessions.idHash,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
type SessionListRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function present(row: SessionListRow, currentHash: string | undefined, now: Date): TAdminSessionItem {
  return {
    key: sessionKey(row.idHash),
    user: {
      id: row.userId,
      email: row.email,
      name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    },
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    current: row.idHash === currentHash,
  };
}

/** Sessions with their users, filtered by state, user and search, sorted and paginated. */
export async function listSessions(
  db: Database,
  query: TAdminSessionListQuery,
  currentHash: string | undefined,
): Promise<Paginated<TAdminSessionItem>> {
  const now = new Date();
  const q = query.q ? containsPattern(query.q) : undefined;
  const conditions: (SQL | undefined)[] = [
    query.state === 'active' ? gt(sessions.expiresAt, now) : undefined,
    query.state === 'expired' ? lte(sessions.expiresAt, now) : undefined,
    query.user ? eq(sessions.userId, query.user) : undefined,
    q ? or(ilike(users.email, q), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, q)) : undefined,
  ];
  const where = and(...conditions);
  const order = sortOrder(
    query.sort,
    {
      created_at: sessions.createdAt,
      last_seen_at: sessions.lastSeenAt,
      expires_at: sessions.expiresAt,
      user: sql`lower(${users.email})`,
    },
    '-last_seen_at',
    sessions.idHash,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
  ]);
  return paginated(
    rows.map((row) => present(row, currentHash, now)),
    total?.value ?? 0,
    query,
  );
}

/** Ends one session (the caller's own is refused: signing out does that); audited. */
export async function removeSession(
  db: Database,
  actor: Actor,
  key: string,
  currentHash: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select(columns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(keyColumn, key))
      .for('update', { of: sessions });
    if (!row) throw notFound();
    if (row.idHash === currentHash) throw new HttpError(409, adminUserTexts.ownSession);
    await tx.delete(sessions).where(eq(sessions.idHash, row.idHash));
    const before = present(row, currentHash, new Date()) as unknown as Record<string, unknown>;
    await writeAudit(tx, { actor, action: 'delete', model, objectId: key, before, after: null });
  });
}

/** Removes every expired session and only those; audited with the count. */
export async function removeExpiredSessions(db: Database, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await purgeExpiredSessions(tx);
    await writeAudit(tx, {
      actor,
      action: 'purge_expired',
      model,
      objectId: '',
      before: null,
      after: { removed },
    });
    return removed;
  });
}

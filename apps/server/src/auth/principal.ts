import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  groupPermissions,
  permissions,
  sessions,
  userGroups,
  userPermissions,
  users,
} from '../db/schema/index.js';
import { memoize, type Memoized } from '../lib/memoize.js';
import type { SessionRow } from './sessions.js';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user and the permission codenames they hold directly and through groups. */
export interface Principal {
  user: UserRow;
  permissions: string[];
}

// Every codename, per database: the list changes only with a migration or a seed, so a minute is safe.
const allCodenames = new WeakMap<object, Memoized<string[]>>();

function everyPermission(db: Executor): Promise<string[]> {
  let memo = allCodenames.get(db);
  if (!memo) {
    memo = memoize(60_000, async () =>
      (await db.select({ codename: permissions.codename }).from(permissions))
        .map((row) => row.codename)
        .sort(),
    );
    allCodenames.set(db, memo);
  }
  return memo.get();
}

/** Codenames a user holds; spec 6: a superuser holds all of them, and the list says so. */
async function permissionsOf(db: Executor, user: UserRow): Promise<string[]> {
  if (user.isSuperuser) return everyPermission(db);
  const direct = db
    .select({ codename: permissions.codename })
    .from(permissions)
    .innerJoin(userPermissions, eq(userPermissions.permissionId, permissions.id))
    .where(eq(userPermissions.userId, user.id));
  const throughGroups = db
    .select({ codename: permissions.codename })
    .from(permissions)
    .innerJoin(groupPermissions, eq(groupPermissions.permissionId, permissions.id))
    .innerJoin(userGroups, eq(userGroups.groupId, groupPermissions.groupId))
    .where(eq(userGroups.userId, user.id));
  const rows = await direct.union(throughGroups);
  return rows.map((row) => row.codename).sort();
}

/** Loads an active user with their permissions, or null. */
export async function loadPrincipal(db: Executor, userId: number): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !user.isActive) return null;
  return { user, permissions: await permissionsOf(db, user) };
}

/** A live session with its active user and their permissions: two queries on every authenticated request. */
export async function loadSessionPrincipal(
  db: Executor,
  idHash: string,
): Promise<{ session: SessionRow; principal: Principal } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date()), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  return {
    session: row.session,
    principal: { user: row.user, permissions: await permissionsOf(db, row.user) },
  };
}

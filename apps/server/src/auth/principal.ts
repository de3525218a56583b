import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { groupPermissions, permissions, userGroups, userPermissions, users } from '../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user and the permission codenames they hold directly and through groups. */
export interface Principal {
  user: UserRow;
  permissions: string[];
}

/** Loads an active user with their permissions, or null. */
export async function loadPrincipal(db: Executor, userId: number): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !user.isActive) return null;
  if (user.isSuperuser) {
    // Spec 6: a superuser holds all permissions, and the list the web app receives says so.
    const all = await db
      .select({ codename: permissions.codename })
      .from(permissions)
      .orderBy(permissions.codename);
    return { user, permissions: all.map((row) => row.codename) };
  }
  const direct = db
    .select({ codename: permissions.codename })
    .from(permissions)
    .innerJoin(userPermissions, eq(userPermissions.permissionId, permissions.id))
    .where(eq(userPermissions.userId, userId));
  const throughGroups = db
    .select({ codename: permissions.codename })
    .from(permissions)
    .innerJoin(groupPermissions, eq(groupPermissions.permissionId, permissions.id))
    .innerJoin(userGroups, eq(userGroups.groupId, groupPermissions.groupId))
    .where(eq(userGroups.userId, userId));
  const rows = await direct.union(throughGroups);
  return { user, permissions: rows.map((row) => row.codename).sort() };
}

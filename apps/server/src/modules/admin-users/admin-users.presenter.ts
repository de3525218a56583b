import type { TAdminUserItem } from '@stp/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { groups, permissions, userGroups, userPermissions } from '../../db/schema/index.js';

/** Users as the admin screens read them: groups and direct permissions in two queries per page. */
export async function presentAdminUsers(db: Executor, rows: UserRow[]): Promise<TAdminUserItem[]> {
  const ids = rows.map((row) => row.id);
  const [memberships, grants] = ids.length
    ? await Promise.all([
        db
          .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
          .from(userGroups)
          .innerJoin(groups, eq(groups.id, userGroups.groupId))
          .where(inArray(userGroups.userId, ids))
          .orderBy(asc(groups.name)),
        db
          .select({ userId: userPermissions.userId, codename: permissions.codename })
          .from(userPermissions)
          .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
          .where(inArray(userPermissions.userId, ids))
          .orderBy(asc(permissions.codename)),
      ])
    : [[], []];
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' '),
    phone: row.phone,
    country: row.countryCode,
    locale: row.locale === 'fr' ? 'fr' : 'en',
    is_active: row.isActive,
    account_type: row.isStaff ? 'staff' : 'client',
    is_superuser: row.isSuperuser,
    groups: memberships
      .filter((membership) => membership.userId === row.id)
      .map(({ id, name }) => ({ id, name })),
    permissions: grants.filter((grant) => grant.userId === row.id).map((grant) => grant.codename),
    has_password: row.passwordHash !== null,
    last_login: row.lastLogin?.toISOString() ?? null,
    date_joined: row.dateJoined.toISOString(),
  }));
}

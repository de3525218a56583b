import {
  adminUserTexts,
  ZAdminGroupInputSchema,
  ZAdminListQuerySchema,
  type TAdminGroupBody,
  type TAdminGroupItem,
} from '@stp/shared';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import type { Executor } from '../../db/client.js';
import { groupPermissions, groups, permissions, userGroups } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { permissionIds } from '../admin-users/permission-choices.js';

type GroupRow = typeof groups.$inferSelect;

/** Groups as the admin screens read them: permissions and member counts in two queries per page. */
async function presentGroups(db: Executor, rows: GroupRow[]): Promise<TAdminGroupItem[]> {
  const ids = rows.map((row) => row.id);
  const [grants, members] = ids.length
    ? await Promise.all([
        db
          .select({ groupId: groupPermissions.groupId, codename: permissions.codename })
          .from(groupPermissions)
          .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
          .where(inArray(groupPermissions.groupId, ids))
          .orderBy(asc(permissions.codename)),
        db
          .select({ groupId: userGroups.groupId, value: count() })
          .from(userGroups)
          .where(inArray(userGroups.groupId, ids))
          .groupBy(userGroups.groupId),
      ])
    : [[], []];
  const memberCount = new Map(members.map((row) => [row.groupId, row.value]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: grants.filter((grant) => grant.groupId === row.id).map((grant) => grant.codename),
    member_count: memberCount.get(row.id) ?? 0,
  }));
}

/** Permission groups (spec 2 `/auth/admin/groups`, superusers only): a name and a set of permissions. */
export const groupsResource: AdminResource<GroupRow, TAdminGroupBody, TAdminGroupItem> = {
  name: 'groups',
  app: 'auth',
  model: 'group',
  table: groups,
  id: groups.id,
  listQuery: ZAdminListQuerySchema,
  where: (query) => [searchAny(query.q, [groups.name])],
  sorts: {
    name: sql`lower(${groups.name})`,
    member_count: sql`(select count(*) from ${userGroups} where ${userGroups.groupId} = ${groups.id})`,
  },
  defaultSort: 'name',
  input: ZAdminGroupInputSchema,
  values: (input) => ({ name: input.name, description: input.description }),
  present: presentGroups,
  async afterWrite(row, input, { tx }) {
    const ids = await permissionIds(tx, input.permissions, 'permissions');
    await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, row.id));
    if (ids.length)
      await tx
        .insert(groupPermissions)
        .values(ids.map((permissionId) => ({ groupId: row.id, permissionId })));
  },
  onDuplicate: async () => validationFailed({ name: adminUserTexts.groupTaken }),
};

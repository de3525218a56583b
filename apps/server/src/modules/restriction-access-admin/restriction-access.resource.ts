import {
  catalogueConfigTexts,
  ZRestrictionAccessInputSchema,
  ZRestrictionAccessListQuerySchema,
  type TRestrictionAccessBody,
  type TRestrictionAccessItem,
} from '@stp/shared';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import type { Executor } from '../../db/client.js';
import { countries, groups, restrictionAccess, users } from '../../db/schema/index.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { catalogueNames } from '../commitments-admin/catalogue-names.js';

type AccessRow = typeof restrictionAccess.$inferSelect;

/** A user's name as the admin lists show it. */
export const userName = (user: { displayName: string; firstName: string; lastName: string; email: string }) =>
  user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The rule's references: an existing group or an active staff user, a partner state, a top sector. */
async function checkReferences(tx: Executor, input: TRestrictionAccessBody): Promise<void> {
  const errors: Record<string, string> = {};
  if (input.group !== null) {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.group));
    if (!group) errors.group = catalogueConfigTexts.sectorUnknown;
  }
  if (input.user !== null) {
    const [user] = await tx.select().from(users).where(eq(users.id, input.user));
    if (!user || !user.isStaff || !user.isActive) errors.user = catalogueConfigTexts.staffUser;
  }
  const names = await catalogueNames(tx, [input.country], input.sector === null ? [] : [input.sector]);
  if (!names.partnerState(input.country)) errors.country = catalogueConfigTexts.partnerState;
  if (input.sector !== null && names.sector(input.sector).level !== 1)
    errors.sector = catalogueConfigTexts.topSector;
  if (input.sector !== null && !names.sector(input.sector).code)
    errors.sector = catalogueConfigTexts.sectorUnknown;
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

const holderName = sql`coalesce((select g.name from ${groups} g where g.id = ${restrictionAccess.groupId}),
  (select coalesce(nullif(u.display_name, ''), u.email) from ${users} u where u.id = ${restrictionAccess.userId}))`;

/**
 * Restriction access rules (spec 2 `/auth/config/restriction-access`,
 * `restrictions.view_restrictionaccess`): a group or a user may view or edit the restrictions of a
 * country, in every sector or one. `restrictions/restriction-access.ts` reads these rows on each
 * restriction edit (no cache), so a change applies at once.
 */
export const restrictionAccessResource: AdminResource<
  AccessRow,
  TRestrictionAccessBody,
  TRestrictionAccessItem
> = {
  name: 'restriction-access',
  app: 'restrictions',
  model: 'restrictionaccess',
  table: restrictionAccess,
  id: restrictionAccess.id,
  listQuery: ZRestrictionAccessListQuerySchema,
  where: (query) => {
    const q = typeof query.q === 'string' && query.q ? `%${query.q}%` : undefined;
    return [
      query.holder === 'group' ? isNotNull(restrictionAccess.groupId) : undefined,
      query.holder === 'user' ? isNotNull(restrictionAccess.userId) : undefined,
      typeof query.group === 'number' ? eq(restrictionAccess.groupId, query.group) : undefined,
      typeof query.user === 'number' ? eq(restrictionAccess.userId, query.user) : undefined,
      typeof query.country === 'string' ? eq(restrictionAccess.countryCode, query.country) : undefined,
      query.access ? eq(restrictionAccess.canEdit, query.access === 'edit') : undefined,
      q
        ? or(
            inArray(restrictionAccess.groupId, sql`(select g.id from ${groups} g where g.name ilike ${q})`),
            inArray(
              restrictionAccess.userId,
              sql`(select u.id from ${users} u where u.email ilike ${q} or u.display_name ilike ${q}
                or (u.first_name || ' ' || u.last_name) ilike ${q})`,
            ),
            inArray(
              restrictionAccess.countryCode,
              sql`(select c.code from ${countries} c where c.name_en ilike ${q} or c.name_fr ilike ${q})`,
            ),
          )
        : undefined,
    ];
  },
  sorts: {
    holder: holderName,
    country: restrictionAccess.countryCode,
    can_edit: restrictionAccess.canEdit,
    created_at: restrictionAccess.createdAt,
  },
  defaultSort: 'holder',
  input: ZRestrictionAccessInputSchema,
  async values(input, { tx }) {
    await checkReferences(tx, input);
    return {
      groupId: input.group,
      userId: input.user,
      countryCode: input.country,
      sectorId: input.sector,
      canEdit: input.can_edit,
    };
  },
  async present(db, rows) {
    const groupIds = rows.map((row) => row.groupId).filter((id): id is number => id !== null);
    const userIds = rows.map((row) => row.userId).filter((id): id is number => id !== null);
    const [groupRows, userRows, names] = await Promise.all([
      groupIds.length ? db.select().from(groups).where(inArray(groups.id, groupIds)) : [],
      userIds.length ? db.select().from(users).where(inArray(users.id, userIds)) : [],
      catalogueNames(
        db,
        rows.map((row) => row.countryCode),
        rows.map((row) => row.sectorId).filter((id): id is number => id !== null),
      ),
    ]);
    const groupById = new Map(groupRows.map((group) => [group.id, group]));
    const userById = new Map(userRows.map((user) => [user.id, user]));
    return rows.map((row) => {
      const group = row.groupId === null ? undefined : groupById.get(row.groupId);
      const user = row.userId === null ? undefined : userById.get(row.userId);
      return {
        id: row.id,
        holder: row.groupId !== null ? 'group' : 'user',
        group: group ? { id: group.id, name: group.name } : null,
        user: user ? { id: user.id, name: userName(user), email: user.email } : null,
        country: names.country(row.countryCode),
        sector: row.sectorId === null ? null : names.sector(row.sectorId),
        can_edit: row.canEdit,
        created_at: row.createdAt.toISOString(),
      };
    });
  },
  async onDuplicate(db, input) {
    const [existing] = await db
      .select({ id: restrictionAccess.id })
      .from(restrictionAccess)
      .where(
        and(
          input.group === null
            ? isNull(restrictionAccess.groupId)
            : eq(restrictionAccess.groupId, input.group),
          input.user === null ? isNull(restrictionAccess.userId) : eq(restrictionAccess.userId, input.user),
          eq(restrictionAccess.countryCode, input.country),
          input.sector === null
            ? isNull(restrictionAccess.sectorId)
            : eq(restrictionAccess.sectorId, input.sector),
        ),
      );
    const text = catalogueConfigTexts.ruleDuplicate;
    return new HttpError(409, text, { country: text }, undefined, { existing_id: existing?.id ?? null });
  },
};

import type { TRestrictionStaffVersion, TRestrictionVersion } from '@stp/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { restrictionVersions, users } from '../../db/schema/index.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { presentVersion } from './restrictions.presenter.js';

/**
 * Every version of a restriction, newest first, as staff read it (Manage restrictions' History tab): the
 * office, as the public sees it, and the staff member's display name (never an e-mail address).
 */
export async function loadStaffHistory(
  db: Executor,
  restrictionId: number,
): Promise<TRestrictionStaffVersion[]> {
  const reference = await catalogueReference(db);
  const rows = await db
    .select({
      version: restrictionVersions.version,
      change_type: sql<TRestrictionVersion['change_type']>`${restrictionVersions.changeType}`,
      changed_at: restrictionVersions.changedAt,
      changes: restrictionVersions.changes,
      country_code: sql<string | null>`${restrictionVersions.snapshot}->>'country_code'`,
      changed_by_id: users.id,
      changed_by_superuser: users.isSuperuser,
      changed_by_country: users.countryCode,
      changed_by_user: sql<
        string | null
      >`nullif(coalesce(nullif(${users.displayName}, ''), trim(${users.firstName} || ' ' || ${users.lastName})), '')`,
    })
    .from(restrictionVersions)
    .leftJoin(users, eq(users.id, restrictionVersions.changedById))
    .where(eq(restrictionVersions.restrictionId, restrictionId))
    .orderBy(desc(restrictionVersions.version));
  return rows.map((row) => ({ ...presentVersion(row, reference), changed_by_user: row.changed_by_user }));
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../auth/principal.js';
import { HttpError } from '../../http/errors.js';
import type { CatalogueReference } from '../sectors/catalogue-reference.js';

/**
 * Whether a user may edit the restrictions of a country (and sector): superusers always; others need
 * a restriction_access row with can_edit for the country, held directly or through a group, that
 * names no sector or this sector.
 */
export async function canEditRestrictions(
  db: Executor,
  principal: Principal,
  countryCode: string,
  sectorId: number,
): Promise<boolean> {
  if (principal.user.isSuperuser) return true;
  const result = await db.execute(sql`select 1 from restriction_access a
    where a.can_edit = true and a.country_code = ${countryCode}
      and (a.sector_id is null or a.sector_id = ${sectorId})
      and (a.user_id = ${principal.user.id}
        or a.group_id in (select g.group_id from user_groups g where g.user_id = ${principal.user.id}))
    limit 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** The refusal of an edit of the restrictions of `reference`'s country `countryCode`, naming it in English. */
export function editRefusal(reference: CatalogueReference, countryCode: string): string {
  const name = reference.countries.get(countryCode)?.name.en ?? countryCode;
  return `You do not have edit access to the restrictions of ${name} in this sector. Ask an administrator for a restriction access rule.`;
}

/** 403 unless the user may edit restrictions of the row's country and sector. */
export async function assertCanEditRestrictions(
  db: Executor,
  principal: Principal,
  reference: CatalogueReference,
  row: { countryCode: string; sectorId: number },
): Promise<void> {
  if (await canEditRestrictions(db, principal, row.countryCode, row.sectorId)) return;
  throw new HttpError(403, editRefusal(reference, row.countryCode));
}

import { choiceLists, type ClientLimits, type ConstantsResponse, type SectorListItem } from '@stp/shared';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicSector } from '../../db/public-visibility.js';
import { countries, sectors } from '../../db/schema/index.js';

/**
 * `GET /api/cache/constants/` (spec 7): its twelve lists (eleven fixed in code, countries from the
 * database) and the limits the web app checks before sending.
 */
export async function loadConstants(db: Executor, limits: ClientLimits): Promise<ConstantsResponse> {
  const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.nameEn));
  return {
    countries: rows.map((row) => ({
      code: row.code,
      name: { en: row.nameEn, fr: row.nameFr },
      partner_state: row.isPartnerState,
    })),
    ...choiceLists,
    limits,
  };
}

/** The active sector tree, flattened in display order with parent links. */
export async function loadSectorList(db: Executor): Promise<SectorListItem[]> {
  const rows = await db
    .select()
    .from(sectors)
    .where(publicSector)
    .orderBy(asc(sectors.sortOrder), asc(sectors.id));
  return rows.map((row) => ({
    id: row.id,
    parent_id: row.parentId,
    level: row.level as SectorListItem['level'],
    code: row.code,
    slug: row.slug,
    name: { en: row.nameEn, fr: row.nameFr },
  }));
}

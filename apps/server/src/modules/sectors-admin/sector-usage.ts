import type { TSectorRef } from '@stp/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sectors } from '../../db/schema/index.js';

/** How many children, restrictions and commitments name a sector. */
export interface SectorUsage {
  id: number;
  children: number;
  restrictions: number;
  commitments: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The usage of each given sector, in one query. */
export async function sectorUsage(db: Executor, ids: number[]): Promise<SectorUsage[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`select s.id,
      (select count(*)::int from sectors c where c.parent_id = s.id) as children,
      (select count(*)::int from restrictions r
        where r.sector_id = s.id or r.sub_sector_id = s.id or r.specific_service_id = s.id) as restrictions,
      (select count(*)::int from commitments m where m.sector_id = s.id) as commitments
    from sectors s where s.id in (${list})`);
  return rowsOf<SectorUsage>(result).map((row) => ({
    id: Number(row.id),
    children: Number(row.children),
    restrictions: Number(row.restrictions),
    commitments: Number(row.commitments),
  }));
}

const refOf = (row: typeof sectors.$inferSelect): TSectorRef => ({
  id: row.id,
  slug: row.slug,
  code: row.code,
  level: row.level as TSectorRef['level'],
  name: { en: row.nameEn, fr: row.nameFr },
});

/** Each row's ancestors from the top of the tree (at most two lookups: parents, then grandparents). */
export async function sectorPaths(
  db: Executor,
  rows: (typeof sectors.$inferSelect)[],
): Promise<Map<number, TSectorRef[]>> {
  const known = new Map<number, typeof sectors.$inferSelect>();
  let wanted = [...new Set(rows.map((row) => row.parentId).filter((id): id is number => id !== null))];
  for (let depth = 0; depth < 2 && wanted.length > 0; depth += 1) {
    const found = await db.select().from(sectors).where(inArray(sectors.id, wanted));
    for (const row of found) known.set(row.id, row);
    wanted = [
      ...new Set(
        found.map((row) => row.parentId).filter((id): id is number => id !== null && !known.has(id)),
      ),
    ];
  }
  const paths = new Map<number, TSectorRef[]>();
  for (const row of rows) {
    const path: TSectorRef[] = [];
    for (let parent = known.get(row.parentId ?? -1); parent; parent = known.get(parent.parentId ?? -1))
      path.unshift(refOf(parent));
    paths.set(row.id, path);
  }
  return paths;
}

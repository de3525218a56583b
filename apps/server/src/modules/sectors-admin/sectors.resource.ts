import {
  catalogueConfigTexts,
  slugify,
  ZSectorAdminListQuerySchema,
  ZSectorInputSchema,
  type TSectorAdminItem,
  type TSectorBody,
} from '@stp/shared';
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import type { Executor } from '../../db/client.js';
import { sectors } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { clearSectorList } from '../reference/reference.routes.js';
import { invalidateRestrictionCaches } from '../restrictions/restriction-cache.js';
import { clearCatalogueReference } from '../sectors/catalogue-reference.js';
import { sectorUsage, sectorPaths } from './sector-usage.js';

type SectorRow = typeof sectors.$inferSelect;

// Preorder of the tree: each node's key is its ancestors' keys then its own (sort order, id), so a
// sorted list reads as the indented tree and a parent comes right before its children.
const key = (alias: string) => `lpad(${alias}.sort_order::text, 6, '0') || lpad(${alias}.id::text, 10, '0')`;
const treeOrder: SQL = sql`(case ${sectors.level}
  when 1 then ${sql.raw(key('"sectors"'))}
  when 2 then (select ${sql.raw(key('p'))} from sectors p where p.id = ${sectors.parentId}) || ${sql.raw(key('"sectors"'))}
  else (select ${sql.raw(key('g'))} || ${sql.raw(key('p'))} from sectors p join sectors g on g.id = p.parent_id
    where p.id = ${sectors.parentId}) || ${sql.raw(key('"sectors"'))} end)`;

/** A slug from the English name, with the code added when another node already has it. */
async function slugFor(tx: Executor, input: TSectorBody, id: number | null): Promise<string> {
  const base = slugify(input.name_en) || slugify(input.code.replace(/\./g, '-'));
  const taken = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(id === null ? eq(sectors.slug, base) : and(eq(sectors.slug, base), ne(sectors.id, id)));
  return taken.length === 0 ? base : slugify(`${input.name_en} ${input.code.replace(/\./g, '-')}`);
}

/** The tree's rules: a parent one level up; a node in use keeps its level and parent. */
async function checkTree(tx: Executor, input: TSectorBody, before: SectorRow | null): Promise<void> {
  if (input.parent !== null) {
    const [parent] = await tx.select().from(sectors).where(eq(sectors.id, input.parent));
    if (!parent) throw validationFailed({ parent: catalogueConfigTexts.sectorUnknown });
    if (parent.level !== input.level - 1)
      throw validationFailed({ parent: catalogueConfigTexts.parentLevel });
  }
  if (before && (before.level !== input.level || before.parentId !== input.parent)) {
    const [usage] = await sectorUsage(tx, [before.id]);
    if (usage && (usage.children > 0 || usage.restrictions > 0))
      throw validationFailed({ level: catalogueConfigTexts.treeFixed });
  }
}

/**
 * The W/120 sector tree (spec 2 `/auth/config/sectors`, `restrictions.view_sector`): level 1 sector,
 * 2 sub-sector, 3 specific service. Every change drops the catalogue's cached reference lists.
 */
export const sectorsResource: AdminResource<SectorRow, TSectorBody, TSectorAdminItem> = {
  name: 'sectors',
  app: 'restrictions',
  model: 'sector',
  table: sectors,
  id: sectors.id,
  archived: sectors.archived,
  listQuery: ZSectorAdminListQuerySchema,
  where: (query) => {
    const parent = typeof query.parent === 'number' ? query.parent : undefined;
    return [
      typeof query.level === 'number' ? eq(sectors.level, query.level) : undefined,
      // A parent filter shows its whole subtree: children and grandchildren.
      parent
        ? or(
            eq(sectors.parentId, parent),
            inArray(sectors.parentId, sql`(select c.id from sectors c where c.parent_id = ${parent})`),
          )
        : undefined,
      searchAny(query.q, [sectors.nameEn, sectors.nameFr, sectors.code, sectors.cpc]),
    ];
  },
  sorts: {
    tree: treeOrder,
    code: sectors.code,
    name: sectors.nameEn,
    level: sectors.level,
    updated_at: sectors.updatedAt,
  },
  defaultSort: 'tree',
  input: ZSectorInputSchema,
  async values(input, { tx, before }) {
    await checkTree(tx, input, before);
    return {
      level: input.level,
      parentId: input.parent,
      code: input.code,
      cpc: input.cpc,
      slug: await slugFor(tx, input, before?.id ?? null),
      nameEn: input.name_en,
      nameFr: input.name_fr,
      descriptionEn: input.description_en,
      descriptionFr: input.description_fr,
      sortOrder: input.sort_order,
    };
  },
  async present(db, rows) {
    const ids = rows.map((row) => row.id);
    const [usage, paths] = await Promise.all([sectorUsage(db, ids), sectorPaths(db, rows)]);
    const usageById = new Map(usage.map((entry) => [entry.id, entry]));
    return rows.map((row) => {
      const used = usageById.get(row.id);
      return {
        id: row.id,
        parent_id: row.parentId,
        level: row.level as TSectorAdminItem['level'],
        code: row.code,
        cpc: row.cpc,
        slug: row.slug,
        name_en: row.nameEn,
        name_fr: row.nameFr,
        description_en: row.descriptionEn,
        description_fr: row.descriptionFr,
        sort_order: row.sortOrder,
        path: paths.get(row.id) ?? [],
        child_count: used?.children ?? 0,
        restriction_count: used?.restrictions ?? 0,
        commitment_count: used?.commitments ?? 0,
        archived: row.archived,
        archived_at: row.archivedAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
      };
    });
  },
  onDuplicate: async () => validationFailed({ code: catalogueConfigTexts.codeTaken }),
  afterChange(db) {
    clearCatalogueReference(db);
    clearSectorList(db);
    invalidateRestrictionCaches();
  },
};

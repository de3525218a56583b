import {
  policyTexts,
  slugify,
  ZAdminListQuerySchema,
  ZPolicyInputSchema,
  type TPolicyAdminItem,
  type TPolicyBody,
} from '@stp/shared';
import { count, inArray } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import { policies, restrictions } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { clearCatalogueReference } from '../sectors/catalogue-reference.js';

type PolicyRow = typeof policies.$inferSelect;

/** Policy areas (spec 2 `/auth/config/policies`, `restrictions.view_policy`). */
export const policiesResource: AdminResource<PolicyRow, TPolicyBody, TPolicyAdminItem> = {
  name: 'policies',
  app: 'restrictions',
  model: 'policy',
  table: policies,
  id: policies.id,
  archived: policies.archived,
  listQuery: ZAdminListQuerySchema,
  where: (query) => [searchAny(query.q, [policies.nameEn, policies.nameFr])],
  sorts: { name: policies.nameEn, sort_order: policies.sortOrder, updated_at: policies.updatedAt },
  defaultSort: 'sort_order',
  input: ZPolicyInputSchema,
  values: (input) => ({
    slug: slugify(input.name_en),
    nameEn: input.name_en,
    nameFr: input.name_fr,
    descriptionEn: input.description_en,
    descriptionFr: input.description_fr,
    sortOrder: input.sort_order,
  }),
  async present(db, rows) {
    const ids = rows.map((row) => row.id);
    const used = ids.length
      ? await db
          .select({ id: restrictions.policyId, value: count() })
          .from(restrictions)
          .where(inArray(restrictions.policyId, ids))
          .groupBy(restrictions.policyId)
      : [];
    const usage = new Map(used.map((row) => [row.id, row.value]));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name_en: row.nameEn,
      name_fr: row.nameFr,
      description_en: row.descriptionEn,
      description_fr: row.descriptionFr,
      sort_order: row.sortOrder,
      restriction_count: usage.get(row.id) ?? 0,
      archived: row.archived,
      archived_at: row.archivedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  onDuplicate: async () => validationFailed({ name_en: policyTexts.nameTaken }),
  afterChange: (db) => clearCatalogueReference(db),
};

import {
  ZRestrictionAdminInputSchema,
  ZRestrictionAdminListQuerySchema,
  type TRestrictionAdminBody,
  type TRestrictionAdminItem,
  type TRestrictionAdminListQuery,
} from '@stp/shared';
import { eq, isNull, or } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import type { Executor } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { restrictionSnapshot, type RestrictionRecord } from '../restrictions/restriction-versions.js';
import { presentDetail, type RestrictionDetailRow } from '../restrictions/restrictions.presenter.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';

/** The row in the snake_case form the catalogue presenter reads. */
function detailRowOf(row: RestrictionRecord): RestrictionDetailRow {
  return {
    ...restrictionSnapshot(row),
    id: row.id,
    version: row.version,
    archived_at: row.archivedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** Restrictions as the admin screens read them: every field of spec 3 named like the public view. */
export async function presentAdminRestrictions(
  db: Executor,
  rows: RestrictionRecord[],
): Promise<TRestrictionAdminItem[]> {
  const reference = await catalogueReference(db);
  return rows.map((row) => {
    const {
      commitment: _c,
      history: _h,
      updates: _u,
      ...item
    } = presentDetail(detailRowOf(row), { versions: [], updates: [], commitment: null }, reference);
    return item;
  });
}

/**
 * Manage restrictions (spec 2 `/auth/manage/restrictions`, `restrictions.view_restriction`): the
 * contract's list and read; writes go through restrictions-admin.service (versions, access rules).
 */
export const restrictionsAdminResource: AdminResource<
  RestrictionRecord,
  TRestrictionAdminBody,
  TRestrictionAdminItem
> = {
  name: 'restrictions',
  app: 'restrictions',
  model: 'restriction',
  table: restrictions,
  id: restrictions.id,
  archived: restrictions.archived,
  readOnly: true,
  listQuery: ZRestrictionAdminListQuerySchema,
  where: (raw) => {
    const query = raw as TRestrictionAdminListQuery & { q?: string };
    return [
      isNull(restrictions.deletedOn),
      searchAny(query.q, [restrictions.title, restrictions.titleFr]),
      query.country ? eq(restrictions.countryCode, query.country) : undefined,
      query.sector
        ? or(
            eq(restrictions.sectorId, Number(query.sector)),
            eq(restrictions.subSectorId, Number(query.sector)),
            eq(restrictions.specificServiceId, Number(query.sector)),
          )
        : undefined,
      query.status ? eq(restrictions.status, query.status) : undefined,
    ];
  },
  sorts: {
    title: restrictions.title,
    country: restrictions.countryCode,
    status: restrictions.status,
    year_introduced: restrictions.yearIntroduced,
    updated_at: restrictions.updatedAt,
  },
  defaultSort: '-updated_at',
  input: ZRestrictionAdminInputSchema,
  values: () => {
    throw new Error('Restrictions are written by restrictions-admin.service');
  },
  present: presentAdminRestrictions,
};

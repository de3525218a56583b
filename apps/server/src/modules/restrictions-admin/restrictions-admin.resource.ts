import {
  ZRestrictionAdminInputSchema,
  ZRestrictionAdminListQuerySchema,
  type TRestrictionAdminBody,
  type TRestrictionAdminItem,
  type TRestrictionAdminListQuery,
} from '@stp/shared';
import { eq, ilike, isNull, or } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import type { Executor } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import type { RestrictionRecord } from '../restrictions/restriction-versions.js';
import { presentDetail, type RestrictionDetailRow } from '../restrictions/restrictions.presenter.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';

/** The row in the snake_case form the catalogue presenter reads. */
function detailRowOf(row: RestrictionRecord): RestrictionDetailRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    country_code: row.countryCode,
    sector_id: row.sectorId,
    sub_sector_id: row.subSectorId,
    specific_service_id: row.specificServiceId,
    policy_id: row.policyId,
    restriction_type: row.restrictionType,
    market_access: row.marketAccess,
    national_treatment: row.nationalTreatment,
    non_compliance_type: row.nonComplianceType,
    discriminative: row.discriminative,
    measure_type: row.measureType,
    modes_of_supply: row.modesOfSupply,
    restrictiveness_indicator: row.restrictivenessIndicator,
    responsible_agency: row.responsibleAgency,
    commitments_made: row.commitmentsMade,
    other_dates: row.otherDates,
    proposed_removal_year: row.proposedRemovalYear,
    year_removed_or_amended: row.yearRemovedOrAmended,
    year_introduced: row.yearIntroduced,
    text_of_measure: row.textOfMeasure,
    remarks: row.remarks,
    status: row.status,
    version: row.version,
    archived: row.archived,
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
      query.q ? ilike(restrictions.title, `%${query.q}%`) : undefined,
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

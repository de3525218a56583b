import {
  catalogueConfigTexts,
  ZCommitmentAdminListQuerySchema,
  ZCommitmentInputSchema,
  type TCommitmentAdminItem,
  type TCommitmentBody,
} from '@stp/shared';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { containsPattern } from '../../admin/search.js';
import { commitments, countries, sectors } from '../../db/schema/index.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { invalidateRestrictionCaches } from '../restrictions/restriction-cache.js';
import { catalogueNames } from './catalogue-names.js';

type CommitmentRow = typeof commitments.$inferSelect;

const sectorPosition = sql`(select s.sort_order from ${sectors} s where s.id = ${commitments.sectorId})`;
const countryName = sql`(select c.name_en from ${countries} c where c.code = ${commitments.countryCode})`;

/**
 * Commitments (spec 2 `/auth/manage/commitments`, `restrictions.view_commitment`): one per partner
 * state and sector, a pair the database keeps unique (`commitments_country_sector_key`).
 */
export const commitmentsResource: AdminResource<CommitmentRow, TCommitmentBody, TCommitmentAdminItem> = {
  name: 'commitments',
  app: 'restrictions',
  model: 'commitment',
  table: commitments,
  id: commitments.id,
  archived: commitments.archived,
  listQuery: ZCommitmentAdminListQuerySchema,
  where: (query) => {
    const q = typeof query.q === 'string' && query.q ? containsPattern(query.q) : undefined;
    return [
      typeof query.country === 'string' ? eq(commitments.countryCode, query.country) : undefined,
      typeof query.sector === 'number' ? eq(commitments.sectorId, query.sector) : undefined,
      query.committed ? eq(commitments.committedToLiberalise, query.committed === 'yes') : undefined,
      q
        ? or(
            ilike(commitments.details, q),
            inArray(
              commitments.countryCode,
              sql`(select c.code from ${countries} c where c.name_en ilike ${q} or c.name_fr ilike ${q})`,
            ),
            inArray(
              commitments.sectorId,
              sql`(select s.id from ${sectors} s where s.name_en ilike ${q} or s.name_fr ilike ${q} or s.code ilike ${q})`,
            ),
          )
        : undefined,
    ];
  },
  sorts: {
    country: countryName,
    sector: sectorPosition,
    year: commitments.yearCommitted,
    committed: commitments.committedToLiberalise,
    updated_at: commitments.updatedAt,
  },
  defaultSort: 'country',
  input: ZCommitmentInputSchema,
  async values(input, { tx }) {
    const names = await catalogueNames(tx, [input.country], [input.sector]);
    const errors: Record<string, string> = {};
    if (!names.partnerState(input.country)) errors.country = catalogueConfigTexts.partnerState;
    if (!names.sector(input.sector).code) errors.sector = catalogueConfigTexts.sectorUnknown;
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return {
      countryCode: input.country,
      sectorId: input.sector,
      committedToLiberalise: input.committed_to_liberalise,
      yearCommitted: input.year_committed,
      details: input.details,
    };
  },
  async present(db, rows) {
    const names = await catalogueNames(
      db,
      rows.map((row) => row.countryCode),
      rows.map((row) => row.sectorId),
    );
    return rows.map((row) => ({
      id: row.id,
      country: names.country(row.countryCode),
      sector: names.sector(row.sectorId),
      committed_to_liberalise: row.committedToLiberalise,
      year_committed: row.yearCommitted,
      details: row.details,
      archived: row.archived,
      archived_at: row.archivedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  async onDuplicate(db, input) {
    const [existing] = await db
      .select({ id: commitments.id })
      .from(commitments)
      .where(and(eq(commitments.countryCode, input.country), eq(commitments.sectorId, input.sector)));
    const names = await catalogueNames(db, [input.country], [input.sector]);
    const sector = names.sector(input.sector);
    const pair = `${names.country(input.country).name.en} and ${sector.code} ${sector.name.en}`;
    const field = catalogueConfigTexts.commitmentDuplicate;
    return new HttpError(
      409,
      `A commitment for ${pair} already exists (#${existing?.id ?? '?'}). Edit the existing commitment instead.`,
      { sector: field },
      undefined,
      { existing_id: existing?.id ?? null },
    );
  },
  // The public sector pages and the commitments list are cached with the catalogue.
  afterChange: () => invalidateRestrictionCaches(),
};

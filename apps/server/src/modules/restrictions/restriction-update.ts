import type { TRestrictionUpdateBody } from '@stp/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { assertCanEditRestrictions } from './restriction-access.js';
import { restrictionsWritten } from './restriction-cache.js';
import { recordRestrictionChange, type RestrictionRecord } from './restriction-versions.js';

type Columns = Partial<typeof restrictions.$inferInsert>;

/** The body's fields as column values (only the ones sent). */
export function columnsOf(body: TRestrictionUpdateBody): Columns {
  const map: [keyof TRestrictionUpdateBody, keyof Columns][] = [
    ['title', 'title'],
    ['title_fr', 'titleFr'],
    ['country', 'countryCode'],
    ['sector', 'sectorId'],
    ['sub_sector', 'subSectorId'],
    ['specific_service', 'specificServiceId'],
    ['policy', 'policyId'],
    ['restriction_type', 'restrictionType'],
    ['market_access', 'marketAccess'],
    ['national_treatment', 'nationalTreatment'],
    ['non_compliance_type', 'nonComplianceType'],
    ['discriminative', 'discriminative'],
    ['measure_type', 'measureType'],
    ['modes_of_supply', 'modesOfSupply'],
    ['restrictiveness_indicator', 'restrictivenessIndicator'],
    ['responsible_agency', 'responsibleAgency'],
    ['commitments_made', 'commitmentsMade'],
    ['other_dates', 'otherDates'],
    ['proposed_removal_year', 'proposedRemovalYear'],
    ['year_removed_or_amended', 'yearRemovedOrAmended'],
    ['year_introduced', 'yearIntroduced'],
    ['text_of_measure', 'textOfMeasure'],
    ['remarks', 'remarks'],
    ['text_of_measure_fr', 'textOfMeasureFr'],
    ['remarks_fr', 'remarksFr'],
    ['status', 'status'],
  ];
  const columns: Record<string, unknown> = {};
  for (const [field, column] of map) if (body[field] !== undefined) columns[column] = body[field];
  return columns;
}

/** The sector chain and references of the result must exist and nest (sector > sub-sector > service). */
export function checkReferences(next: RestrictionRecord, reference: CatalogueReference): void {
  const errors: Record<string, string> = {};
  if (!reference.countries.get(next.countryCode)?.partnerState) errors.country = 'Select a valid country.';
  const sector = reference.sectors.get(next.sectorId);
  if (!sector || sector.level !== 1) errors.sector = 'Select a valid choice.';
  if (next.subSectorId !== null) {
    const sub = reference.sectors.get(next.subSectorId);
    if (!sub || sub.level !== 2 || sub.parentId !== next.sectorId)
      errors.sub_sector = 'Select a sub-sector of the selected sector.';
  }
  if (next.specificServiceId !== null) {
    const service = reference.sectors.get(next.specificServiceId);
    if (!service || service.level !== 3 || service.parentId !== next.subSectorId)
      errors.specific_service = 'Select a specific service of the selected sub-sector.';
  }
  if (next.policyId !== null && !reference.policies.has(next.policyId))
    errors.policy = 'Select a valid choice.';
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * `PATCH /api/restrictions/{slug}/` and `PUT /api/admin/restrictions/{id}/`: applies the changed fields,
 * bumps the version and writes the version and audit rows, all in one transaction; the edit must be
 * allowed by the restriction access rules for the restriction's country and sector before and after the
 * change. Answers the row as committed (the writer reads it no more: each statement is a round trip
 * that waits its turn when the server is busy).
 */
export async function updateRestriction(
  db: Database,
  which: { slug: string } | { id: number },
  body: TRestrictionUpdateBody,
  principal: Principal,
  ip: string,
): Promise<{ changed: boolean; row: RestrictionRecord }> {
  const reference = await catalogueReference(db);
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(restrictions)
      .where(
        and(
          'slug' in which ? eq(restrictions.slug, which.slug) : eq(restrictions.id, which.id),
          isNull(restrictions.deletedOn),
        ),
      )
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    const countryName = (code: string) => reference.countries.get(code)?.name.en ?? code;
    await assertCanEditRestrictions(
      tx,
      principal,
      current.countryCode,
      current.sectorId,
      countryName(current.countryCode),
    );
    if (body.version !== undefined && body.version !== current.version) {
      throw new HttpError(
        409,
        'This restriction was changed by someone else since you opened it. Reload it and make your change again.',
      );
    }
    const columns = columnsOf(body);
    // Moving a restriction to another sector drops a sub-sector or service that no longer nests.
    if (columns.sectorId !== undefined && columns.sectorId !== current.sectorId) {
      columns.subSectorId ??= null;
      columns.specificServiceId ??= null;
    }
    const next = { ...current, ...columns };
    checkReferences(next, reference);
    if (next.countryCode !== current.countryCode || next.sectorId !== current.sectorId) {
      await assertCanEditRestrictions(
        tx,
        principal,
        next.countryCode,
        next.sectorId,
        countryName(next.countryCode),
      );
    }
    const changedColumns = Object.entries(columns).filter(
      ([key, value]) =>
        JSON.stringify(current[key as keyof RestrictionRecord] ?? null) !== JSON.stringify(value ?? null),
    );
    if (changedColumns.length === 0) return { changed: false, row: current };
    const [saved] = await tx
      .update(restrictions)
      .set({
        ...Object.fromEntries(changedColumns),
        version: sql`${restrictions.version} + 1`,
        updatedById: principal.user.id,
        updatedAt: new Date(),
      })
      .where(eq(restrictions.id, current.id))
      .returning();
    if (!saved) throw notFound();
    await recordRestrictionChange(tx, {
      before: current,
      after: saved,
      changeType: 'updated',
      actorId: principal.user.id,
      ip,
    });
    return { changed: true, row: saved };
  });
  if (result.changed) await restrictionsWritten(db);
  return result;
}

import type { restrictions } from '../../db/schema/index.js';
import { auditLog, restrictionVersions } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type RestrictionRecord = typeof restrictions.$inferSelect;
export type RestrictionSnapshot = Record<string, unknown>;
export type RestrictionChanges = Record<string, { old: unknown; new: unknown }>;
export type RestrictionChangeType = 'created' | 'updated' | 'archived' | 'unarchived';

/** The restriction's fields as a snake_case map: the form stored in version snapshots and the audit log. */
export function restrictionSnapshot(row: RestrictionRecord) {
  return {
    slug: row.slug,
    title: row.title,
    title_fr: row.titleFr,
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
    text_of_measure_fr: row.textOfMeasureFr,
    remarks_fr: row.remarksFr,
    status: row.status,
    archived: row.archived,
  };
}

/** The fields that differ between two snapshots, as {field: {old, new}}. */
export function diffSnapshots(
  before: RestrictionSnapshot | null,
  after: RestrictionSnapshot,
): RestrictionChanges {
  const changes: RestrictionChanges = {};
  if (!before) return changes;
  for (const [field, value] of Object.entries(after)) {
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[field] = { old, new: value ?? null };
  }
  return changes;
}

export interface RecordChangeInput {
  /** The restriction as saved (its `version` is the new version number). */
  after: RestrictionRecord;
  /** The restriction before the change; null when it was just created. */
  before: RestrictionRecord | null;
  changeType: RestrictionChangeType;
  actorId: number | null;
  ip?: string;
}

/**
 * Writes the version row (changed fields with old and new values, full snapshot) and the audit row
 * of a restriction change. Call it inside the change's own transaction so all three land together.
 */
export async function recordRestrictionChange(tx: Executor, input: RecordChangeInput) {
  const afterSnapshot = restrictionSnapshot(input.after);
  const beforeSnapshot = input.before ? restrictionSnapshot(input.before) : null;
  const changes = diffSnapshots(beforeSnapshot, afterSnapshot);
  const [version] = await tx
    .insert(restrictionVersions)
    .values({
      restrictionId: input.after.id,
      version: input.after.version,
      changeType: input.changeType,
      changes,
      snapshot: afterSnapshot,
      changedById: input.actorId,
    })
    .returning();
  await tx.insert(auditLog).values({
    actorId: input.actorId,
    action:
      input.changeType === 'created'
        ? 'create'
        : input.changeType === 'updated'
          ? 'update'
          : input.changeType,
    model: 'restrictions.restriction',
    objectId: String(input.after.id),
    before: beforeSnapshot,
    after: afterSnapshot,
    ip: input.ip ?? '',
  });
  return { version, changes };
}

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

const auditAction = {
  created: 'create',
  updated: 'update',
  archived: 'archived',
  unarchived: 'unarchived',
} as const;

/** The version row and the audit row of a restriction change, as their columns' values. */
export function changeRecords(input: RecordChangeInput) {
  const afterSnapshot = restrictionSnapshot(input.after);
  const beforeSnapshot = input.before ? restrictionSnapshot(input.before) : null;
  const changes = diffSnapshots(beforeSnapshot, afterSnapshot);
  return {
    changes,
    version: {
      restrictionId: input.after.id,
      version: input.after.version,
      changeType: input.changeType,
      changes,
      snapshot: afterSnapshot,
      changedById: input.actorId,
    },
    audit: {
      actorId: input.actorId,
      action: auditAction[input.changeType],
      model: 'restrictions.restriction',
      objectId: String(input.after.id),
      before: beforeSnapshot,
      after: afterSnapshot,
      ip: input.ip ?? '',
    },
  };
}

/** Rows per insert statement: well under the protocol's 65,535 parameters (7 per audit row). */
const rowsPerStatement = 1000;

/**
 * Writes the version rows (changed fields with old and new values, full snapshot) and the audit rows
 * of restriction changes, a statement for each table (per thousand changes). Call it inside the
 * changes' own transaction so the restrictions, their versions and their audit rows land together.
 */
export async function recordRestrictionChanges(tx: Executor, inputs: RecordChangeInput[]): Promise<void> {
  const records = inputs.map(changeRecords);
  for (let start = 0; start < records.length; start += rowsPerStatement) {
    const chunk = records.slice(start, start + rowsPerStatement);
    await tx.insert(restrictionVersions).values(chunk.map((record) => record.version));
    await tx.insert(auditLog).values(chunk.map((record) => record.audit));
  }
}

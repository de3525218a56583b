import type { TRestrictionUpdateBody } from '@stp/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { assertCanEditRestrictions } from './restriction-access.js';
import { restrictionsWritten } from './restriction-cache.js';
import { changeRecords, type RestrictionRecord } from './restriction-versions.js';

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
 * How often an edit reads the row again when another write came between its read and its write. Each
 * round one of the edits racing for the row lands, so this many editors of one row at once all land.
 */
const attemptsOnConcurrentWrites = 10;

/**
 * `PATCH /api/restrictions/{slug}/` and `PUT /api/admin/restrictions/{id}/`: applies the changed fields,
 * bumps the version and writes the version and audit rows; the edit must be allowed by the restriction
 * access rules for the restriction's country and sector before and after the change.
 *
 * The row is read without a lock and written back by one statement (`writeChange`) that changes it only
 * if its version is still the one read: no transaction is held open between round trips, and an edit
 * costs two statements (each waits its turn when the server is busy: issue 35). Another write in between
 * makes the statement change nothing; the edit then reads the row again (a 409 when the body named the
 * version it was made on, as before).
 */
export async function updateRestriction(
  db: Database,
  which: { slug: string } | { id: number },
  body: TRestrictionUpdateBody,
  principal: Principal,
  ip: string,
): Promise<{ changed: boolean; row: RestrictionRecord }> {
  const reference = await catalogueReference(db);
  for (let attempt = 1; ; attempt += 1) {
    const [current] = await db
      .select()
      .from(restrictions)
      .where(
        and(
          'slug' in which ? eq(restrictions.slug, which.slug) : eq(restrictions.id, which.id),
          isNull(restrictions.deletedOn),
        ),
      )
      .limit(1);
    if (!current) throw notFound();
    await assertCanEditRestrictions(db, principal, reference, current);
    if (
      (body.version !== undefined && body.version !== current.version) ||
      attempt > attemptsOnConcurrentWrites
    ) {
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
      await assertCanEditRestrictions(db, principal, reference, next);
    }
    const changed = Object.fromEntries(
      Object.entries(columns).filter(
        ([key, value]) =>
          JSON.stringify(current[key as keyof RestrictionRecord] ?? null) !== JSON.stringify(value ?? null),
      ),
    ) as Columns;
    if (Object.keys(changed).length === 0) return { changed: false, row: current };
    const saved = await writeChange(db, current, changed, principal.user.id, ip);
    if (!saved) continue;
    await restrictionsWritten(db);
    return { changed: true, row: saved };
  }
}

/**
 * One statement: the changed columns, the version bump, the version row and the audit row, written only
 * if the restriction still has the version of `current` (a single statement commits or fails whole).
 * Answers the row as written (`current` with the changes: the condition proves nothing else changed it),
 * or null when another write came first and nothing was written.
 */
async function writeChange(
  db: Database,
  current: RestrictionRecord,
  changed: Columns,
  actorId: number,
  ip: string,
): Promise<RestrictionRecord | null> {
  const after: RestrictionRecord = {
    ...current,
    ...changed,
    version: current.version + 1,
    updatedById: actorId,
    updatedAt: new Date(),
  };
  const { version, audit } = changeRecords({ before: current, after, changeType: 'updated', actorId, ip });
  const update = db
    .update(restrictions)
    .set({ ...changed, version: after.version, updatedById: actorId, updatedAt: after.updatedAt })
    .where(
      and(
        eq(restrictions.id, current.id),
        eq(restrictions.version, current.version),
        isNull(restrictions.deletedOn),
      ),
    )
    .returning({ id: restrictions.id });
  const result = await db.execute(sql`with saved as (${update.getSQL()}),
    version_row as (
      insert into restriction_versions (restriction_id, version, change_type, changes, snapshot, changed_by_id)
      select saved.id, ${version.version}::integer, ${version.changeType}::text,
        ${JSON.stringify(version.changes)}::jsonb, ${JSON.stringify(version.snapshot)}::jsonb,
        ${version.changedById}::integer
      from saved),
    audit_row as (
      insert into audit_log (actor_id, action, model, object_id, before, after, ip)
      select ${audit.actorId}::integer, ${audit.action}::text, ${audit.model}::text, saved.id::text,
        ${JSON.stringify(audit.before)}::jsonb, ${JSON.stringify(audit.after)}::jsonb, ${audit.ip}::text
      from saved)
    select saved.id from saved`);
  return (result as { rows: unknown[] }).rows.length > 0 ? after : null;
}

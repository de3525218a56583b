import {
  slugify,
  type TRestrictionAdminBody,
  type TRestrictionCreateBody,
  type TRestrictionStaffVersion,
} from '@stp/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../admin/audit.js';
import { postgresErrorOf } from '../../admin/db-errors.js';
import type { Principal } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { assertCanEditRestrictions } from '../restrictions/restriction-access.js';
import { restrictionsWritten } from '../restrictions/restriction-cache.js';
import { checkReferences, columnsOf, updateRestriction } from '../restrictions/restriction-update.js';
import {
  recordRestrictionChanges,
  restrictionSnapshot,
  type RestrictionRecord,
} from '../restrictions/restriction-versions.js';
import { loadStaffHistory } from '../restrictions/staff-history.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';

/** Who writes, from where. */
export interface Writer {
  principal: Principal;
  ip: string;
}

/** The body with every optional field given: a change replaces the whole record, left-out fields empty. */
export function withBlanks(body: TRestrictionCreateBody) {
  return {
    sub_sector: null,
    specific_service: null,
    policy: null,
    non_compliance_type: null,
    discriminative: null,
    measure_type: null,
    modes_of_supply: [],
    restrictiveness_indicator: null,
    responsible_agency: '',
    commitments_made: '',
    other_dates: '',
    proposed_removal_year: null,
    year_removed_or_amended: null,
    year_introduced: null,
    text_of_measure: '',
    remarks: '',
    title_fr: null,
    text_of_measure_fr: null,
    remarks_fr: null,
    ...body,
  };
}

/**
 * Unused slugs for new restrictions, in their order: the title's with the country, then `-2`, `-3` …
 * Candidates are looked up a batch at a time through the slug's unique index: one query for a
 * typical import however many rows share a title; a title used thousands of times before takes a few
 * more, each trying twice as many numbers as the last.
 */
async function uniqueSlugs(tx: Executor, rows: { title: string; countryCode: string }[]) {
  const bases = rows.map(
    (row) => `${slugify(row.title).slice(0, 80) || 'restriction'}-${row.countryCode.toLowerCase()}`,
  );
  // Per title base: how many rows want it, the free slugs found so far, the next number to try and
  // how many numbers the next lookup tries at least.
  const wanted = new Map<string, { count: number; free: string[]; next: number; batch: number }>();
  for (const base of bases) {
    const entry = wanted.get(base) ?? { count: 0, free: [], next: 1, batch: 2 };
    entry.count += 1;
    wanted.set(base, entry);
  }
  const slugOf = (base: string, number: number) => (number === 1 ? base : `${base}-${number}`);
  for (;;) {
    const candidates = [...wanted].flatMap(([base, entry]) => {
      const missing = entry.count - entry.free.length;
      if (missing === 0) return [];
      const numbers = Array.from({ length: Math.max(2 * missing, entry.batch) }, (_, i) => entry.next + i);
      entry.next += numbers.length;
      entry.batch = 2 * numbers.length;
      return numbers.map((number) => ({ entry, slug: slugOf(base, number) }));
    });
    if (candidates.length === 0) break;
    const used = await tx
      .select({ slug: restrictions.slug })
      .from(restrictions)
      .where(
        inArray(
          restrictions.slug,
          candidates.map((candidate) => candidate.slug),
        ),
      );
    const taken = new Set(used.map((row) => row.slug));
    for (const { entry, slug } of candidates)
      if (!taken.has(slug) && entry.free.length < entry.count) entry.free.push(slug);
  }
  return bases.map((base) => wanted.get(base)!.free.shift()!);
}

/** The column values of a new restriction; throws 422 when a reference is wrong (sector chain ...). */
export function newRestrictionColumns(body: TRestrictionCreateBody, reference: CatalogueReference) {
  const columns = columnsOf(withBlanks(body));
  checkReferences(columns as RestrictionRecord, reference);
  return columns as typeof restrictions.$inferInsert;
}

/** Restrictions per insert statement: well under the protocol's 65,535 parameters (about 30 a row). */
const restrictionsPerStatement = 500;

/**
 * Inserts checked restrictions with their 'created' versions and audit rows, in the caller's transaction
 * (the access rules must already be checked): a few statements for a thousand rows, not four a row.
 */
export async function insertRestrictionRows(
  tx: Executor,
  rows: (typeof restrictions.$inferInsert)[],
  writer: Writer,
): Promise<RestrictionRecord[]> {
  const slugs = await uniqueSlugs(tx, rows);
  const userId = writer.principal.user.id;
  const values = rows.map((columns, i) => ({
    ...columns,
    slug: slugs[i]!,
    createdById: userId,
    updatedById: userId,
  }));
  const created: RestrictionRecord[] = [];
  for (let start = 0; start < values.length; start += restrictionsPerStatement)
    created.push(
      ...(await tx
        .insert(restrictions)
        .values(values.slice(start, start + restrictionsPerStatement))
        .returning()),
    );
  await recordRestrictionChanges(
    tx,
    created.map((after) => ({ before: null, after, changeType: 'created', actorId: userId, ip: writer.ip })),
  );
  return created;
}

/**
 * Runs the transaction of a create or an import again when a create running beside it committed one of
 * its slugs first (the slug's unique index refused the row; the lookup found it free before that). Each
 * round one of the writers racing for a slug wins, so ten attempts see ten such writers through.
 */
export async function retryingTakenSlugs<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt === 10 || postgresErrorOf(error)?.constraint !== 'restrictions_slug_unique') throw error;
    }
  }
}

/** `POST /api/admin/restrictions/`: a new restriction, allowed by the access rules of its country. */
export async function createRestriction(
  db: Database,
  body: TRestrictionCreateBody,
  writer: Writer,
): Promise<RestrictionRecord> {
  const reference = await catalogueReference(db);
  const columns = newRestrictionColumns(body, reference);
  const row = await retryingTakenSlugs(() =>
    db.transaction(async (tx) => {
      await assertCanEditRestrictions(tx, writer.principal, reference, columns);
      const [created] = await insertRestrictionRows(tx, [columns], writer);
      return created!;
    }),
  );
  await restrictionsWritten(db);
  return row;
}

/** A restriction that is not deleted, locked for the change, or 404. */
async function lockRestriction(tx: Executor, id: number): Promise<RestrictionRecord> {
  const [row] = await tx
    .select()
    .from(restrictions)
    .where(and(eq(restrictions.id, id), isNull(restrictions.deletedOn)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Reads a restriction by id (not deleted), or 404. */
export async function loadRestriction(db: Executor, id: number): Promise<RestrictionRecord> {
  const [row] = await db
    .select()
    .from(restrictions)
    .where(and(eq(restrictions.id, id), isNull(restrictions.deletedOn)));
  if (!row) throw notFound();
  return row;
}

/**
 * `PUT /api/admin/restrictions/{id}/`: the whole record through the catalogue's update (access rules
 * before and after, 409 on a stale `version`, a version and an audit row when something changed).
 */
export async function changeRestriction(
  db: Database,
  id: number,
  body: TRestrictionAdminBody,
  writer: Writer,
): Promise<RestrictionRecord> {
  const { row } = await updateRestriction(db, { id }, withBlanks(body), writer.principal, writer.ip);
  return row;
}

/** Locks the row and checks the writer may edit it, in the change's transaction. */
async function lockEditable(tx: Executor, id: number, writer: Writer) {
  const current = await lockRestriction(tx, id);
  const reference = await catalogueReference(tx);
  await assertCanEditRestrictions(tx, writer.principal, reference, current);
  return current;
}

/** Archive or unarchive: a new version ('archived' / 'unarchived') with its audit row. */
export async function setRestrictionArchived(
  db: Database,
  id: number,
  archived: boolean,
  writer: Writer,
): Promise<RestrictionRecord> {
  const row = await db.transaction(async (tx) => {
    const current = await lockEditable(tx, id, writer);
    if (current.archived === archived) return current;
    const [saved] = await tx
      .update(restrictions)
      .set({
        archived,
        archivedAt: archived ? new Date() : null,
        version: sql`${restrictions.version} + 1`,
        updatedById: writer.principal.user.id,
        updatedAt: new Date(),
      })
      .where(eq(restrictions.id, id))
      .returning();
    if (!saved) throw notFound();
    await recordRestrictionChanges(tx, [
      {
        before: current,
        after: saved,
        changeType: archived ? 'archived' : 'unarchived',
        actorId: writer.principal.user.id,
        ip: writer.ip,
      },
    ]);
    return saved;
  });
  await restrictionsWritten(db);
  return row;
}

/** `DELETE`: the purge of spec 4 (versions and updates go with it); the audit row keeps what it was. */
export async function purgeRestriction(db: Database, id: number, writer: Writer): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockEditable(tx, id, writer);
    await writeAudit(tx, {
      actor: { userId: writer.principal.user.id, ip: writer.ip },
      action: 'delete',
      model: 'restrictions.restriction',
      objectId: id,
      before: restrictionSnapshot(current),
      after: null,
    });
    await tx.delete(restrictions).where(eq(restrictions.id, id));
  });
  await restrictionsWritten(db);
}

/** The history (who, when, old → new per field), newest first: the office and, for staff, the name. */
export async function restrictionHistory(db: Database, id: number): Promise<TRestrictionStaffVersion[]> {
  const row = await loadRestriction(db, id);
  return loadStaffHistory(db, row.id);
}

import type { TComplaintForm } from '@stp/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.js';
import type { Executor, Transaction } from '../../db/client.js';
import {
  complaintAttachments,
  complaints,
  countries,
  restrictions,
  reviewStages,
  sectors,
} from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { queueLodgedMails } from './complaint-notify.js';
import { stageDue } from './stage-due.js';
import { checkUploads, type CheckedFile, type UploadedFile } from './uploads.js';

export type ComplaintRow = typeof complaints.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'storage' | 'outbox' | 'config'>;

/** A complaint to register, from the web form or an SMS. */
export interface NewComplaint {
  form: TComplaintForm;
  channel: 'web' | 'sms';
  /** The client account lodging it (web); null for an SMS from a phone with no account. */
  applicantId?: number | null;
  /** The sender of an SMS complaint. */
  smsPhone?: string | null;
  /** Unchecked uploads: checked here by content (magic bytes), the first refusal fails the whole call. */
  attachments?: readonly UploadedFile[];
}

// One key for the reference counter: pg_advisory_xact_lock serialises numbering across connections.
const referenceLockKey = 727_274_202;

/**
 * The next reference `CMP-<year>-<6-digit running number>`: ONE counter over all years, continuing the
 * demo data. Called under the transaction's advisory lock, so two submissions never get the same one
 * (the unique index on `reference` is the last guard). The greatest number is read, not the greatest
 * string: `CMP-2026-000002` sorts after `CMP-2025-000500`.
 */
async function nextReference(tx: Transaction, now: Date): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${referenceLockKey})`);
  const [last] = await tx
    .select({ number: sql<number | null>`max(substring(${complaints.reference} from '([0-9]+)$')::int)` })
    .from(complaints);
  const number = Number(last?.number ?? 0) + 1;
  return `CMP-${now.getUTCFullYear()}-${String(number).padStart(6, '0')}`;
}

/** The review stages in order with their deadlines. */
export async function loadStages(db: Executor) {
  return db.select().from(reviewStages).orderBy(asc(reviewStages.position));
}

/** The restriction slug and sector id of the form, turned into ids; unknown ones are field errors. */
async function resolveLinks(tx: Executor, form: TComplaintForm) {
  const errors: Record<string, string> = {};
  const [country] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, form.country_code));
  if (!country) errors.country_code = 'Select a valid country.';
  let restrictionId: number | null = null;
  if (form.restriction) {
    const [found] = await tx
      .select({ id: restrictions.id })
      .from(restrictions)
      .where(and(eq(restrictions.slug, form.restriction), isNull(restrictions.deletedOn)));
    if (found) restrictionId = found.id;
    else errors.restriction = 'Select a valid restriction.';
  }
  if (form.sector_id !== undefined) {
    const [found] = await tx.select({ id: sectors.id }).from(sectors).where(eq(sectors.id, form.sector_id));
    if (!found) errors.sector_id = 'Select a valid sector.';
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { restrictionId, sectorId: form.sector_id ?? null };
}

/**
 * Writes checked files to the store and their rows, inside the caller's transaction. The keys written
 * are pushed to `written` as soon as each file exists, so the caller can remove them if the
 * transaction fails: no orphan files, and no complaint without its files. A process killed before
 * the commit leaves its files to the orphan sweep (orphan-files.ts).
 */
export async function storeAttachments(
  tx: Executor,
  storage: FileStorage,
  complaintId: number,
  files: readonly CheckedFile[],
  written: string[],
): Promise<void> {
  const rows = await writeFiles(storage, files, written);
  if (rows.length > 0)
    await tx.insert(complaintAttachments).values(rows.map((row) => ({ ...row, complaintId })));
}

/** Writes checked files to the complaints folder of the store (keys pushed to `written` at once): their row facts. */
export async function writeFiles(storage: FileStorage, files: readonly CheckedFile[], written: string[]) {
  const rows: { storageKey: string; originalName: string; contentType: string; size: number }[] = [];
  for (const file of files) {
    const key = await storage.put('complaints', file.data, file.extension);
    written.push(key);
    rows.push({
      storageKey: key,
      originalName: file.originalName,
      contentType: file.contentType,
      size: file.data.length,
    });
  }
  return rows;
}

/** Removes files of a failed transaction; a failure here is logged, the original error stands. */
export async function removeFiles(storage: FileStorage, keys: readonly string[], log?: FastifyBaseLogger) {
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((error: unknown) => log?.error({ err: error, key }, 'file cleanup failed'));
  }
}

/**
 * Test hook (NODE_ENV=test only): `COMPLAINT_COMMIT_DELAY_MS` holds the transaction open after the
 * files are written, so the crash test kills the server deterministically between write and commit.
 */
async function testCommitDelay(config: Deps['config']) {
  const ms = config.env === 'test' ? Number(process.env.COMPLAINT_COMMIT_DELAY_MS ?? 0) : 0;
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Registers a complaint (web form or SMS): reference, first review stage and its due date, the
 * complaint row and its attachments in ONE transaction, files written before the commit and removed
 * if it fails. The applicant's confirmation and the first stage's reviewers' mails are queued in the
 * same transaction (sent by the delivery worker); `inTransaction` adds the caller's own writes (the
 * SMS intake's reply). Throws 422 HttpErrors for bad links or refused files.
 */
export async function createComplaint(
  deps: Deps,
  input: NewComplaint,
  options: {
    log?: FastifyBaseLogger;
    now?: Date;
    inTransaction?: (tx: Transaction, created: ComplaintRow) => Promise<void>;
  } = {},
): Promise<ComplaintRow> {
  const now = options.now ?? new Date();
  const files = await checkUploads(input.attachments ?? [], deps.config.uploads.maxMb);
  const written: string[] = [];
  let created: ComplaintRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const links = await resolveLinks(tx, input.form);
      const [first] = await loadStages(tx);
      if (!first) throw new Error('No review stages configured');
      const reference = await nextReference(tx, now);
      const [row] = await tx
        .insert(complaints)
        .values({
          reference,
          applicantId: input.applicantId ?? null,
          restrictionType: input.form.restriction_type,
          detailsOfOccurrence: input.form.details_of_occurrence,
          dateOfOccurrence: input.form.date_of_occurrence,
          countryCode: input.form.country_code,
          briefDescription: input.form.brief_description,
          restrictionId: links.restrictionId,
          sectorId: links.sectorId,
          status: 'submitted',
          stage: first.stage,
          stageStartedAt: now,
          ...(await stageDue(tx, first, input.form.country_code, now)),
          source: input.channel,
          smsPhone: input.smsPhone ?? null,
          identityWithheld: input.form.identity_withheld ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('Complaint insert returned nothing');
      await storeAttachments(tx, deps.storage, row.id, files, written);
      await queueLodgedMails(deps, tx, row);
      await options.inTransaction?.(tx, row);
      await testCommitDelay(deps.config);
      return row;
    });
  } catch (error) {
    await removeFiles(deps.storage, written, options.log);
    throw error;
  }
  return created;
}

import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { complaintAttachments, complaintStatementAttachments } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';

/** The store folder of complaint (and complaint answer) attachments. */
export const complaintFilesFolder = 'complaints';
const hourMs = 3_600_000;
const keysPerQuery = 500;

interface SweepDeps {
  db: Database;
  storage: FileStorage;
}

/**
 * Removes the files under the complaints folder that no `complaint_attachments.storage_key` (nor
 * `complaint_statement_attachments.storage_key`) references and that are at least `minAgeSeconds` old: the files of a submission whose process died
 * between writing them and committing (a SIGKILL, a power cut). The age keeps another instance's
 * upload in flight (written, not yet committed) safe. The store is listed BEFORE the rows are read, so
 * a file committed in between is seen as referenced. Returns the removed keys.
 */
export async function sweepOrphanFiles(
  deps: SweepDeps,
  options: { minAgeSeconds: number; now?: Date },
): Promise<string[]> {
  const cutoff = (options.now ?? new Date()).getTime() - options.minAgeSeconds * 1000;
  const candidates = (await deps.storage.list(complaintFilesFolder)).filter(
    (file) => file.modifiedAt.getTime() <= cutoff,
  );
  const complete = candidates.filter((file) => !file.partial).map((file) => file.key);
  const referenced = new Set<string>();
  for (let start = 0; start < complete.length; start += keysPerQuery) {
    const keys = complete.slice(start, start + keysPerQuery);
    // The complaints folder holds the complaints' files and their supporting statements' files.
    const rows = await deps.db
      .select({ key: complaintAttachments.storageKey })
      .from(complaintAttachments)
      .where(inArray(complaintAttachments.storageKey, keys))
      .union(
        deps.db
          .select({ key: complaintStatementAttachments.storageKey })
          .from(complaintStatementAttachments)
          .where(inArray(complaintStatementAttachments.storageKey, keys)),
      );
    for (const row of rows) referenced.add(row.key);
  }
  const removed: string[] = [];
  for (const file of candidates) {
    // A partial file (an interrupted write) is never referenced: the row only names renamed files.
    if (!file.partial && referenced.has(file.key)) continue;
    await deps.storage.delete(file.key);
    removed.push(file.key);
  }
  return removed;
}

/** The logger calls the sweeper makes (Fastify's logger has them). */
export interface SweepLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Sweeps in the background right after start and then every hour (an unref'd timer: it never keeps
 * the process alive); runs never overlap, a failure is logged and the next run tries again. Call the
 * returned function on close.
 */
export function startOrphanFileSweeper(
  deps: SweepDeps,
  options: { minAgeSeconds: number; log: SweepLog; intervalMs?: number },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await sweepOrphanFiles(deps, { minAgeSeconds: options.minAgeSeconds });
      options.log.info({ removed: removed.length }, 'orphan upload sweep done');
    } catch (error) {
      options.log.error({ err: error }, 'orphan upload sweep failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), options.intervalMs ?? hourMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

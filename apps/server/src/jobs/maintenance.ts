import { and, eq, lt } from 'drizzle-orm';
import { purgeExpiredSessions } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { maintenanceRuns, outboxMessages, rateLimitHits, smsMessages } from '../db/schema/index.js';
import { sweepOrphanFiles } from '../modules/complaints/orphan-files.js';
import type { FileStorage } from '../storage/storage.js';
import type { JobQueue, QueueLog } from './queue.js';

export interface MaintenanceSettings {
  /** Cron expressions (minute hour day month weekday, UTC) per task. */
  schedules: Record<MaintenanceTask, string>;
  uploadOrphanAgeSeconds: number;
  smsRetentionDays: number;
  outboxRetentionDays: number;
}

export const maintenanceTasks = ['sessions', 'uploads', 'rate-limits', 'sms-log', 'outbox'] as const;
export type MaintenanceTask = (typeof maintenanceTasks)[number];

interface Deps {
  db: Database;
  storage: FileStorage;
  log: QueueLog;
}

const dayMs = 86_400_000;
const queueOf = (task: MaintenanceTask) => `maintenance-${task}`;

/** What each task removes; each returns how many rows or files went. */
function work(deps: Deps, settings: MaintenanceSettings): Record<MaintenanceTask, () => Promise<number>> {
  const { db } = deps;
  const before = (days: number) => new Date(Date.now() - days * dayMs);
  return {
    sessions: () => purgeExpiredSessions(db),
    uploads: async () =>
      (await sweepOrphanFiles(deps, { minAgeSeconds: settings.uploadOrphanAgeSeconds })).length,
    'rate-limits': async () =>
      (
        await db
          .delete(rateLimitHits)
          .where(lt(rateLimitHits.expiresAt, new Date()))
          .returning({ key: rateLimitHits.key })
      ).length,
    'sms-log': async () =>
      (
        await db
          .delete(smsMessages)
          .where(lt(smsMessages.createdAt, before(settings.smsRetentionDays)))
          .returning({ id: smsMessages.id })
      ).length,
    // Delivered messages go after the retention; failed ones stay until sent again.
    outbox: async () =>
      (
        await db
          .delete(outboxMessages)
          .where(
            and(
              eq(outboxMessages.status, 'sent'),
              lt(outboxMessages.createdAt, before(settings.outboxRetentionDays)),
            ),
          )
          .returning({ id: outboxMessages.id })
      ).length,
  };
}

/** Runs one task now and records its outcome (the scheduled job calls this; tests and `manage` may too). */
export async function runMaintenance(
  deps: Deps,
  settings: MaintenanceSettings,
  task: MaintenanceTask,
): Promise<number> {
  const startedAt = new Date();
  const record = (values: Omit<typeof maintenanceRuns.$inferInsert, 'task' | 'startedAt'>) =>
    deps.db
      .insert(maintenanceRuns)
      .values({ task, startedAt, ...values })
      .onConflictDoUpdate({ target: maintenanceRuns.task, set: { startedAt, ...values } });
  try {
    const removed = await work(deps, settings)[task]();
    await record({ finishedAt: new Date(), outcome: 'ok', removed, error: null });
    if (removed > 0) deps.log.info({ task, removed }, 'maintenance done');
    return removed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record({
      finishedAt: new Date(),
      outcome: 'error',
      removed: 0,
      error: message.slice(0, 1000),
    }).catch(() => undefined);
    deps.log.error({ err: error, task }, 'maintenance failed');
    throw error;
  }
}

/** Each task is a queue with a cron schedule: pg-boss starts one job per due time across all instances. */
export function defineMaintenanceJobs(queue: JobQueue, deps: Deps, settings: MaintenanceSettings): void {
  for (const task of maintenanceTasks) {
    // One attempt: the next scheduled run is the retry.
    queue.define(queueOf(task), { retryLimit: 0, expireInSeconds: 900 }, async () => {
      await runMaintenance(deps, settings, task);
    });
    queue.schedule(queueOf(task), settings.schedules[task]);
  }
}

/** The tasks with their schedule, last run and next due time (`nextRun` reads a cron expression), for the superusers' view. */
export async function maintenanceStatus(
  db: Database,
  settings: MaintenanceSettings,
  nextRun: (schedule: string) => Date | null = () => null,
) {
  const runs = await db.select().from(maintenanceRuns);
  return maintenanceTasks.map((task) => {
    const run = runs.find((row) => row.task === task);
    return {
      task,
      schedule: settings.schedules[task],
      next_run_at: nextRun(settings.schedules[task])?.toISOString() ?? null,
      last_started_at: run?.startedAt.toISOString() ?? null,
      last_finished_at: run?.finishedAt?.toISOString() ?? null,
      outcome: run?.outcome ?? null,
      removed: run?.removed ?? 0,
      error: run?.error ?? null,
    };
  });
}

import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type DrizzleTransactionLike,
  type JobResult,
  type JobWithMetadata,
  type Queue,
} from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client.js';
import { runWithLogContext } from '../lib/log-context.js';

/** What a handler learns of its job: the data, and whether this is the last attempt pg-boss will make. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** Attempts made before this one. */
  retryCount: number;
  /** True when a failure now fails the job for good (kept as failed, no more retries). */
  lastAttempt: boolean;
}

export type JobHandler<T> = (run: JobRun<T>) => Promise<void>;

interface Definition {
  options: Omit<Queue, 'name'>;
  handler: JobHandler<unknown>;
  concurrency: number;
}

export interface QueueLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  /** How often pg-boss checks for expired active jobs (a worker that died while sending), in seconds. */
  superviseSeconds: number;
  log: QueueLog;
}

/**
 * The portal's job queue: pg-boss in the portal's own database (docs/decisions.md, "Job queue").
 * PostgreSQL: pg-boss's own small pool, several instances share the work (each job is fetched by one,
 * `SKIP LOCKED`). PGlite: pg-boss runs on the embedded database's single connection in this process.
 * Jobs are enqueued through the caller's drizzle transaction, so a job exists exactly when the change
 * that caused it committed.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private readonly schedules = new Map<string, string>();
  /** Attempts run by this process per queue, by outcome (`/metrics`). */
  readonly outcomes = new Map<string, { completed: number; failed: number }>();
  private started: Promise<void> | null = null;
  private stopped = false;

  constructor(
    handle: Pick<DatabaseHandle, 'kind' | 'pglite' | 'url'>,
    private readonly options: JobQueueOptions,
  ) {
    const common = {
      schema: 'pgboss',
      superviseIntervalSeconds: options.superviseSeconds,
      monitorIntervalSeconds: options.superviseSeconds,
      useListenNotify: true,
      // The portal's own tables hold what people look at; pg-boss's registry and statistics are not needed.
      persistWarnings: false,
    } as const;
    this.boss =
      handle.kind === 'pglite' && handle.pglite
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.url, max: 3, application_name: 'stp-queue' });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a queue and its handler; call before `start()`. */
  define<T>(name: string, options: Omit<Queue, 'name'>, handler: JobHandler<T>, concurrency = 1): void {
    this.definitions.set(name, { options, handler: handler as JobHandler<unknown>, concurrency });
  }

  /** Runs a job of queue `name` at each time of `cron` (UTC), once across all instances; call before `start()`. */
  schedule(name: string, cron: string): void {
    this.schedules.set(name, cron);
  }

  /** Installs or migrates pg-boss's schema, creates the queues with their current options, starts the workers. */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  private async run() {
    await this.boss.start();
    const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name));
    for (const [name, definition] of this.definitions) {
      const notify = { ...definition.options, notify: true };
      // Settings follow the configuration on every start (a changed retry limit applies to new jobs).
      if (existing.has(name)) await this.boss.updateQueue(name, notify);
      else
        await this.boss.createQueue(name, notify).catch(async (error: unknown) => {
          // Another instance created it between our read and our create.
          if (!(await this.boss.getQueue(name))) throw error;
        });
      if (this.stopped) return;
      await this.boss.work(
        name,
        {
          includeMetadata: true,
          // Each job of a batch succeeds or fails (and is retried) on its own.
          perJobResults: true,
          batchSize: definition.concurrency,
          // A full batch means more are waiting: fetch again at once instead of after the poll.
          burstWhenBatchFull: true,
          // New jobs wake the worker through NOTIFY; the polls find retries that came due.
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 5,
        },
        (jobs: JobWithMetadata<unknown>[]) =>
          Promise.all(
            // Every line a handler logs carries its job's id and queue.
            jobs.map((job) =>
              runWithLogContext({ jobId: job.id, queue: name }, () => this.runJob(name, definition, job)),
            ),
          ),
      );
    }
    for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  private async runJob(
    name: string,
    definition: Definition,
    job: JobWithMetadata<unknown>,
  ): Promise<JobResult> {
    let counts = this.outcomes.get(name);
    if (!counts) this.outcomes.set(name, (counts = { completed: 0, failed: 0 }));
    try {
      await definition.handler(runOf(job));
      counts.completed += 1;
      return { id: job.id, status: 'completed' };
    } catch (error) {
      counts.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      return { id: job.id, status: 'failed', output: { message } };
    }
  }

  /** Enqueues a job inside `executor`'s transaction (or on its own when given the database). */
  async send<T extends object>(
    executor: Executor,
    name: string,
    data: T,
    options: { startAfter?: Date; singletonKey?: string } = {},
  ): Promise<string | null> {
    // The common driver type's `execute` result is `unknown`; both drivers answer `{ rows }`.
    const tx = executor as unknown as DrizzleTransactionLike;
    return this.boss.send(name, data, { ...options, db: fromDrizzle(tx, sql) });
  }

  /** Stops fetching, waits up to `timeoutMs` for running jobs, closes pg-boss's connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true }).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'job queue did not stop cleanly');
    });
  }
}

/**
 * Installs or migrates pg-boss's schema (`pgboss`) with the portal's own migrations (`manage migrate`,
 * and every start): pg-boss's own versioned migrations, under its advisory lock.
 */
export async function migrateQueueSchema(handle: Pick<DatabaseHandle, 'kind' | 'pglite' | 'url'>) {
  const options = { schema: 'pgboss', supervise: false, schedule: false, persistWarnings: false } as const;
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({ ...options, db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({ ...options, connectionString: handle.url, max: 1, application_name: 'stp-migrate' });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

function runOf(job: JobWithMetadata<unknown>): JobRun<unknown> {
  return {
    id: job.id,
    data: job.data,
    retryCount: job.retryCount,
    lastAttempt: job.retryCount >= job.retryLimit,
  };
}

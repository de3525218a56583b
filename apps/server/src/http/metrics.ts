import cluster from 'node:cluster';
import { once } from 'node:events';
import type http from 'node:http';
import client, { Counter, Gauge, Registry } from '@prometheus-io/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import type { DatabaseHandle } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { access } from '../auth/access.js';
import { clusterScrape } from './cluster-metrics.js';
import { metricsListener, scrapeAuthorised, type MetricsSettings } from './metrics-endpoint.js';

/** What `/metrics` reports on besides the HTTP requests and the process. */
export interface MetricsSources {
  database: Pick<DatabaseHandle, 'kind' | 'pool'>;
  queue: JobQueue;
}

// Request durations in seconds: the catalogue answers in a few ms, an export or an upload in seconds.
// A CommonJS module whose plugin is its `default` export: Node's ESM import hands over the whole module.
const fastifyMetrics = fastifyMetricsModule.default;

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Queue counts come from one query (pg-boss's queue table); scrapes within this time share its answer.
const queueStatsTtlMs = 5_000;

/** The database pool's and the job queue's gauges, read at each scrape (the queue's at most every 5 s). */
function registerSourceMetrics(registry: Registry, sources: MetricsSources, log: FastifyInstance['log']) {
  const { database, queue } = sources;
  new Gauge({
    name: 'stp_db_pool_connections',
    help: 'Database connections by state (PGlite: one connection in the process, its state unknown)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) {
        this.set({ state: 'total' }, 1);
        this.set({ state: 'max' }, 1);
        return;
      }
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'stp_db_pool_waiting_requests',
    help: 'Queries waiting for a free database connection (PostgreSQL pool)',
    registers: [registry],
    collect() {
      if (database.pool) this.set(database.pool.waitingCount);
    },
  });

  let cached: { at: number; stats: Promise<Awaited<ReturnType<JobQueue['boss']['getQueues']>>> } | null =
    null;
  new Gauge({
    name: 'stp_job_queue_jobs',
    help: "Jobs in each queue by state, as of pg-boss's last monitor pass (QUEUE_SUPERVISE_SECONDS)",
    labelNames: ['queue', 'state'],
    registers: [registry],
    // Every worker reads the same table: with WORKERS > 1 one worker's figures stand for all.
    aggregator: 'first',
    async collect() {
      if (!cached || Date.now() - cached.at > queueStatsTtlMs)
        cached = { at: Date.now(), stats: queue.boss.getQueues() };
      try {
        for (const row of await cached.stats) {
          this.set({ queue: row.name, state: 'ready' }, row.readyCount);
          this.set({ queue: row.name, state: 'deferred' }, row.deferredCount);
          this.set({ queue: row.name, state: 'active' }, row.activeCount);
          this.set({ queue: row.name, state: 'failed' }, row.failedCount);
        }
      } catch (error) {
        // The queue not started yet, or the database away: the last values stay, the scrape answers.
        cached = null;
        log.debug({ err: error }, 'job queue statistics unavailable');
      }
    },
  });
  new Counter({
    name: 'stp_job_runs_total',
    help: 'Job attempts run by this process, by queue and outcome (a failed attempt may be retried)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, counts] of queue.outcomes) {
        this.inc({ queue: name, outcome: 'completed' }, counts.completed);
        this.inc({ queue: name, outcome: 'failed' }, counts.failed);
      }
    },
  });
}

/**
 * Prometheus metrics (fastify-metrics on @prometheus-io/client, a registry per app): request count and
 * duration by route pattern, the process's default metrics (event-loop lag among them), the database
 * pool and the job queue. Served at `/metrics` with a bearer token, and/or on a port of its own.
 */
export async function registerMetrics(
  app: FastifyInstance,
  settings: MetricsSettings,
  sources: MetricsSources,
): Promise<void> {
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    promClient: client,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // Every request counts; one without a route (a 404 from the not-found handler) under one label.
      registeredRoutesOnly: false,
      invalidRouteGroup: 'unmatched',
      routeBlacklist: ['/metrics'],
      overrides: {
        histogram: { buckets: durationBuckets, registers: [registry] },
        summary: { registers: [registry] },
      },
    },
  });
  registerSourceMetrics(registry, sources, app.log);

  // With WORKERS > 1 the primary sums every worker's metrics, and owns METRICS_PORT (cluster-metrics.ts).
  const scrape = cluster.isWorker
    ? clusterScrape(registry)
    : async () => ({ body: await registry.metrics(), type: registry.contentType });

  if (settings.token !== '')
    app.get(
      '/metrics',
      { config: { access: access.public() }, logLevel: 'warn' },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!scrapeAuthorised(settings, request.headers.authorization))
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer realm="metrics"')
            .header('Cache-Control', 'no-store')
            .send({ detail: 'A valid metrics token is required.' });
        const { body, type } = await scrape();
        return reply.header('Cache-Control', 'no-store').type(type).send(body);
      },
    );

  if (settings.port === null || cluster.isWorker) return;
  const server = metricsListener(settings, scrape, (error) =>
    app.log.error({ err: error }, 'metrics scrape failed'),
  );
  app.addHook('onReady', async () => {
    server.listen(settings.port ?? 0, settings.host);
    await once(server, 'listening');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  app.decorate('metricsServer', server);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate `/metrics` listener when METRICS_PORT is set (tests read its address). */
    metricsServer?: http.Server;
  }
}

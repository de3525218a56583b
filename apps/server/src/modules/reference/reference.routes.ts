import { apiPaths } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';
import { access } from '../../auth/access.js';
import { memoize, type Memoized } from '../../lib/memoize.js';
import { loadConstants, loadSectorList } from './reference.service.js';

// Every visit makes these calls; the lists change only through the admin, so 30 s of staleness per
// instance is acceptable.
const cacheTtlMs = 30_000;
const sectorLists = new WeakMap<object, Memoized<string>>();
// Below the usual probe interval and time-out of load balancers (5 s): an answer, not a hung probe.
const readinessTimeoutMs = 2_000;

/** Forgets the cached sector list of this database (after an admin change to sectors). */
export function clearSectorList(db: object): void {
  sectorLists.get(db)?.clear();
}

/** The startup calls of spec 7 (constants with the upload limit, sectors) and the health check. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const limits = { uploadMaxMb: config.uploads.maxMb };
  const constants = memoize(cacheTtlMs, async () => JSON.stringify(await loadConstants(db, limits)));
  const sectors = memoize(cacheTtlMs, async () => JSON.stringify(await loadSectorList(db)));
  sectorLists.set(db, sectors);

  // Both lists are kept as ready JSON text: a cached answer costs no query and no serialisation.
  for (const [path, list] of [
    [apiPaths.constants, constants],
    [apiPaths.allSectors, sectors],
  ] as const) {
    app.get(
      path,
      { config: { access: access.public() }, schema: { tags: ['reference'] } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60').type('application/json; charset=utf-8');
        return reply.send(await list.get());
      },
    );
  }

  app.get(
    apiPaths.health,
    { config: { access: access.public(), rateLimit: false }, schema: { tags: ['reference'] } },
    async (_request, reply) => {
      await db.execute(sql`select 1`);
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok', database: app.deps.dbKind };
    },
  );

  // The load balancer's probes (docs/operations.md, "Health checks"). Liveness touches nothing shared:
  // a database outage must take instances out of rotation, not restart them (they recover on their own).
  app.get(
    apiPaths.healthLive,
    { config: { access: access.public(), rateLimit: false }, schema: { tags: ['reference'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' };
    },
  );
  app.get(
    apiPaths.healthReady,
    { config: { access: access.public(), rateLimit: false }, schema: { tags: ['reference'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (await databaseAnswers(db)) return { status: 'ok', database: app.deps.dbKind };
      return reply.status(503).send({ status: 'unavailable', database: app.deps.dbKind });
    },
  );
};

/** Whether `select 1` comes back within the probe's time (a hung database is not ready either). */
async function databaseAnswers(db: AppDeps['db'], timeoutMs = readinessTimeoutMs): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

import { apiPaths } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { memoize, type Memoized } from '../../lib/memoize.js';
import { loadConstants, loadSectorList } from './reference.service.js';

// Every visit makes these calls; the lists change only through the admin, so 30 s of staleness per
// instance is acceptable.
const cacheTtlMs = 30_000;
const sectorLists = new WeakMap<object, Memoized<string>>();

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
};

import { insightsApiPaths } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { memoize, type Memoized } from '../../lib/memoize.js';
import { loadHome } from './home.service.js';

// Every visit of the portal's front page asks for this; a minute-old figure is fine for visitors.
const cacheTtlMs = 30_000;
const caches = new WeakMap<object, Memoized<string>>();

/** Drops the cached home answer of a database: admin changes to what it shows appear at once. */
export function clearHomeCache(db: object): void {
  caches.get(db)?.clear();
}

/** `GET /api/home/`: the home page's figures, featured insights, latest notifications and entry points. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const home = memoize(cacheTtlMs, async () => JSON.stringify(await loadHome(db)));
  caches.set(db, home);

  app.get(
    insightsApiPaths.home,
    { config: { access: access.public() }, schema: { tags: ['home'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60').type('application/json; charset=utf-8');
      return reply.send(await home.get());
    },
  );
};

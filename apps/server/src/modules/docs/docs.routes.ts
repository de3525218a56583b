import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { docsPage } from './docs-page.js';

/**
 * The OpenAPI document of every API route, generated from the route schemas: JSON at
 * `/api/docs/openapi.json`, and at `/api/docs/` as JSON for API clients or as a plain HTML listing of
 * the operations for a browser (no script, so the strict CSP holds).
 */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/docs/openapi.json', { config: { access: access.public() }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  app.get(
    '/docs/',
    { config: { access: access.public() }, schema: { hide: true } },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      const format = (request.query as { format?: string }).format;
      if (format === 'json' || !accept.includes('text/html')) return app.swagger();
      return reply.type('text/html; charset=utf-8').send(docsPage(app.swagger()));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';

/** The OpenAPI document of every API route, generated from the route schemas. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/docs/openapi.json', { config: { access: access.public() }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};

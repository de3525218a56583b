import fastifyStatic from '@fastify/static';
import { isScreenPath, messages } from '@stp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfFor } from '../auth/auth.plugin.js';
import { access } from '../auth/access.js';
import { HttpError } from '../http/errors.js';
import { HostPage } from './host-page.js';
import { preloadsFor } from './preloads.js';

/** The single-page app: hashed assets under /static/, the host page for every other GET path. */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const { config, tokens } = app.deps;
  const hostPage = new HostPage(config.webDistDir);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/static/',
    index: false,
    wildcard: true,
    // The raw index.html lacks the csrf value and token: it is served only as the host page. Source
    // maps (the app's whole source) are never served: the build writes them for local profiling only.
    allowedPath: (pathName) => !pathName.endsWith('index.html') && !/\.map$/i.test(pathName),
    decorateReply: false,
    // The build writes .br and .gz beside scripts and styles (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(response, filePath) {
      // Vite names assets by content hash: they never change under the same name.
      if (filePath.includes('/assets/'))
        response.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ detail: messages.notFoundApi }));

  // Unknown API paths answer JSON, never the host page.
  app.all('/api/*', { config: { access: access.public() } }, async () => {
    throw new HttpError(404, messages.notFoundApi);
  });

  const renderHostPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { principal, session } = request;
    const token =
      principal && session
        ? await tokens.sign({ userId: principal.user.id, sessionHash: session.idHash })
        : null;
    // A path no screen matches gets the not-found screen with a 404, so broken links show as broken.
    const pathName = request.url.split('?', 1)[0] ?? '/';
    reply
      .code(isScreenPath(pathName) ? 200 : 404)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8');
    const preloads = preloadsFor(request.url, token !== null);
    const theme = token && principal ? (principal.user.darkMode ? 'dark' : 'light') : null;
    return reply.send(hostPage.render({ csrf: csrfFor(request, reply), token, theme }, preloads));
  };

  // The host page authenticates like an API route (it embeds the token) but is no API route.
  app.get('/', { config: { access: access.public() } }, renderHostPage);
  app.get('/*', { config: { access: access.public() } }, renderHostPage);
}

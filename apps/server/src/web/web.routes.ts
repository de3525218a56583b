import fastifyStatic from '@fastify/static';
import { messages, screenOf, serverRenderedScreens } from '@stp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfFor } from '../auth/auth.plugin.js';
import { access } from '../auth/access.js';
import { HttpError } from '../http/errors.js';
import { HostPage, type ServerRenderedPage } from './host-page.js';
import { PageRenderer } from './page-renderer.js';
import { everyScreen, preloadsFor } from './preloads.js';
import { renderFetch } from './render-fetch.js';
import { headTags, publicPaths, robotsTxt, siteNames, sitemapXml } from './seo.js';
import { visitorPreferences } from './visitor-preferences.js';

/** How long after the listen the server entry is loaded when no page asked for it first. */
const warmUpDelayMs = 2_000;

/** The single-page app: hashed assets under /static/, the host page for every other GET path. */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const { config, tokens } = app.deps;
  const hostPage = new HostPage(config.webDistDir);
  const pageRenderer = new PageRenderer(config.webServerEntry, app.log);

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
    const screen = screenOf(pathName);
    const preloads = preloadsFor(request.url, token !== null);
    const theme = token && principal ? (principal.user.darkMode ? 'dark' : 'light') : null;
    const csrf = csrfFor(request, reply);
    // A visitor's public screens (and an unknown public path's not-found screen) come rendered by the
    // server; signed-in users and the other screens get the page the browser renders alone.
    const serverRendered =
      token === null && (screen ? serverRenderedScreens.has(screen) : !/^\/auth(\/|$)/i.test(pathName));
    const page = serverRendered ? await renderPublicPage(request) : null;
    reply
      .code(page ? page.rendered.status : screen ? 200 : 404)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8');
    if (page) {
      // The page is in the language and theme these ask for (a shared cache must not mix them up).
      reply.header('Vary', 'Accept-Language, Cookie');
      // Its data is in the page: only the startup calls are worth fetching early.
      preloads.fetches = preloads.fetches.filter((href) => everyScreen.includes(href));
    }
    return reply.send(hostPage.render({ csrf, token, theme }, preloads, page));
  };

  const apiFetch = renderFetch(app);
  // The server entry is loaded, and the home page rendered once, a little after the server listens:
  // loading it (1.5 MB of module, about 0.6 s of CPU) held the start before the listen completed, and
  // right after the listen it held the first answers (issue 35; docs/decisions.md, "Server rendering at
  // the start"). A page asked for before then loads it and waits for it, as the first render did.
  // Its reads are in-process requests the HTTP server does not wait for on a stop: the stop waits for
  // the render, so no read of it finds the database closed (browse-clean-stop.test.ts).
  let warmUp: Promise<unknown> = Promise.resolve();
  let closing = false;
  let cancelWarmUp = () => undefined as void;
  app.addHook('onListen', async () => {
    warmUp = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, warmUpDelayMs);
      cancelWarmUp = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(() =>
        closing
          ? undefined
          : pageRenderer.render(
              '/',
              { locale: 'en', theme: 'light', timeZone: 'UTC', localeInUrl: false },
              apiFetch,
            ),
      )
      .catch(() => undefined);
  });
  app.addHook('preClose', async () => {
    closing = true;
    cancelWarmUp();
    pageRenderer.stopping();
  });
  app.addHook('onClose', async () => {
    await warmUp;
  });
  const renderPublicPage = async (request: FastifyRequest): Promise<ServerRenderedPage | null> => {
    const visitor = visitorPreferences(request);
    const rendered = await pageRenderer.render(request.url, visitor, apiFetch);
    if (!rendered) return null;
    const meta = {
      publicUrl: config.publicUrl,
      url: request.url,
      locale: visitor.locale,
      title: rendered.title,
      description: rendered.description,
      siteName: siteNames[visitor.locale],
      status: rendered.status,
      feed: rendered.feed,
    };
    return { rendered, lang: visitor.locale === 'fr' ? 'fr' : 'en-GB', headTags: headTags(meta) };
  };

  // Search engines: every public page in both languages, and what not to crawl.
  app.get('/sitemap.xml', { config: { access: access.public() } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(config.publicUrl, await publicPaths(app.deps.db))),
  );
  app.get('/robots.txt', { config: { access: access.public() } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(config.publicUrl)),
  );

  // The host page authenticates like an API route (it embeds the token) but is no API route.
  app.get('/', { config: { access: access.public() } }, renderHostPage);
  app.get('/*', { config: { access: access.public() } }, renderHostPage);
}

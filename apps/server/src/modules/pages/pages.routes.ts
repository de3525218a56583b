import { ZLangQuerySchema, ZSlugParamsSchema, maxRecordId } from '@stp/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { presentPage } from './pages.presenter.js';
import { findPublishedPage } from './pages.service.js';

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

const ZSlideParamsSchema = ZSlugParamsSchema.extend({
  slideId: z.coerce
    .number()
    .int()
    .positive('Select a valid slide.')
    .max(maxRecordId, 'Select a valid slide.'),
});

/** The public read side of content pages: the page in one language, its banner and its slides. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const tags = ['pages'];

  app.get(
    '/pages/:slug/',
    {
      config: { access: access.public() },
      schema: { tags, params: ZSlugParamsSchema, querystring: ZLangQuerySchema },
    },
    async (request) => {
      const found = await findPublishedPage(db, request.params.slug);
      if (!found) throw notFound();
      return presentPage(found, request.query.lang);
    },
  );

  /** Streams an image of the file store with a long cache (its address carries the template's version). */
  async function sendImage(reply: FastifyReply, key: string) {
    const extension = key.split('.').pop() ?? '';
    const type = imageTypes[extension];
    if (!type) throw notFound();
    const size = await storage.size(key);
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Length', size)
      // An SVG opened on its own must not run anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(type);
    return reply.send(await storage.read(key));
  }

  app.get(
    '/pages/:slug/banner/',
    { config: { access: access.public() }, schema: { tags, params: ZSlugParamsSchema } },
    async (request, reply) => {
      const found = await findPublishedPage(db, request.params.slug);
      if (!found?.template.bannerKey) throw notFound();
      return sendImage(reply, found.template.bannerKey);
    },
  );

  app.get(
    '/pages/:slug/slides/:slideId/',
    { config: { access: access.public() }, schema: { tags, params: ZSlideParamsSchema } },
    async (request, reply) => {
      const found = await findPublishedPage(db, request.params.slug);
      const slide = found?.slides.find((s) => s.id === request.params.slideId);
      if (!slide) throw notFound();
      return sendImage(reply, slide.imageKey);
    },
  );
};

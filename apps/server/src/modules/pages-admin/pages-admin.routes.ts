import {
  adminPagesApiPaths,
  pageImageMaxMb,
  ZPageImageQuerySchema,
  type TPageImageUpload,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { acceptMultipartUploads, ZAttachmentsField } from '../complaints/uploads.js';
import { checkPageImage, pageImageFolder, pageImageType, sweepUnsavedImages } from './page-images.js';
import { staffImageUrl } from './pages-admin.presenter.js';
import { pageTemplatesResource } from './pages-admin.resource.js';

const tags = ['admin'];

/** Page image uploads and reads: their own scope, for the multipart parser with the image size limit. */
const pageImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const maxMb = Math.min(pageImageMaxMb, config.uploads.maxMb);
  acceptMultipartUploads(app, maxMb);

  app.post(
    adminPagesApiPaths.images,
    {
      config: { access: access.anyPermission('core.add_pagetemplate', 'core.change_pagetemplate') },
      schema: {
        tags,
        summary: 'Upload a page image (multipart, the file under `attachments`): banner or slide',
        body: z.object({ attachments: ZAttachmentsField }),
      },
    },
    async (request, reply): Promise<TPageImageUpload> => {
      const image = await checkPageImage(request.body.attachments[0], maxMb);
      // Uploads never saved into a template are removed after a day, by the next upload.
      await sweepUnsavedImages(db, storage).catch((error: unknown) =>
        request.log.warn({ err: error }, 'page image sweep failed'),
      );
      const key = await storage.put(pageImageFolder, image.data, image.extension);
      reply.status(201);
      return { key, url: staffImageUrl(key), content_type: image.contentType, size: image.data.length };
    },
  );

  app.get(
    adminPagesApiPaths.images,
    {
      // Template images for the public site, kept a day by the browser: nothing about a person.
      config: { access: access.permission('core.view_pagetemplate'), personalData: false },
      schema: {
        tags,
        summary: 'A page image by its key (staff preview)',
        querystring: ZPageImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { key } = request.query;
      const type = pageImageType(key);
      if (!type) throw notFound();
      const size = await storage.size(key).catch(() => {
        throw notFound();
      });
      reply
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Length', size)
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(type);
      return reply.send(await storage.read(key));
    },
  );
};

/** Staff administration of page templates and their pages, and the images they show. */
export const pagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(pageImageRoutes);
  await app.register(adminResourceRoutes(pageTemplatesResource(app.deps.storage)));
};

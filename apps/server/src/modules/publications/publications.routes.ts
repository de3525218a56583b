import {
  contentApiPaths,
  ZPublicationFileQuerySchema,
  ZPublicationListQuerySchema,
  ZSlugParamsSchema,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { presentPublication, presentPublicationDetail } from './publications.presenter.js';
import { findPublication, listPublications } from './publications.service.js';

/** A Content-Disposition value (RFC 6266): an ASCII fallback name and the UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The policy of a served PDF (docs/security.md, "Publication PDFs"); inline styles for the viewer's page. */
const pdfPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The public publications (spec 2 `/public/publication/{slug}`, with PDF download). */
export const publicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const tags = ['publications'];

  app.get(
    contentApiPaths.publications,
    { config: { access: access.public() }, schema: { tags, querystring: ZPublicationListQuerySchema } },
    async (request) => (await listPublications(db, request.query)).map(presentPublication),
  );

  app.get(
    '/publications/:slug/',
    { config: { access: access.public() }, schema: { tags, params: ZSlugParamsSchema } },
    async (request) => {
      const row = await findPublication(db, request.params.slug);
      if (!row) throw notFound();
      return presentPublicationDetail(row);
    },
  );

  app.get(
    '/publications/:slug/file/',
    {
      config: { access: access.public() },
      schema: { tags, params: ZSlugParamsSchema, querystring: ZPublicationFileQuerySchema },
    },
    async (request, reply) => {
      const row = await findPublication(db, request.params.slug);
      if (!row) throw notFound();
      const size = await storage.size(row.fileKey);
      const stream = await storage.read(row.fileKey);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      // The portal's own pages show the PDF in a frame: this answer alone may be framed by the same
      // origin (the app's policy says frame-ancestors 'none'). `sandbox`: whatever the file holds runs
      // in a unique origin with no scripts, forms or requests of the portal's; Chromium's PDF viewer
      // shows it all the same (checked in Chromium 156, at the top level and in the portal's frame).
      reply
        .header('Content-Security-Policy', pdfPolicy)
        .header('X-Frame-Options', 'SAMEORIGIN')
        .header('Content-Disposition', contentDisposition(disposition, row.fileName))
        .header('Content-Length', size)
        .header('Cache-Control', 'public, max-age=300')
        .type(row.contentType);
      return reply.send(stream);
    },
  );
};

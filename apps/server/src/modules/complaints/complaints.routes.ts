import {
  complaintApiPaths,
  ZComplaintAttachmentParamsSchema,
  ZComplaintFormSchema,
  ZComplaintReferenceParamsSchema,
  ZComplaintResponseSchema,
  ZComplaintSlugParamsSchema,
  ZPublicComplaintListQuerySchema,
  type TComplaintCreated,
} from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { complaintAttachments } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { paginated } from '../../http/pagination.js';
import { respondToRequest } from '../complaint-reviews/complaint-reviews.service.js';
import { clientOnly, mustLogIn, principalOf } from './applicant-guards.js';
import { canSeeComplaint } from './complaint-access.js';
import { findBySlug } from './complaint-queries.js';
import { createComplaint } from './complaints.service.js';
import { detailFor } from './complaint-detail.js';
import { confidentialityRoutes } from './confidentiality.routes.js';
import { duplicatesRoutes } from './duplicates.routes.js';
import { findPublicComplaint, listPublic } from './public-record.js';
import { acceptMultipartUploads, attachmentDisposition, ZAttachmentsField } from './uploads.js';

const tags = ['complaints'];

/** The public and applicant side of complaints: lodge, public list, detail, answer, downloads. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  acceptMultipartUploads(app, deps.config.uploads.maxMb);
  confidentialityRoutes(app);
  duplicatesRoutes(app);

  app.post(
    complaintApiPaths.lodge,
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary: 'Lodge a complaint (multipart: the form fields and files under `attachments`)',
        consumes: ['multipart/form-data', 'application/json'],
        body: ZComplaintFormSchema.extend({ attachments: ZAttachmentsField }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { attachments, ...form } = request.body;
      const created = await createComplaint(
        deps,
        { form, channel: 'web', applicantId: principal.user.id, attachments },
        { log: request.log },
      );
      const body: TComplaintCreated = {
        reference: created.reference,
        slug: created.slug,
        detail: `Your complaint was registered under the reference number ${created.reference}.`,
      };
      return reply.status(201).send(body);
    },
  );

  app.get(
    complaintApiPaths.publicList,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          "Public list of complaints: reviewed summaries, country, sector, dates and outcome (never the applicant's text)",
        querystring: ZPublicComplaintListQuerySchema,
      },
    },
    async (request) => {
      const { rows, count } = await listPublic(deps.db, request.query);
      return paginated(rows, count, request.query);
    },
  );

  app.get(
    '/complaints/public/:reference/',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'One complaint of the public list, by reference, with its stage dates (no personal data)',
        params: ZComplaintReferenceParamsSchema,
      },
    },
    async (request) => {
      const complaint = await findPublicComplaint(deps.db, request.params.reference);
      if (!complaint) throw notFound();
      return complaint;
    },
  );

  app.get(
    '/complaints/:slug/',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'One complaint (applicant, reviewers, superusers)',
        params: ZComplaintSlugParamsSchema,
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const row = await findBySlug(deps.db, request.params.slug);
      if (!row || !canSeeComplaint(principal, row)) throw notFound();
      return detailFor(deps.db, principal, row);
    },
  );

  app.post(
    '/complaints/:slug/respond/',
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary: "The applicant's answer to a request for information (multipart: `message`, `attachments`)",
        consumes: ['multipart/form-data', 'application/json'],
        params: ZComplaintSlugParamsSchema,
        body: ZComplaintResponseSchema.extend({ attachments: ZAttachmentsField }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const row = await findBySlug(deps.db, request.params.slug);
      if (!row || !canSeeComplaint(principal, row)) throw notFound();
      const after = await respondToRequest(deps, principal, actorOf(request), row, request.body, request.log);
      return detailFor(deps.db, principal, after);
    },
  );

  app.get(
    '/complaints/:slug/attachments/:id/',
    {
      config: { access: access.signedIn() },
      schema: { tags, summary: 'Download a supporting document', params: ZComplaintAttachmentParamsSchema },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const row = await findBySlug(deps.db, request.params.slug);
      if (!row || !canSeeComplaint(principal, row)) throw notFound();
      const [file] = await deps.db
        .select()
        .from(complaintAttachments)
        .where(
          and(eq(complaintAttachments.id, request.params.id), eq(complaintAttachments.complaintId, row.id)),
        );
      if (!file) throw notFound();
      reply
        .header('Content-Disposition', attachmentDisposition(file.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', String(file.size))
        .type(file.contentType);
      return reply.send(await deps.storage.read(file.storageKey));
    },
  );
};

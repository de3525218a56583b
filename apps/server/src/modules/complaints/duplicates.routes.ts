import {
  complaintDuplicateApiPaths,
  ZComplaintIdParamsSchema,
  ZComplaintReferenceParamsSchema,
  ZMergeComplaintSchema,
  ZSimilarComplaintsQuerySchema,
  ZStatementFileParamsSchema,
  ZSupportStatementSchema,
  type TMergeResult,
  type TSimilarComplaints,
  type TSupportAdded,
  type ComplaintStatus,
} from '@stp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { limitBy } from '../../auth/rate-limits.js';
import { forbidden, notFound } from '../../http/errors.js';
import { clientOnly, mustLogIn, principalOf } from './applicant-guards.js';
import { canSeeComplaint, isComplaintStaff } from './complaint-access.js';
import { findById } from './complaint-queries.js';
import { mergeComplaint } from './merge-complaints.js';
import { findSimilar } from './similar-complaints.js';
import { addStatement, findStatementFile, statementsFor } from './statements.js';
import { attachmentDisposition, ZAttachmentsField } from './uploads.js';

const tags = ['complaints'];

/** The object rule of the reviewers' side: staff who may see the complaint (404 otherwise). */
async function staffComplaint(request: FastifyRequest, id: number) {
  const principal = principalOf(request);
  if (!isComplaintStaff(principal)) throw forbidden();
  const row = await findById(request.server.deps.db, id);
  if (!row || !canSeeComplaint(principal, row)) throw notFound();
  return { principal, row };
}

/**
 * Duplicate hints, supporting statements and merges (issue 34 item 3, docs/complaint-duplicates.md),
 * in the request path of ARCHITECTURE.md. Registered by the complaints plugin, whose multipart parser
 * reads a statement's files.
 */
export function duplicatesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const perAccount = (request: FastifyRequest) => `user:${request.principal?.user.id ?? 0}`;

  routes.get(
    complaintDuplicateApiPaths.similar,
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      preHandler: limitBy(app, 'complaint-hints', deps.config.rateLimits.complaintHints, perAccount),
      schema: {
        tags,
        summary: 'Up to five public complaints like the brief description being typed (duplicate hints)',
        description:
          'Full text (English and French lexemes) and trigram similarity over the briefs; answers only the public record’s fields: never the applicant or their unreviewed text.',
        querystring: ZSimilarComplaintsQuerySchema,
      },
    },
    async (request, reply): Promise<TSimilarComplaints> => {
      reply.header('Cache-Control', 'private, no-store');
      return { results: await findSimilar(deps.db, request.query) };
    },
  );

  routes.post(
    '/complaint-support/:reference/',
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary:
          'Add my case to this complaint: a supporting statement (multipart: `statement`, `attachments`)',
        consumes: ['multipart/form-data', 'application/json'],
        params: ZComplaintReferenceParamsSchema,
        body: ZSupportStatementSchema.extend({ attachments: ZAttachmentsField }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const row = await addStatement(
        deps,
        principal,
        actorOf(request),
        request.params.reference,
        request.body,
        request.log,
      );
      const body: TSupportAdded = {
        reference: row.reference,
        detail: `Your case was added to complaint ${row.reference}.`,
      };
      return reply.status(201).send(body);
    },
  );

  routes.get(
    '/manage/complaints/:id/statements/',
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: {
        tags,
        summary: "A complaint's supporting statements (with their authors) and what it was merged into",
        params: ZComplaintIdParamsSchema,
      },
    },
    async (request) => {
      const { principal, row } = await staffComplaint(request, request.params.id);
      return statementsFor(deps.db, principal, row);
    },
  );

  routes.get(
    '/manage/complaints/:id/statements/files/:fileId/',
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: { tags, summary: "Download a supporting statement's file", params: ZStatementFileParamsSchema },
    },
    async (request, reply) => {
      const { row } = await staffComplaint(request, request.params.id);
      const file = await findStatementFile(deps.db, row.id, request.params.fileId);
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

  routes.post(
    '/manage/complaints/:id/merge/',
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: {
        tags,
        summary:
          'Merge this duplicate into another open complaint of the same country (its reference in `into`)',
        description:
          'A reviewer at the duplicate’s current stage. The duplicate is closed as merged; its applicant’s text becomes a supporting statement of the kept complaint, with copies of its files; both applicants are mailed. 409 on a stale `version` or a closed duplicate, 422 on `into`.',
        params: ZComplaintIdParamsSchema,
        body: ZMergeComplaintSchema,
      },
    },
    async (request) => {
      const { principal } = await staffComplaint(request, request.params.id);
      const { duplicate, kept } = await mergeComplaint(
        deps,
        principal,
        actorOf(request),
        request.params.id,
        request.body,
        request.log,
      );
      const body: TMergeResult = {
        detail: `Complaint ${duplicate.reference} was merged into ${kept.reference}.`,
        into: { id: kept.id, reference: kept.reference, status: kept.status as ComplaintStatus },
      };
      return body;
    },
  );
}

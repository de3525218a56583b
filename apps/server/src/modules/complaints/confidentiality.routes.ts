import {
  ZComplaintConfidentialitySchema,
  ZComplaintRedactionSchema,
  ZComplaintSlugParamsSchema,
} from '@stp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { clientOnly, mustLogIn, principalOf } from './applicant-guards.js';
import { canSeeComplaint } from './complaint-access.js';
import { detailFor } from './complaint-detail.js';
import { findBySlug } from './complaint-queries.js';
import { redactComplaint, setConfidentiality } from './redaction.js';

const tags = ['complaints'];

/** The object rule of both actions: the complaint's own applicant (404 for one who may not see it, 403 for staff who may). */
async function ownComplaint(request: FastifyRequest, slug: string) {
  const principal = principalOf(request);
  const row = await findBySlug(request.server.deps.db, slug);
  if (!row || !canSeeComplaint(principal, row)) throw notFound();
  if (row.applicantId !== principal.user.id) throw forbidden();
  return { principal, row };
}

/**
 * The applicant's confidentiality actions (issue 34 item 5, docs/complaint-confidentiality.md), in the
 * request path of ARCHITECTURE.md: signed in, a client account, CSRF, the body's schema, then the
 * applicant's own complaint, the service's transaction and the detail's presenter.
 */
export function confidentialityRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  routes.put(
    '/complaints/:slug/confidentiality/',
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary:
          'The applicant asks (or stops asking) that their identity be withheld from reviewers outside their own country',
        params: ZComplaintSlugParamsSchema,
        body: ZComplaintConfidentialitySchema,
      },
    },
    async (request) => {
      const { principal, row } = await ownComplaint(request, request.params.slug);
      const after = await setConfidentiality(app.deps, actorOf(request), row.id, request.body);
      return detailFor(db, principal, after);
    },
  );

  routes.post(
    '/complaints/:slug/redact/',
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary:
          'The applicant replaces passages of their own text by "[redacted]" before review starts (409 after)',
        params: ZComplaintSlugParamsSchema,
        body: ZComplaintRedactionSchema,
      },
    },
    async (request) => {
      const { principal, row } = await ownComplaint(request, request.params.slug);
      const after = await redactComplaint(app.deps, actorOf(request), row.id, request.body);
      return detailFor(db, principal, after);
    },
  );
}

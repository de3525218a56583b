import { ZComplaintFeedbackSchema, ZComplaintSlugParamsSchema } from '@stp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { clientOnly, mustLogIn, principalOf } from '../complaints/applicant-guards.js';
import { canSeeComplaint } from '../complaints/complaint-access.js';
import { detailFor } from '../complaints/complaint-detail.js';
import { findBySlug } from '../complaints/complaint-queries.js';
import { answerFeedback, feedbackState } from './complaint-feedback.service.js';

const tags = ['complaints'];

/** The object rule: the complaint's own applicant (404 for one who may not see it, 403 for staff who may). */
async function ownComplaint(request: FastifyRequest, slug: string) {
  const principal = principalOf(request);
  const row = await findBySlug(request.server.deps.db, slug);
  if (!row || !canSeeComplaint(principal, row)) throw notFound();
  if (row.applicantId !== principal.user.id) throw forbidden();
  return { principal, row };
}

/**
 * The applicant's feedback on a resolution (issue 34 item 4, docs/complaint-feedback.md), in the request
 * path of ARCHITECTURE.md: signed in, a client account, CSRF, the body's schema, the applicant's own
 * complaint, the service's transaction, then the presenter.
 */
export const complaintFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/complaints/:slug/feedback/',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The applicant\'s question after a resolution ("is the barrier gone?"): until when they may answer, and their latest answer',
        params: ZComplaintSlugParamsSchema,
      },
    },
    async (request) => {
      const { row } = await ownComplaint(request, request.params.slug);
      return feedbackState(db, row);
    },
  );

  app.post(
    '/complaints/:slug/feedback/',
    {
      config: { access: access.signedIn() },
      onRequest: mustLogIn,
      preValidation: clientOnly,
      schema: {
        tags,
        summary:
          'The applicant answers "fixed" or "not fixed" (with a reason) within 60 days of the resolution; "not fixed" reopens the complaint at the stage that resolved it (409 when not resolved, already answered or too late)',
        params: ZComplaintSlugParamsSchema,
        body: ZComplaintFeedbackSchema,
      },
    },
    async (request) => {
      const { principal, row } = await ownComplaint(request, request.params.slug);
      const after = await answerFeedback(app.deps, actorOf(request), row.id, request.body);
      return detailFor(db, principal, after);
    },
  );
};

import {
  complaintApiPaths,
  reviewPermission,
  reviewStages,
  ZComplaintArchiveSchema,
  ZComplaintIdParamsSchema,
  ZManageComplaintListQuerySchema,
  ZMyComplaintListQuerySchema,
  ZReviewActionSchema,
  ZReviewStageDeadlinesSchema,
  type ReviewStage,
  type TManageComplaintListQuery,
  type TReviewStagesResponse,
} from '@stp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/audit.js';
import { access } from '../../auth/access.js';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { complaints } from '../../db/schema/index.js';
import { forbidden, notFound, notSignedIn } from '../../http/errors.js';
import { paginated } from '../../http/pagination.js';
import { canSeeComplaint, isComplaintStaff, queueScope, staffScope } from '../complaints/complaint-access.js';
import { detailFor } from '../complaints/complaint-detail.js';
import { findById, listManaged, listMine } from '../complaints/complaint-queries.js';
import { presentManageItem, presentMyItem } from '../complaints/complaints.presenter.js';
import { loadStages } from '../complaints/complaints.service.js';
import { exportCsv } from './complaint-export.js';
import { complaintOverview } from './complaint-overview.js';
import {
  archiveComplaint,
  purgeComplaint,
  reviewComplaint,
  updateStageDeadlines,
} from './complaint-reviews.service.js';

const tags = ['complaints'];
const reviewAny = access.anyPermission(...reviewStages.map((stage) => reviewPermission(stage)));

const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw notSignedIn();
  return request.principal;
};

/** Staff screens need a staff account (a client holding a stray permission stays out). */
const staffOf = (request: FastifyRequest): Principal => {
  const principal = principalOf(request);
  if (!isComplaintStaff(principal)) throw forbidden();
  return principal;
};

async function stagesResponse(db: Executor, principal: Principal): Promise<TReviewStagesResponse> {
  const rows = await loadStages(db);
  return {
    results: rows.map((row) => ({
      stage: row.stage as ReviewStage,
      position: row.position,
      deadline_days: row.deadlineDays,
      deadline_unit: row.deadlineUnit === 'working' ? 'working' : 'calendar',
      updated_at: row.updatedAt.toISOString(),
    })),
    can_change: principal.user.isSuperuser || principal.permissions.includes('complaints.change_reviewstage'),
  };
}

/** The signed-in side: overview, own list, queue, staff list and detail, review, archive, purge, export, stages. */
export const complaintReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  app.get(
    complaintApiPaths.overview,
    {
      config: { access: access.signedIn() },
      schema: { tags, summary: 'Complaint figures (staff: all they may see; client: their own)' },
    },
    async (request) => {
      const principal = principalOf(request);
      if (isComplaintStaff(principal)) return complaintOverview(db, staffScope(principal), 'all');
      return complaintOverview(db, eq(complaints.applicantId, principal.user.id), 'own');
    },
  );

  app.get(
    complaintApiPaths.mine,
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: "The signed-in user's own complaints",
        querystring: ZMyComplaintListQuerySchema,
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { rows, count } = await listMine(db, principal.user.id, request.query);
      return paginated(rows.map(presentMyItem), count, request.query);
    },
  );

  /** One page of the complaints a scope lets the staff user see, with overdue flags as of now. */
  async function managedPage(
    request: Parameters<typeof staffOf>[0] & { query: TManageComplaintListQuery },
    scopeOf: typeof staffScope,
    defaultSort: string,
  ) {
    const now = new Date();
    const principal = staffOf(request);
    const { rows, count } = await listManaged(db, scopeOf(principal), request.query, defaultSort, now);
    return paginated(
      rows.map((row) => presentManageItem(row, principal.user, now)),
      count,
      request.query,
    );
  }

  app.get(
    complaintApiPaths.queue,
    {
      config: { access: reviewAny },
      schema: {
        tags,
        summary: "A reviewer's queue: the stages they hold (regulators: their own country); due date first",
        querystring: ZManageComplaintListQuerySchema,
      },
    },
    (request) => managedPage(request, queueScope, 'stage_due_at'),
  );

  app.get(
    complaintApiPaths.manageList,
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: {
        tags,
        summary: 'Every complaint a staff user may see',
        querystring: ZManageComplaintListQuerySchema,
      },
    },
    (request) => managedPage(request, staffScope, '-submitted_at'),
  );

  app.get(
    complaintApiPaths.export,
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: {
        tags,
        summary: 'CSV of the complaints a staff user may see (list filters)',
        querystring: ZManageComplaintListQuerySchema,
      },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      const csv = await exportCsv(db, staffScope(principal), request.query, principal.user);
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('Content-Disposition', `attachment; filename="complaints-${stamp}.csv"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8');
      return reply.send(csv);
    },
  );

  app.get(
    complaintApiPaths.stages,
    {
      // What staffOf checks: declared, so the guard and the route table say it too.
      config: { access: access.permission('complaints.view_complaint') },
      schema: { tags, summary: 'Review stages and their deadline in days' },
    },
    async (request) => stagesResponse(db, staffOf(request)),
  );

  app.put(
    complaintApiPaths.stages,
    {
      config: { access: access.permission('complaints.change_reviewstage') },
      schema: {
        tags,
        summary: 'Change the deadline in days of review stages',
        body: ZReviewStageDeadlinesSchema,
      },
    },
    async (request) => {
      const principal = staffOf(request);
      await updateStageDeadlines(db, actorOf(request), request.body);
      return stagesResponse(db, principal);
    },
  );

  app.get(
    '/manage/complaints/:id/',
    {
      config: { access: access.permission('complaints.view_complaint') },
      schema: { tags, summary: 'One complaint for staff', params: ZComplaintIdParamsSchema },
    },
    async (request) => {
      const principal = staffOf(request);
      const row = await findById(db, request.params.id);
      if (!row || !canSeeComplaint(principal, row)) throw notFound();
      return detailFor(db, principal, row);
    },
  );

  app.post(
    '/manage/complaints/:id/review/',
    {
      config: { access: reviewAny },
      schema: {
        tags,
        summary: 'A review decision at the current stage (409 when `version` is not the current one)',
        params: ZComplaintIdParamsSchema,
        body: ZReviewActionSchema,
      },
    },
    async (request) => {
      const principal = staffOf(request);
      const after = await reviewComplaint(deps, principal, actorOf(request), request.params.id, request.body);
      return detailFor(db, principal, after);
    },
  );

  app.post(
    '/manage/complaints/:id/archive/',
    {
      config: { access: access.permission('complaints.change_complaint') },
      schema: {
        tags,
        summary: 'Archive a reviewed complaint (irreversible)',
        params: ZComplaintIdParamsSchema,
        body: ZComplaintArchiveSchema,
      },
    },
    async (request) => {
      const principal = staffOf(request);
      const after = await archiveComplaint(
        deps,
        principal,
        actorOf(request),
        request.params.id,
        request.body.version,
      );
      return {
        detail: `Complaint ${after.reference} was archived.`,
        complaint: await detailFor(db, principal, after),
      };
    },
  );

  app.delete(
    '/manage/complaints/:id/',
    {
      config: { access: access.superuser() },
      schema: {
        tags,
        summary: 'Purge a complaint and its files (superuser)',
        params: ZComplaintIdParamsSchema,
      },
    },
    async (request, reply) => {
      await purgeComplaint(deps, actorOf(request), request.params.id, request.log);
      return reply.status(204).send();
    },
  );
};

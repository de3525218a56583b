import { auditApiPaths, ZAuditIdParamsSchema, ZAuditListQuerySchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import { notFound, notSignedIn } from '../../http/errors.js';
import { paginated } from '../../http/pagination.js';
import { screenAuditActors } from '../complaints/confidentiality-audit.js';
import { presentAuditEntry, presentAuditItem } from './audit-log.presenter.js';
import { auditChoices, findAudit, listAudit } from './audit-log.service.js';

const tags = ['admin'];

/** The audit log viewer (issue 6 item 7): superusers only; the log is read-only through the API. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    auditApiPaths.list,
    {
      config: { access: access.superuser() },
      schema: {
        tags,
        summary: 'Audit rows, newest first: filter by actor, model, action, object and dates',
        querystring: ZAuditListQuerySchema,
      },
    },
    async (request, reply) => {
      if (!request.principal) throw notSignedIn();
      reply.header('Cache-Control', 'no-store');
      const { rows, count } = await listAudit(db, request.query, request.principal.user);
      const screened = await screenAuditActors(db, request.principal.user, rows);
      return paginated(screened.map(presentAuditItem), count, request.query);
    },
  );

  app.get(
    auditApiPaths.choices,
    {
      config: { access: access.superuser() },
      schema: { tags, summary: 'The models and actions present in the audit log' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return auditChoices(db);
    },
  );

  app.get(
    auditApiPaths.entry(':id'),
    {
      config: { access: access.superuser() },
      schema: { tags, summary: 'One audit row with its before and after', params: ZAuditIdParamsSchema },
    },
    async (request, reply) => {
      if (!request.principal) throw notSignedIn();
      reply.header('Cache-Control', 'no-store');
      const row = await findAudit(db, request.params.id);
      if (!row) throw notFound();
      const [screened] = await screenAuditActors(db, request.principal.user, [row]);
      return presentAuditEntry(screened!);
    },
  );
};

import {
  adminApiPath,
  adminRestrictionTexts,
  restrictionImportLimits,
  restrictionImportModes,
  ZAdminIdParamsSchema,
  ZRestrictionAdminInputSchema,
  type TAdminPurgeResult,
  type TRestrictionHistoryResponse,
} from '@stp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminResourceRoutes } from '../../admin/admin-resource.js';
import { access } from '../../auth/access.js';
import { HttpError, notSignedIn } from '../../http/errors.js';
import { acceptMultipartUploads, checkUpload, ZAttachmentsField } from '../complaints/uploads.js';
import { importRestrictions, importTemplateCsv } from './restriction-import.js';
import { presentAdminRestrictions, restrictionsAdminResource } from './restrictions-admin.resource.js';
import {
  changeRestriction,
  createRestriction,
  purgeRestriction,
  restrictionHistory,
  setRestrictionArchived,
  type Writer,
} from './restrictions-admin.service.js';

const tags = ['admin'];
const listPath = adminApiPath('restrictions');
const itemPath = adminApiPath('restrictions', ':id');
const importPath = adminApiPath('restrictions', 'import');
const can = (action: string) => ({ access: access.permission(`restrictions.${action}_restriction`) });

function writerOf(request: FastifyRequest): Writer {
  if (!request.principal) throw notSignedIn();
  return { principal: request.principal, ip: request.ip };
}

/** Create, change, archive and purge at the contract's paths, each writing a version or audit row. */
const writeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const present = async (row: Parameters<typeof presentAdminRestrictions>[1][number]) =>
    (await presentAdminRestrictions(db, [row]))[0];

  app.post(
    listPath,
    {
      config: can('add'),
      schema: { body: ZRestrictionAdminInputSchema, tags, summary: 'Create a restriction' },
    },
    async (request, reply) => {
      const row = await createRestriction(db, request.body, writerOf(request));
      reply.status(201);
      return present(row);
    },
  );

  app.put(
    itemPath,
    {
      config: can('change'),
      schema: {
        params: ZAdminIdParamsSchema,
        body: ZRestrictionAdminInputSchema,
        tags,
        summary: 'Change a restriction (access rules, 409 on a stale version; writes a version)',
      },
    },
    async (request) =>
      present(await changeRestriction(db, request.params.id, request.body, writerOf(request))),
  );

  for (const archived of [true, false]) {
    app.post(
      adminApiPath('restrictions', ':id', archived ? 'archive' : 'unarchive'),
      { config: can('change'), schema: { params: ZAdminIdParamsSchema, tags } },
      async (request) =>
        present(await setRestrictionArchived(db, request.params.id, archived, writerOf(request))),
    );
  }

  app.delete(
    itemPath,
    { config: can('delete'), schema: { params: ZAdminIdParamsSchema, tags, summary: 'Purge a restriction' } },
    async (request): Promise<TAdminPurgeResult> => {
      await purgeRestriction(db, request.params.id, writerOf(request));
      return { purged: true, id: request.params.id };
    },
  );

  app.get(
    adminApiPath('restrictions', ':id', 'history'),
    {
      config: can('view'),
      schema: { params: ZAdminIdParamsSchema, tags, summary: 'Versions of a restriction, newest first' },
    },
    async (request, reply): Promise<TRestrictionHistoryResponse> => {
      reply.header('Cache-Control', 'no-store');
      return { results: await restrictionHistory(db, request.params.id) };
    },
  );
};

/** The bulk import (multipart `file` and `mode`) and its template. */
const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  acceptMultipartUploads(app, restrictionImportLimits.megabytes);

  app.get(
    `${importPath}template/`,
    { config: can('add'), schema: { tags, summary: 'The CSV template of the import (its header row)' } },
    async (_request, reply) => {
      reply
        .header('Content-Disposition', 'attachment; filename="restrictions-import-template.csv"')
        .type('text/csv; charset=utf-8');
      return importTemplateCsv();
    },
  );

  app.post(
    importPath,
    {
      config: can('add'),
      schema: {
        tags,
        summary: 'Import restrictions from CSV or xlsx (all rows or nothing, or mode=valid)',
        consumes: ['multipart/form-data'],
        body: z.object({
          mode: z.enum(restrictionImportModes, { error: 'Select a valid choice.' }).default('all'),
          attachments: ZAttachmentsField,
        }),
      },
    },
    async (request) => {
      const [upload] = request.body.attachments;
      if (!upload)
        throw new HttpError(422, adminRestrictionTexts.importMissingFile, {
          file: adminRestrictionTexts.importMissingFile,
        });
      const wrongType = new HttpError(422, adminRestrictionTexts.importFileType, {
        file: adminRestrictionTexts.importFileType,
      });
      const checked = await checkUpload(upload, restrictionImportLimits.megabytes).catch((error: unknown) => {
        throw error instanceof HttpError && error.detail.includes('larger') ? error : wrongType;
      });
      if (checked.extension !== 'csv' && checked.extension !== 'xlsx') throw wrongType;
      return importRestrictions(
        db,
        { data: checked.data, extension: checked.extension },
        request.body.mode,
        writerOf(request),
      );
    },
  );
};

/** Manage restrictions: the admin contract's list and read, its writes with versions, history, import. */
export const restrictionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminResourceRoutes(restrictionsAdminResource));
  await app.register(writeRoutes);
  await app.register(importRoutes);
};

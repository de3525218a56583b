import { openDataApiPaths, openDataDatasets, type TOpenDataset } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { validationFailed } from '../../http/errors.js';
import { contentDisposition } from '../publications/publications.routes.js';
import { errorSchema } from '../restrictions/restrictions.openapi.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { dcatCatalog, dictionaryDocument, openDataIndex, openDataLicence } from './catalog.js';
import { csvFile, fileName, jsonFile } from './files.js';
import type { ReadScope } from './readers.js';

const tags = ['open-data'];
const ZDatasetParams = z.object({ dataset: z.enum(openDataDatasets) });
/** A download may keep to one partner state: `?country=KE`. */
const ZDownloadQuery = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Select a valid country.')
    .optional(),
});

const fileResponse = (mediaType: string) => ({
  description: 'The file, streamed and sent as an attachment (`Content-Disposition`).',
  content: { [mediaType]: { schema: z.string() } },
});

// A minute: the files are read from the live database, and a burst of the same download is one read.
const cacheControl = 'public, max-age=60';

/** A download's scope: the country, when given, must be a partner state (422 otherwise). */
async function scopeOf(db: Executor, publicUrl: string, country: string | undefined): Promise<ReadScope> {
  if (country && !(await catalogueReference(db)).countries.get(country)?.partnerState)
    throw validationFailed({ country: 'Select a valid country.' });
  return { db, publicUrl, country };
}

/** The open data (issue 34, item 7; docs/open-data.md): the index, the DCAT catalogue and each dataset's files. */
export const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    openDataApiPaths.index,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Every open dataset with its data dictionary, the licence and the date of the extract',
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cacheControl);
      return openDataIndex(db);
    },
  );

  app.get(
    openDataApiPaths.catalog,
    {
      config: { access: access.public() },
      schema: { tags, summary: 'The open datasets as a DCAT catalogue (JSON-LD)' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cacheControl).type('application/ld+json; charset=utf-8');
      return JSON.stringify(await dcatCatalog(db, config.publicUrl));
    },
  );

  app.get(
    '/open-data/:dataset/dictionary.json',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          "A dataset's data dictionary: each column's meaning, type and allowed values, in English and French",
        params: ZDatasetParams,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', cacheControl);
      return dictionaryDocument(request.params.dataset);
    },
  );

  const download = (format: 'csv' | 'json') =>
    app.get(
      `/open-data/:dataset/data.${format}`,
      {
        config: { access: access.public() },
        schema: {
          tags,
          summary: `A dataset as ${format.toUpperCase()}, its columns as its dictionary says (streamed)`,
          params: ZDatasetParams,
          querystring: ZDownloadQuery,
          response: {
            200: fileResponse(format === 'csv' ? 'text/csv' : 'application/json'),
            422: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const dataset: TOpenDataset = request.params.dataset;
        const scope = await scopeOf(db, config.publicUrl, request.query.country);
        const now = new Date();
        const stream =
          format === 'csv'
            ? csvFile(dataset, scope)
            : jsonFile(dataset, scope, {
                extractedAt: now,
                licence: openDataLicence.url,
                dictionaryUrl: `${config.publicUrl}/api${openDataApiPaths.dictionary(dataset)}`,
              });
        reply
          .header(
            'Content-Disposition',
            contentDisposition('attachment', fileName(dataset, format, scope, now)),
          )
          .header('Cache-Control', cacheControl)
          .header('Link', `<${openDataLicence.url}>; rel="license"`)
          .type(
            format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8',
          );
        return reply.send(stream as never);
      },
    );
  download('csv');
  download('json');
};

import { ZCommitmentListQuerySchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { sendJson } from '../restrictions/send-json.js';
import { commitmentSchema, errorSchema, sectorRefSchema } from '../restrictions/restrictions.openapi.js';
import { catalogueReference } from './catalogue-reference.js';
import { listCommitments, sectorPageJson, sectorTreeJson } from './sectors.service.js';

const counted = sectorRefSchema.extend({ restriction_count: z.number().int() });
type TreeNode = z.infer<typeof counted> & { parent_id: number | null; children: TreeNode[] };
const treeNode: z.ZodType<TreeNode> = counted.extend({
  parent_id: z.number().int().nullable(),
  get children() {
    return z.array(treeNode);
  },
});
// Recursive, so the OpenAPI document refers to it by name (a component) rather than inlining it.
treeNode.register(z.globalRegistry, { id: 'SectorTreeNode' });
const sectorPageSchema = z.object({
  sector: counted.extend({
    parent_id: z.number().int().nullable(),
    cpc: z.string().nullable(),
    description: z.object({ en: z.string(), fr: z.string() }),
  }),
  ancestors: z.array(sectorRefSchema),
  children: z.array(counted),
  by_country: z.array(
    z.object({
      country: z.object({ code: z.string(), name: z.object({ en: z.string(), fr: z.string() }) }),
      count: z.number().int(),
    }),
  ),
  commitments: z.array(commitmentSchema),
});

/** The W/120 tree with counts, a sector's page, and the commitments (all public). */
export const sectorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/sectors/tree/',
    {
      config: { access: access.public() },
      schema: {
        tags: ['sectors'],
        summary: 'The sector tree with the count of visible restrictions of each node (descendants included)',
        response: { 200: z.object({ total: z.number().int(), sectors: z.array(treeNode) }) },
      },
    },
    async (_request, reply) => {
      return sendJson(reply, (await sectorTreeJson(db)) ?? '{}', true);
    },
  );

  app.get(
    '/sectors/:slug/',
    {
      config: { access: access.public() },
      schema: {
        tags: ['sectors'],
        summary: 'A sector: names, description, children, restrictions by country and commitments',
        params: z.object({ slug: z.string().min(1).max(120) }),
        response: { 200: sectorPageSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const json = await sectorPageJson(db, request.params.slug);
      if (json === null) throw notFound();
      return sendJson(reply, json, true);
    },
  );

  app.get(
    '/commitments/',
    {
      config: { access: access.public() },
      schema: {
        tags: ['commitments'],
        summary: 'Commitments of the partner states (Committed To Liberalise), by country and sector',
        querystring: ZCommitmentListQuerySchema,
        response: {
          200: z.object({ count: z.number().int(), results: z.array(commitmentSchema) }),
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=30');
      return listCommitments(db, request.query);
    },
  );

  app.get(
    '/policies/',
    {
      config: { access: access.public() },
      schema: {
        tags: ['policies'],
        summary: 'The policy areas that classify restrictions (a browse filter)',
        response: {
          200: z.object({
            results: z.array(
              z.object({
                id: z.number().int(),
                slug: z.string(),
                name: z.object({ en: z.string(), fr: z.string() }),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { results: [...(await catalogueReference(db)).publicPolicies.values()] };
    },
  );
};

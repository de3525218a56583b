import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../auth/access.js';
import {
  accessMark,
  accessText,
  csrfMark,
  derivedSummary,
  derivedTag,
  errorComponents,
  errorResponsesOf,
  openapiMethods,
  operationIdOf,
  securityOf,
  securitySchemes,
  type Operation,
} from './openapi-operations.js';

type Json = Record<string, unknown>;
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Json; securitySchemes?: Json };
}

const zodRoute = createJsonSchemaTransform({ skipList: [] });
const zodDocument = createJsonSchemaTransformObject({});

/**
 * Per route: the API routes only (the web app's pages and the catch-alls stay out), their zod schemas
 * as JSON schemas, and the declared access marked for {@link documentTransform}.
 */
export const routeTransform: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (!url.startsWith('/api/') || url.includes('*')) return { schema: { hide: true }, url };
  const result = zodRoute(input);
  if ((result.schema as { hide?: boolean }).hide) return result;
  const marks = { [accessMark]: route.config?.access, [csrfMark]: route.config?.csrf !== false };
  return { schema: { ...result.schema, ...marks }, url };
};

/**
 * The whole document, in one place: each operation gets a unique operationId, a summary, a tag, its
 * security and the error answers of the request path from what its route declares (docs/api.md,
 * "The OpenAPI document"); methods OpenAPI 3.0 has no place for are dropped.
 */
export const documentTransform: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const document = zodDocument(input) as Document;
  const operationIds = new Map<string, string>();
  for (const [url, pathItem] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!openapiMethods.has(method)) {
        delete pathItem[method];
        continue;
      }
      const access = operation[accessMark];
      if (!access) throw new Error(`${method.toUpperCase()} ${url} declares no access`);
      describeOperation(method, url, operation, access);
      const earlier = operationIds.get(operation.operationId!);
      if (earlier)
        throw new Error(`operationId ${operation.operationId} of ${method} ${url} is also ${earlier}'s`);
      operationIds.set(operation.operationId!, `${method} ${url}`);
    }
    if (Object.keys(pathItem).length === 0) delete document.paths![url];
  }
  document.components = {
    ...document.components,
    responses: { ...document.components?.responses, ...errorComponents.responses },
    schemas: { ...document.components?.schemas, ...errorComponents.schemas },
  };
  collapseSingleAnyOf(document);
  dropUnusedSchemas(document);
  return document;
};

function describeOperation(method: string, url: string, operation: Operation, access: RouteAccess) {
  operation.operationId ??= operationIdOf(method, url);
  operation.summary ??= derivedSummary(method, url);
  operation.tags ??= [derivedTag(url)];
  operation.description = [operation.description, accessText(access)].filter(Boolean).join('\n\n');
  operation.security = securityOf(method, access, operation[csrfMark] !== false);
  // The route's own answers win over the generic ones of the same status.
  operation.responses = { ...errorResponsesOf(method, operation, access), ...operation.responses };
  for (const [status, response] of Object.entries(operation.responses))
    if ((response as { description?: string }).description === 'Default Response')
      (response as { description: string }).description = status.startsWith('2')
        ? 'Success.'
        : 'Refused: `detail` says why.';
  delete operation[accessMark];
  delete operation[csrfMark];
}

/** `anyOf` with one branch (a union whose other branch, a file, has no JSON form) is that branch. */
function collapseSingleAnyOf(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(collapseSingleAnyOf);
  if (!value || typeof value !== 'object') return;
  const node = value as Json;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && anyOf[0] && typeof anyOf[0] === 'object') {
    delete node.anyOf;
    Object.assign(node, { ...(anyOf[0] as Json), ...node });
  }
  Object.values(node).forEach(collapseSingleAnyOf);
}

/** Component schemas nothing refers to (zod registers each named schema as input and output). */
function dropUnusedSchemas(document: Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const used = new Set<string>();
  const pending = refsIn({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name] ?? {}));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** The @fastify/swagger options: the document's head and the two transforms above. */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Services Trade Portal API',
        version: '1.0.0',
        description:
          'Every route of the portal under `/api/`, generated from the schemas the routes validate with (docs/api.md).',
      },
      // Relative: the portal that serves the document, whatever its public address.
      servers: [{ url: '/', description: 'The portal serving this document' }],
      components: { securitySchemes },
    },
    transform: routeTransform,
    transformObject: documentTransform,
  };
}

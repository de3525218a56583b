import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
let ctx: TestContext;
let document: Document;
let operations: { method: string; url: string; operation: Operation }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.client().request({ url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = Object.entries(document.paths).flatMap(([url, pathItem]) =>
    Object.entries(pathItem).map(([method, operation]) => ({ method, url, operation })),
  );
});
afterAll(() => ctx.close());

/** Every `$ref` string anywhere in the value. */
function refsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
}

/** What a local `$ref` (`#/a/b`) points at, or undefined. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
}

describe('the OpenAPI document', () => {
  it('documents the API routes only, with methods OpenAPI has', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const { method, url } of operations) {
      expect(url, url).toMatch(/^\/api\//);
      expect(url, url).not.toContain('*');
      expect(methods.has(method), `${method} ${url}`).toBe(true);
    }
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it('gives every operation a unique operationId, a summary and a tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { method, url, operation } of operations) {
      expect(operation.operationId, `${method} ${url}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary?.length, `${method} ${url}`).toBeGreaterThan(0);
      expect(operation.tags?.length, `${method} ${url}`).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/sectors/{slug}/']?.get?.operationId).toBe('getSectorsBySlug');
  });

  it("declares every operation's security from the route's access, with schemes that exist", () => {
    for (const { method, url, operation } of operations) {
      expect(Array.isArray(operation.security), `${method} ${url}`).toBe(true);
      for (const requirement of operation.security!)
        for (const scheme of Object.keys(requirement))
          expect(document.components.securitySchemes, `${method} ${url}`).toHaveProperty(scheme);
    }
    const security = (url: string, method: string) => document.paths[url]?.[method]?.security;
    expect(security('/api/sectors/tree/', 'get')).toEqual([]);
    expect(security('/api/auth/login/', 'post')).toEqual([{ csrf: [] }, { bearer: [] }]);
    expect(security('/api/profile/', 'get')).toEqual([{ session: [] }, { bearer: [] }]);
    expect(security('/api/profile/update/', 'post')).toEqual([{ session: [], csrf: [] }, { bearer: [] }]);
  });

  it('resolves every $ref, the recursive sector tree included', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
    expect(refsIn(document.paths['/api/sectors/tree/'])).toContain('#/components/schemas/SectorTreeNode');
  });

  it('gives every operation a success and an error answer, the export its file types', () => {
    for (const { method, url, operation } of operations) {
      const statuses = Object.keys(operation.responses ?? {});
      // A redirect is a success too: the List-Unsubscribe address opened in a browser answers 303.
      expect(
        statuses.some((status) => /^[23]/.test(status)),
        `${method} ${url}`,
      ).toBe(true);
      expect(
        statuses.some((status) => status.startsWith('4')),
        `${method} ${url}`,
      ).toBe(true);
    }
    const exported = document.paths['/api/restrictions/export/']?.get?.responses?.['200'];
    expect(Object.keys(exported?.content ?? {})).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { sessionCookie } from '../auth/auth.plugin.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { sessions, users } from '../db/schema/index.js';
import type { TestClient, TestContext } from './harness.js';

/**
 * The JSON-schema subset of request parameters and bodies, as the OpenAPI document and zod's
 * `toJSONSchema` write it.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 spells it as a flag beside `minimum`; JSON Schema as the bound itself. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  default?: unknown;
};

const stringCandidates = [
  'Matrix sample',
  'matrix-sample',
  'KE',
  'ke',
  'a',
  '1',
  '2026-01-15',
  'f'.repeat(64),
];
/** Path parameters: a record that does not exist, in the first spelling the parameter's schema takes. */
const paramCandidates = ['999999', 'KE', 'zz-no-such-record', 'f'.repeat(64), 'x'.repeat(43)];

/** A path parameter's value: the first candidate its schema accepts. */
function paramValue(schema: JsonSchema | undefined): string {
  const pattern = schema?.pattern ? new RegExp(schema.pattern) : null;
  const min = schema?.minLength ?? 0;
  const max = schema?.maxLength ?? Infinity;
  const fits = paramCandidates.find(
    (text) =>
      (!pattern || pattern.test(text)) &&
      text.length >= min &&
      text.length <= max &&
      (!schema?.enum || schema.enum.includes(text)),
  );
  return fits ?? '999999';
}

/**
 * A small value that satisfies a request schema (required fields only), so a call gets past the body
 * validation to the permission check: the guard validates before it checks codenames (ARCHITECTURE.md).
 */
export function sample(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.nullable) return null;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const first = options.find((option) => option.type !== 'null') ?? options[0];
    return sample(first, depth + 1);
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = [schema.type ?? 'object'].flat().find((name) => name !== 'null');
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || /email/.test(name)) return 'matrix@example.org';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.org/';
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Infinity;
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      const fits = stringCandidates.find(
        (text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text)),
      );
      return fits ?? 'x'.repeat(Math.max(min, 1));
    }
    case 'integer':
    case 'number':
      if (schema.exclusiveMinimum === true) return (schema.minimum ?? 0) + 1;
      if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    default: {
      const body: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        body[name] = sample(schema.properties?.[name], depth + 1, name);
      return body;
    }
  }
}

/** `GET /api/x/:id/`: how the suites name a route. */
export const routeLabel = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

export const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteCall {
  /** The path with concrete parameters (records that do not exist). */
  url: string;
  /** A body its schema accepts (required fields only), for unsafe methods. */
  body: unknown;
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/**
 * Per route label, a call that passes the route's validation: parameters and bodies from the OpenAPI
 * document, i.e. the same schemas the routes validate with.
 */
export function routeCalls(
  app: FastifyInstance,
  routes: { method: string; url: string }[],
): Map<string, RouteCall> {
  const document = app.swagger() as OpenApiDocument;
  const calls = new Map<string, RouteCall>();
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation = document.paths[path]?.[route.method.toLowerCase()];
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    const url = route.url
      .replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
        encodeURIComponent(
          paramValue(
            operation?.parameters?.find((param) => param.in === 'path' && param.name === name)?.schema,
          ),
        ),
      )
      .replace(/\*$/, 'matrix-nowhere/');
    calls.set(routeLabel(route), { url, body: schema ? sample(schema) : {} });
  }
  return calls;
}

/** Runs `work` over the items with at most `size` at once (a slow item holds up no batch). */
export async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export interface AccountSpec {
  staff?: boolean;
  superuser?: boolean;
  /** Exactly these codenames, granted directly. */
  permissions?: string[];
  /** Every codename but these, granted directly (staff "without" a route's permission). */
  allPermissionsBut?: readonly string[];
}

/**
 * Signed-in clients for many accounts at once: users, direct permissions and sessions written in a few
 * statements (no password check), so a matrix stays fast as routes are added.
 */
export async function signInMany(ctx: TestContext, specs: AccountSpec[]): Promise<TestClient[]> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await ctx.db
    .insert(users)
    .values(
      specs.map((spec, index) => ({
        email: `matrix${index}-${stamp}@example.org`,
        firstName: 'Matrix',
        lastName: `Caller ${index}`,
        isStaff: spec.staff ?? spec.superuser ?? false,
        isSuperuser: spec.superuser ?? false,
        countryCode: 'KE',
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  // Grants are chosen in the database: a few statements whatever the number of codenames.
  const exact = created.flatMap((user, index) =>
    (specs[index]?.permissions ?? []).map((codename) => ({ user_id: user.id, codename })),
  );
  if (exact.length > 0) {
    const inserted = await ctx.db.execute(sql`insert into user_permissions (user_id, permission_id)
      select g.user_id, p.id from jsonb_to_recordset(${JSON.stringify(exact)}::jsonb)
        as g(user_id integer, codename text)
      join permissions p on p.codename = g.codename
      returning user_id`);
    if ((inserted as { rows: unknown[] }).rows.length !== exact.length)
      throw new Error('signInMany: an unknown permission codename');
  }
  const allBut = created.flatMap((user, index) => {
    const skip = specs[index]?.allPermissionsBut;
    return skip ? [{ user_id: user.id, skip }] : [];
  });
  if (allBut.length > 0)
    await ctx.db.execute(sql`insert into user_permissions (user_id, permission_id)
      select g.user_id, p.id from jsonb_to_recordset(${JSON.stringify(allBut)}::jsonb)
        as g(user_id integer, skip jsonb)
      join permissions p on not (g.skip @> to_jsonb(p.codename))`);
  const opened = created.map((user) => ({
    cookieValue: randomToken(),
    csrfToken: randomToken(),
    userId: user.id,
  }));
  await ctx.db.insert(sessions).values(
    opened.map((session) => ({
      idHash: sha256(session.cookieValue),
      userId: session.userId,
      csrfToken: session.csrfToken,
      ip: '127.0.0.1',
      userAgent: 'route matrix',
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
  return opened.map((session) => {
    const client = ctx.client();
    client.cookies.set(sessionCookie, session.cookieValue);
    client.csrf = session.csrfToken;
    return client;
  });
}

/**
 * A fingerprint of every table's content (row count and digest of the rows): equal before and after
 * means nothing was written.
 */
export async function databaseFingerprint(ctx: TestContext): Promise<Record<string, string>> {
  // Mails queued by earlier requests are delivered in the background: let them settle first.
  await ctx.outboxIdle();
  const tables = await ctx.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of (tables as { rows: { name: string }[] }).rows) {
    const result = await ctx.db.execute(
      sql`select count(*)::text as count, md5(string_agg(t::text, '|' order by t::text)) as digest
          from ${sql.identifier(name)} t`,
    );
    const [row] = (result as { rows: { count: string; digest: string | null }[] }).rows;
    fingerprint[name] = `${row?.count}:${row?.digest ?? ''}`;
  }
  return fingerprint;
}

import { adminTexts, maxRecordId } from '@stp/shared';
import { desc, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionCookie } from '../auth/auth.plugin.js';
import { createSession } from '../auth/sessions.js';
import { sectors, users } from '../db/schema/index.js';
import { createTestContext, type TestClient } from '../test/harness.js';
import { malformedMultipart } from '../test/malformed-requests.js';
import type { JsonSchema } from '../test/route-calls.js';
import { nullCharacterMessage } from './null-characters.js';

/**
 * Issue 7, security matrix: property-based fuzzing of every validated request. Every API route with a
 * body, querystring or path schema is taken from the route table (so a new route is fuzzed the day it
 * is registered) and called by a superuser (no permission check stops the request before the handler)
 * with generated input: arbitrary JSON, bodies shaped after the route's schema with one field of the
 * wrong type or size, and valid-ish bodies at the schema's limits (longest strings, NUL bytes,
 * integers past 32 bits). No answer may be a 5xx, and every error answer is JSON without a stack trace.
 * A failure prints fast-check's seed and counterexample; `FUZZ_SEED=<n>` replays it (docs/fuzzing.md).
 * Issue 29, item 7: a fourth kind sends what the server cannot read: malformed multipart bodies, wrong
 * content types and bad percent-encoding in the path and the query string; every 5xx is counted.
 */

const seed = Number(process.env.FUZZ_SEED ?? 7_2026);
const runs = { json: 3, wrong: 5, valid: 9, unreadable: 12 };
const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's schema part as JSON Schema (input side), whether declared with zod or as JSON Schema. */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodType)
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return schema;
}

// ---- Hostile values ---------------------------------------------------------------------------

/** Strings PostgreSQL, the JSON parser or a varchar column may choke on. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    "'; drop table users; --",
    '%_\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '  ',
    '1e400',
    '-1',
    '2147483648',
    '9223372036854775808',
    'NaN',
    '2026-02-30',
    '0000-00-00T00:00:00Z',
    '😀'.repeat(300),
  ),
  fc.integer({ min: 256, max: 4_000 }).map((length) => 'é'.repeat(length)),
  fc.constant('x'.repeat(200_000)),
);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, -0, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e20, -1e308, 1e308),
);
/** Arrays or objects nested hundreds deep. */
const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 600 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level += 1) value = arrays ? [value] : { a: value };
    return value;
  });
/** Any JSON value at all, the odd strings and numbers favoured. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}),
  deepNesting,
  fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
);

// ---- Values after a schema ----------------------------------------------------------------------

const isoDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** Strings a string schema accepts, its limits favoured: the longest, NUL bytes, multi-byte text. */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return isoDate.map((text) => text.slice(0, 10));
  if (schema.format === 'date-time') return isoDate;
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const max = schema.maxLength ?? Infinity;
    return fc
      .stringMatching(pattern)
      .filter((text) => text.length <= max && text.length >= (schema.minLength ?? 0));
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 5_000;
  const sized = (unit: string) =>
    fc
      .integer({ min: Math.max(min, 1), max: Math.max(max, 1) })
      .map((length) => unit.repeat(length).slice(0, length));
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 60) }),
    fc.constant('x'.repeat(Math.max(max, 1))),
    fc.constant('é'.repeat(Math.max(max, 1))),
    sized('ab\u0000'),
    sized('😀'),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
  const bounds = [min, max, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 - 1, 1e20, 0, 1].filter(
    (value): value is number =>
      value !== undefined &&
      Number.isFinite(value) &&
      (min === undefined || value >= min) &&
      (max === undefined || value <= max),
  );
  const lo = Math.max(min ?? -(2 ** 53 - 1), -(2 ** 53 - 1));
  const hi = Math.min(max ?? 2 ** 53 - 1, 2 ** 53 - 1);
  const ranged = integer
    ? fc.integer({ min: Math.ceil(Math.max(lo, -(2 ** 31))), max: Math.floor(Math.min(hi, 2 ** 31 - 1)) })
    : fc.double({ min: lo, max: hi, noNaN: true });
  return bounds.length ? fc.oneof(ranged, fc.constantFrom(...bounds)) : ranged;
}

/** A value the schema (probably) accepts, sized at its limits: what gets past validation to the SQL. */
function valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => valid(option, depth + 1)));
  if (schema.allOf?.length) return valid(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  return fc.oneof(...types.map((type) => validOfType(schema, type, depth)));
}

function validOfType(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => valid(item, depth + 1)));
      const minLength = schema.minItems ?? 0;
      return fc.array(valid(schema.items, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, part]) => [name, valid(part, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid-ish object of the schema with one of its fields replaced by a value of the wrong type or size. */
function wrongField(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const base = valid(schema);
  const names = Object.keys(schema?.properties ?? {});
  if (!names.length) return anyJson;
  return fc
    .tuple(base, fc.constantFrom(...names), anyJson)
    .map(([body, name, wrong]) =>
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...body, [name]: wrong }
        : { [name]: wrong },
    );
}

// ---- Requests -------------------------------------------------------------------------------------

interface FuzzRoute {
  method: string;
  url: string;
  label: string;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  multipart: boolean;
}

interface Input {
  /** Send the body as a multipart form (multipart routes), not as JSON. */
  form?: boolean;
  body?: unknown;
  query?: unknown;
  params?: unknown;
  /** Send these bytes as they are (with this content type), instead of the body. */
  raw?: { name: string; payload: string | Buffer; type?: string };
  /** Put this text, not percent-encoded again, into the path (the first parameter) or the query string. */
  badEncoding?: { name: string; text: string; where: 'path' | 'query' };
}

/** A query-string or path value as text: strings as they are, the rest as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A path segment, percent-encoded (a lone surrogate, which has no UTF-8 form, as U+FFFD). */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return asText(query);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, asText(item));
  return search.toString();
}

function urlOf(route: FuzzRoute, input: Input): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const bad = input.badEncoding;
  let first = true;
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const raw = bad?.where === 'path' && first ? bad.text : undefined;
    first = false;
    return raw ?? encodePart(asText(params[name] ?? '999999') || '999999');
  });
  // A route without parameters gets the bad text as a path segment of its own.
  const badPath = bad?.where === 'path' && !route.url.includes(':') ? `${path}${bad.text}/` : path;
  const query = [
    input.query === undefined ? '' : queryOf(input.query),
    bad?.where === 'query' ? bad.text : '',
  ]
    .filter(Boolean)
    .join('&');
  return query ? `${badPath}?${query}` : badPath;
}

/** Bodies of the wrong type, or not what their type says (a 415 or a 400, never a 5xx). */
const wrongContentTypes: { name: string; type?: string; payload: string | Buffer }[] = [
  { name: 'JSON sent as text/plain', type: 'text/plain', payload: '{"email":"a@example.org"}' },
  { name: 'XML', type: 'application/xml', payload: '<a>1</a>' },
  {
    name: 'a form with bad percent-encoding',
    type: 'application/x-www-form-urlencoded',
    payload: 'a=%zz&b=%E0%A4%A',
  },
  {
    name: 'JSON in UTF-16',
    type: 'application/json; charset=utf-16',
    payload: Buffer.from('{"a":1}', 'utf16le'),
  },
  {
    name: 'JSON that is not UTF-8',
    type: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { name: 'JSON cut off', type: 'application/json', payload: '{"email": "a@example.org", "pass' },
  { name: 'an empty JSON body', type: 'application/json', payload: '' },
  { name: 'a body with no content type', payload: '{"a":1}' },
  { name: 'a garbled content type', type: ';;/; boundary', payload: '{"a":1}' },
  {
    name: 'multipart/mixed',
    type: 'multipart/mixed; boundary=abc',
    payload: '--abc\r\n\r\nx\r\n--abc--\r\n',
  },
  { name: 'a prototype key', type: 'application/json', payload: '{"__proto__":{"isSuperuser":true}}' },
];

/** Percent-encoding that does not decode (or decodes to no UTF-8): in a path and in a query string. */
const badPercent = ['%', '%zz', '%E0%A4%A', '%E0%A4', '%C0%AF', '%ED%A0%80', '%FF', 'a%0', '%%30%30'];
const badQuery = ['q=%zz', 'sort=%E0%A4%A', '%zz=1', 'page=%', 'q=%ED%A0%80&page=%FF'];

/** A multipart form of the body's fields (text only): what a browser's form would send. */
function multipartOf(body: unknown) {
  const boundary = 'fuzz-boundary-7';
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${String(name).replace(/["\r\n]/g, '_')}"\r\n\r\n${asText(value)}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Text of the answer that must never leave the server. */
const leak = /\n\s+at .+:\d+:\d+|node_modules|(?:TypeError|ReferenceError|PostgresError|DrizzleQueryError)\b/;

// FUZZ_LOG=1 prints the server's own error log, to see what a 500 was.
const ctx = await createTestContext(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
afterAll(() => ctx.close());

const routes: FuzzRoute[] = ctx.app.routeTable
  .map((route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown> & { consumes?: string[] };
    return {
      method: route.method,
      url: route.url,
      label: `${route.method} ${route.url}`,
      body: unsafe.has(route.method) ? jsonSchemaOf(schema.body) : undefined,
      querystring: jsonSchemaOf(schema.querystring),
      params: jsonSchemaOf(schema.params),
      multipart: Boolean(schema.consumes?.includes('multipart/form-data')),
    };
  })
  .filter((route) => route.body || route.querystring || route.params);

// The superuser: signed in once the ordinary way; a run that ends its session (logout, self-deactivation)
// gets a fresh session of the same account, or a new account when that one is gone.
let superuser = await ctx.signedIn([], { superuser: true });
let superuserId = await newestSuperuser();

/** The id of the account `ctx.signedIn` just made. */
async function newestSuperuser() {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .orderBy(desc(users.id))
    .limit(1);
  return row?.id;
}

async function freshSuperuser(): Promise<TestClient> {
  if (superuserId !== undefined) {
    try {
      const { cookieValue, session } = await createSession(ctx.db, {
        userId: superuserId,
        ttlMs: 3_600_000,
        ip: '127.0.0.1',
        userAgent: 'fuzz',
      });
      const client = ctx.client();
      client.cookies.set(sessionCookie, cookieValue);
      client.csrf = session.csrfToken;
      if ((await client.request({ url: '/api/profile/' })).statusCode === 200) return client;
    } catch {
      // The account was purged by a run: sign in a new one below.
    }
  }
  const client = await ctx.signedIn([], { superuser: true });
  superuserId = await newestSuperuser();
  return client;
}

/** Sends one generated input; returns what is wrong with the answer, or nothing. */
async function call(route: FuzzRoute, input: Input): Promise<string | undefined> {
  const url = urlOf(route, input);
  const send = () => {
    if (input.raw && unsafe.has(route.method))
      return superuser.request({
        method: route.method,
        url,
        payload: input.raw.payload,
        headers: input.raw.type === undefined ? {} : { 'content-type': input.raw.type },
      });
    if (!unsafe.has(route.method) || input.body === undefined)
      return superuser.request({ method: route.method, url });
    if (route.multipart && input.form) {
      const form = multipartOf(input.body);
      return superuser.request({
        method: route.method,
        url,
        payload: form.payload,
        headers: form.headers,
      });
    }
    return superuser.request({
      method: route.method,
      url,
      payload: JSON.stringify(input.body),
      headers: { 'content-type': 'application/json' },
    });
  };
  let response = await send();
  if (response.statusCode === 401) {
    // A previous run signed the superuser out: once more with a fresh session.
    superuser = await freshSuperuser();
    response = await send();
  }
  const head = `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) return head;
  // The app's own answer, security headers included (Fastify's default answer to a bad path had none).
  if (response.statusCode >= 400 && !response.headers['content-security-policy'])
    return `error answer without the security headers: ${head}`;
  if (leak.test(response.body)) return `stack trace or internals: ${head}`;
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    if (!type.startsWith('application/json')) return `error answer not JSON (${type}): ${head}`;
    const body = response.json<{ detail?: unknown }>();
    if (typeof body.detail !== 'string') return `error answer without detail: ${head}`;
  } else if (type.startsWith('application/json') && response.body) {
    JSON.parse(response.body);
  }
  return undefined;
}

/** The three kinds of generated input for a route. */
function inputs(route: FuzzRoute) {
  const params = route.params ? valid(route.params) : fc.constant(undefined);
  const paramsWrong = route.params ? fc.oneof(valid(route.params), wrongField(route.params)) : params;
  const query = route.querystring
    ? fc.option(valid(route.querystring), { nil: undefined })
    : fc.constant(undefined);
  const form = route.multipart ? fc.boolean() : fc.constant(false);
  return {
    json: fc.record({
      form,
      params,
      body: route.body ? anyJson : fc.constant(undefined),
      query: route.querystring ? fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 4 }) : query,
    }),
    wrong: fc.record({
      form,
      params: paramsWrong,
      body: route.body ? wrongField(route.body) : fc.constant(undefined),
      query: route.querystring ? wrongField(route.querystring) : query,
    }),
    valid: fc.record({
      form,
      params,
      body: route.body ? valid(route.body) : fc.constant(undefined),
      query,
    }),
    unreadable: unreadable(route, params),
  };
}

/** What the server cannot read: malformed multipart, wrong content types, bad percent-encoding. */
function unreadable(route: FuzzRoute, params: fc.Arbitrary<unknown>): fc.Arbitrary<Input> {
  const encodings = fc.oneof(
    fc.constantFrom(...badPercent).map((text) => ({ name: `path ${text}`, text, where: 'path' as const })),
    fc.constantFrom(...badQuery).map((text) => ({ name: `query ${text}`, text, where: 'query' as const })),
  );
  const badUrl = fc.record({ params, badEncoding: encodings });
  if (!unsafe.has(route.method)) return badUrl;
  const bodies = fc.constantFrom(
    ...malformedMultipart.map(({ name, type, body }) => ({ name, type, payload: body })),
    ...wrongContentTypes,
  );
  return fc.oneof(fc.record({ params, raw: bodies }), badUrl);
}

describe('fuzzing every validated request', () => {
  it('discovers the routes from the route table', () => {
    const labels = routes.map((route) => route.label);
    expect(routes.length).toBeGreaterThan(100);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login/',
        'POST /api/complaints/',
        'PUT /api/admin/policies/:id/',
        'GET /api/restrictions/',
      ]),
    );
    expect(routes.filter((route) => route.body).length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.multipart).length).toBeGreaterThan(0);
  });

  it.each(routes.map((route) => [route.label, route] as const))(
    '%s answers no 5xx',
    async (_label, route) => {
      const kinds = inputs(route);
      const failures: string[] = [];
      // Unreadable requests: each run is kept apart (nothing to shrink), and every bad answer counted.
      await fc.assert(
        fc.asyncProperty(kinds.unreadable, async (input) => {
          const problem = await call(route, input);
          if (problem)
            failures.push(`unreadable (${input.raw?.name ?? input.badEncoding?.name}): ${problem}`);
        }),
        // A seed of each route's own: the same seed would pick the same few bodies for every route.
        { numRuns: runs.unreadable, seed: seed + routes.indexOf(route) },
      );
      for (const kind of ['json', 'wrong', 'valid'] as const) {
        const result = await fc.check(
          fc.asyncProperty(kinds[kind], async (input) => {
            const problem = await call(route, input);
            if (problem) throw new Error(problem);
          }),
          { numRuns: runs[kind], seed, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
        );
        if (result.failed)
          failures.push(`${kind}: ${String(result.errorInstance)}\n${fc.defaultReportMessage(result)}`);
      }
      expect(failures.join('\n\n')).toBe('');
    },
  );
});

/** What the fuzzing found (issue 7), each kept as a plain example. */
describe('regressions found by fuzzing', () => {
  it('refuses a NUL character in a body, a query string or a path with 422, changing nothing', async () => {
    const client = await freshSuperuser();
    const update = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'Ann\u0000', last_name: 'Fuzz' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({ errors: { first_name: nullCharacterMessage } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, superuserId!));
    expect(row?.lastName).not.toBe('Fuzz');
    for (const url of ['/api/restrictions/?q=a%00b', '/api/indicators/a%00b/', '/api/reports/a%00b/data/'])
      expect((await client.request({ url })).statusCode, url).toBe(422);
  });

  it('answers 422, not 500, for ids past the integer column', async () => {
    const client = await freshSuperuser();
    const past = maxRecordId + 1;
    const item = await client.request({ url: `/api/admin/policies/${past}/` });
    expect(item.statusCode).toBe(422);
    expect(item.json()).toMatchObject({ errors: { id: 'Not found.' } });
    expect((await client.request({ url: `/api/admin/policies/${maxRecordId}/` })).statusCode).toBe(404);
    expect((await client.request({ url: `/api/manage/complaints/${past}/` })).statusCode).toBe(422);
    expect((await client.request({ url: `/api/admin/users/?group=${past}` })).statusCode).toBe(422);
    const created = await client.request({
      method: 'POST',
      url: '/api/admin/restriction-access/',
      payload: { holder: 'group', group: 1, country: 'KE', sector: 2 ** 53 - 1, can_edit: false },
    });
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json<{ errors: object }>().errors)).toEqual(['sector']);
  });

  it('answers 409 "in use" when purging a sector that still has sub-sectors (a restrict key)', async () => {
    const client = await freshSuperuser();
    const [child] = await ctx.db
      .select({ parentId: sectors.parentId })
      .from(sectors)
      .where(isNotNull(sectors.parentId))
      .limit(1);
    const purge = await client.request({ method: 'DELETE', url: `/api/admin/sectors/${child!.parentId}/` });
    expect(purge.statusCode).toBe(409);
    expect(purge.json()).toMatchObject({ detail: adminTexts.inUse });
  });
});

import type { RouteAccess } from '../../auth/access.js';

// What the route transform stamps on each operation for the document transform to read, then drop.
export const accessMark = 'x-stp-access';
export const csrfMark = 'x-stp-csrf';

/** The methods an OpenAPI 3.0 path item may hold. */
export const openapiMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const unsafeMethods = new Set(['post', 'put', 'patch', 'delete']);

/** An operation as the document transform handles it (the fields it reads or writes). */
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [accessMark]?: RouteAccess;
  [csrfMark]?: boolean;
}

/** The security schemes every operation's `security` names (auth.plugin.ts). */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'stp_session',
    description: 'The session cookie set by `POST /api/auth/login/`.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A token from `GET /api/cache/token/`, bound to the session; no CSRF header needed.',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description:
      'Unsafe methods without a bearer token echo the CSRF value: from the host page (`data-csrf`), the login and logout answers, or `GET /api/auth/csrf/`. A visitor also sends back the `stp_csrf` cookie set with it (signed double submit).',
  },
} as const;

/** The error answers the request path gives any route (http/error-handler.ts). */
export const errorComponents = {
  schemas: {
    Error: {
      type: 'object',
      properties: {
        detail: { type: 'string' },
        title: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['detail'],
    },
  },
  responses: {
    NotSignedIn: errorResponse('Not signed in (no session, or an invalid or expired token).'),
    Forbidden: errorResponse('Not allowed: a missing permission, or a failed CSRF check.'),
    ValidationFailed: errorResponse('Validation failed: `errors` maps each field to its message.'),
    RateLimited: errorResponse('Too many requests (`title` is "API Limit").'),
  },
};

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** Words of a path: `/api/admin/groups/{id}/` → admin, groups, by id. */
function pathWords(url: string): string[] {
  return url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const words = (param?.[1] ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['by', ...words] : words;
    });
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A stable camelCase id from the method and path: `GET /api/sectors/{slug}/` → `getSectorsBySlug`. */
export function operationIdOf(method: string, url: string): string {
  return [method.toLowerCase(), ...pathWords(url).map(capitalised)].join('');
}

const verbs: Record<string, string> = {
  get: 'Get',
  post: 'Post',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
};

/** A summary for a route that declares none: `DELETE /api/admin/holidays/{id}/` → "Delete admin holidays by id". */
export function derivedSummary(method: string, url: string): string {
  return [verbs[method] ?? capitalised(method), ...pathWords(url)].join(' ');
}

/** The tag of a route that declares none: its first path segment (`admin` for the staff side). */
export function derivedTag(url: string): string {
  return pathWords(url)[0] ?? 'portal';
}

/**
 * The operation's security from the route's declared access (auth.plugin.ts): public routes need
 * nothing, the others the session cookie or a bearer token; unsafe methods checked for CSRF also need
 * the `X-CSRFToken` header unless the caller uses a bearer token.
 */
export function securityOf(
  method: string,
  access: RouteAccess,
  csrfChecked: boolean,
): Record<string, string[]>[] {
  const csrf = unsafeMethods.has(method) && csrfChecked;
  if (access.kind === 'public') return csrf ? [{ csrf: [] }, { bearer: [] }] : [];
  return [csrf ? { session: [], csrf: [] } : { session: [] }, { bearer: [] }];
}

/** Who may call it, in words, for the operation's description. */
export function accessText(access: RouteAccess): string {
  if (access.kind === 'public') return 'Access: public.';
  if (access.kind === 'signed-in') return 'Access: any signed-in user.';
  const { permissions = [], mode, superuser } = access.requirement;
  if (superuser) return 'Access: superusers only.';
  const joined = permissions
    .map((codename) => `\`${codename}\``)
    .join(mode?.toUpperCase() === 'OR' ? ' or ' : ' and ');
  return `Access: staff holding ${joined}.`;
}

/** The error answers an operation can give, beside those it declares itself. */
export function errorResponsesOf(method: string, operation: Operation, access: RouteAccess) {
  const responses: Record<string, { $ref: string }> = {};
  const ref = (name: keyof typeof errorComponents.responses) => ({ $ref: `#/components/responses/${name}` });
  if (access.kind !== 'public') responses['401'] = ref('NotSignedIn');
  if (access.kind === 'permission' || (unsafeMethods.has(method) && operation[csrfMark] !== false))
    responses['403'] = ref('Forbidden');
  if (operation.requestBody || operation.parameters?.length) responses['422'] = ref('ValidationFailed');
  responses['429'] = ref('RateLimited');
  return responses;
}

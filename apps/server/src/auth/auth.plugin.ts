import { messages } from '@stp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, forbidden, notSignedIn } from '../http/errors.js';
import { staffMay, type RouteAccess } from './access.js';
import { loadSessionPrincipal, type Principal } from './principal.js';
import type { SessionRow } from './sessions.js';
import { isSignedValue, safeEqual, sha256, signedValue } from './tokens.js';

export const sessionCookie = 'stp_session';
export const anonymousCsrfCookie = 'stp_csrf';
/** The visitor's CSRF value is signed (OWASP's signed double submit): docs/security.md. */
export const csrfPurpose = 'anonymous-csrf';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false for the few routes called by machines that hold no cookie (webhooks). */
    csrf?: boolean;
  }
  interface FastifyInstance {
    /** Every API route with its declared access and schema: the security suites walk it. */
    routeTable: { method: string; url: string; access: RouteAccess; schema?: FastifySchema }[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    session: SessionRow | null;
    authMethod: 'session' | 'bearer' | null;
  }
}

/** Cookie attributes: HttpOnly, SameSite=Lax, Secure whenever the request came over HTTPS. */
export function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The anonymous cookie's value if the server signed it; a planted or stale one counts as none. */
function anonymousCsrf(request: FastifyRequest): string | undefined {
  const value = request.cookies[anonymousCsrfCookie];
  return isSignedValue(request.server.deps.config.secretKey, csrfPurpose, value) ? value : undefined;
}

/** The CSRF value the caller must echo: the session's, or the anonymous cookie's (issued if missing). */
export function csrfFor(request: FastifyRequest, reply: FastifyReply): string {
  if (request.session) return request.session.csrfToken;
  const existing = anonymousCsrf(request);
  if (existing) return existing;
  const fresh = signedValue(request.server.deps.config.secretKey, csrfPurpose);
  reply.setCookie(anonymousCsrfCookie, fresh, cookieOptions(request, 365 * 24 * 3600));
  return fresh;
}

function expectedCsrf(request: FastifyRequest): string | undefined {
  return request.session ? request.session.csrfToken : anonymousCsrf(request);
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { db, tokens } = app.deps;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    // An invalid or stale token counts as anonymous: public routes still answer, the rest say 401.
    const claims = await tokens.verify(header.slice(7).trim());
    if (!claims) return;
    const found = await loadSessionPrincipal(db, claims.sessionHash);
    if (!found || found.session.userId !== claims.userId) return;
    request.session = found.session;
    request.principal = found.principal;
    request.authMethod = 'bearer';
    return;
  }
  const cookie = request.cookies[sessionCookie];
  if (!cookie) return;
  const found = await loadSessionPrincipal(db, sha256(cookie));
  if (!found) {
    reply.clearCookie(sessionCookie, cookieOptions(request));
    return;
  }
  request.session = found.session;
  request.principal = found.principal;
  request.authMethod = 'session';
}

/**
 * The guard of the request path: authenticate (cookie or bearer) -> 401 for anonymous callers of
 * non-public routes -> CSRF (unsafe methods not bearer-authenticated) -> [zod validation] ->
 * staff status and permission codename (403).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('session', null);
  app.decorateRequest('authMethod', null);

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.routeTable.push({ method, url: route.url, access: declared, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.access) return;
    await authenticate(app, request, reply);
  });

  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.config;
    if (!route.access) return;
    // Nothing a visitor sends to a guarded route can act, so 401 comes before the CSRF check.
    if (route.access.kind !== 'public' && !request.principal) throw notSignedIn();
    // Public unsafe routes (login, registration) are checked too: login CSRF is an attack of its own.
    if (unsafeMethods.has(request.method) && route.csrf !== false && request.authMethod !== 'bearer') {
      const expected = expectedCsrf(request);
      const given = request.headers['x-csrftoken'];
      if (!expected || typeof given !== 'string' || !safeEqual(given, expected)) {
        throw new HttpError(403, messages.csrfFailed);
      }
    }
  });

  app.addHook('preHandler', async (request) => {
    const route = request.routeOptions.config.access;
    if (route?.kind !== 'permission') return;
    // Every permission route is a staff route: the codename alone does not let a client in.
    if (!staffMay(request.principal, route.requirement)) throw forbidden();
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index.js';
import { anonymousCsrfCookie, cookieOptions, csrfFor, sessionCookie } from './auth.plugin.js';
import type { Principal } from './principal.js';
import { createSession, deleteSession } from './sessions.js';

/** Signs the principal in: the old session (if any) is destroyed and a new id and CSRF token issued. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, principal: Principal) {
  const { db, config, tokens } = request.server.deps;
  const previous = request.session;
  // Rotation and the last-login stamp land together or not at all.
  const { cookieValue, session } = await db.transaction(async (tx) => {
    if (previous) await deleteSession(tx, previous.idHash);
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, principal.user.id));
    return createSession(tx, {
      userId: principal.user.id,
      ttlMs: config.sessionTtlMs,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
  });
  reply.setCookie(sessionCookie, cookieValue, cookieOptions(request, Math.floor(config.sessionTtlMs / 1000)));
  reply.clearCookie(anonymousCsrfCookie, cookieOptions(request));
  request.session = session;
  request.principal = principal;
  request.authMethod = 'session';
  const token = await tokens.sign({ userId: principal.user.id, sessionHash: session.idHash });
  return { csrf: session.csrfToken, token };
}

/** Signs out: destroys the session and hands back a fresh anonymous CSRF value. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  if (request.session) await deleteSession(request.server.deps.db, request.session.idHash);
  reply.clearCookie(sessionCookie, cookieOptions(request));
  request.session = null;
  request.principal = null;
  request.authMethod = null;
  // Drop the old anonymous value too: a fresh one is issued for the signed-out state.
  delete request.cookies[anonymousCsrfCookie];
  return csrfFor(request, reply);
}

import { and, eq, lt, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { randomToken, sha256 } from './tokens.js';

export type SessionRow = typeof sessions.$inferSelect;

export interface NewSession {
  /** The raw id for the cookie; only its hash is stored. */
  cookieValue: string;
  session: SessionRow;
}

/** Starts a session with a fresh id and a fresh CSRF token (rotation happens by deleting the old one). */
export async function createSession(
  db: Executor,
  input: { userId: number; ttlMs: number; ip: string; userAgent: string },
): Promise<NewSession> {
  const cookieValue = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      idHash: sha256(cookieValue),
      userId: input.userId,
      csrfToken: randomToken(),
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 400),
      expiresAt: new Date(Date.now() + input.ttlMs),
    })
    .returning();
  if (!session) throw new Error('Session insert returned nothing');
  return { cookieValue, session };
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user but one (a password change keeps the browser that made it). */
export async function deleteOtherSessions(db: Executor, userId: number, keepIdHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}

/** Removes every expired session; returns how many went. */
export async function purgeExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ idHash: sessions.idHash });
  return removed.length;
}

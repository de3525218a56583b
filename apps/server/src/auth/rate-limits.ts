import { messages } from '@stp/shared';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSetting } from '../config.js';
import type { Executor } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { HttpError } from '../http/errors.js';
import { clientAddress } from './client-address.js';
import { sha256 } from './tokens.js';

// Expired rows are removed by the instance that next counts a hit, at most this often.
const cleanupEveryMs = 60_000;
const lastCleanup = new WeakMap<object, number>();

async function removeExpired(db: Executor): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}

/**
 * Counts one hit on `key` in the database, in one atomic statement: a window that has run out starts
 * again at 1. The database clock decides, so instances whose clocks differ still agree.
 */
export async function countHit(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const expired = sql`${rateLimitHits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      // now() is the statement's transaction start: a hit that waited on the row lock while another
      // opened the window started before it, so its time left is capped at the window.
      ttlMs: sql<number>`least(ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000)::int, ${windowMs}::int)`,
    });
  if (!row) throw new Error('The rate limit upsert returned nothing');
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) >= cleanupEveryMs) {
    lastCleanup.set(db, now);
    void removeExpired(db).catch(() => lastCleanup.delete(db));
  }
  return row;
}

/** Takes back one hit on `key` (an attempt that was refused before it could act). */
export async function uncountHit(db: Executor, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(eq(rateLimitHits.key, key));
}

/** Forgets `key` (a count that a success resets). */
export async function forgetHits(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/**
 * Takes the slot `key` for `delayMs` if it is free, in one atomic statement: of simultaneous callers one
 * gets it. Returns 0 when taken, otherwise the milliseconds until it is free.
 */
export async function takeSlot(db: Executor, key: string, delayMs: number): Promise<number> {
  const until = sql`now() + ${delayMs} * interval '1 millisecond'`;
  const taken = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: { hits: sql`${rateLimitHits.hits} + 1`, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${rateLimitHits.expiresAt} <= now()`,
    })
    .returning({ key: rateLimitHits.key });
  if (taken.length > 0) return 0;
  const [row] = await db
    .select({ ms: sql<number>`ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000)::int` })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key));
  return Math.max(1, row?.ms ?? 1);
}

/** Holds `key` for `ms` from now, made if missing (a slot's delay from the answer; a known address). */
export async function holdKey(db: Executor, key: string, ms: number): Promise<void> {
  const until = sql`now() + ${ms} * interval '1 millisecond'`;
  await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, expiresAt: until })
    .onConflictDoUpdate({ target: rateLimitHits.key, set: { expiresAt: sql`excluded.expires_at` } });
}

/** The spec's 429 ("API Limit") with a Retry-After of the time left, in whole seconds. */
export function tooManyRequests(reply: FastifyReply, ttlMs: number): HttpError {
  reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
  return new HttpError(429, messages.apiLimit, undefined, messages.apiLimitTitle);
}

/**
 * A named limit on top of the global one, as a preHandler (after validation, so it can key on the body).
 * Counted in the database (`rate_limit_hits`), so every instance sees the same count; the caller's part
 * of the key is hashed, as a login's e-mail field sometimes holds a mistyped password.
 */
export function limitBy(
  app: FastifyInstance,
  name: string,
  setting: RateLimitSetting,
  key: (request: FastifyRequest) => string = clientAddress,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const { hits, ttlMs } = await countHit(
      app.deps.db,
      `${name}:${sha256(key(request))}`,
      setting.timeWindow,
    );
    if (hits > setting.max) throw tooManyRequests(reply, ttlMs);
  };
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Executor } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { cookieOptions } from './auth.plugin.js';
import { clientAddress } from './client-address.js';
import { countHit, forgetHits, holdKey, takeSlot, tooManyRequests, uncountHit } from './rate-limits.js';
import { isSignedValue, sha256, signedValue } from './tokens.js';

/**
 * Login limits per account (issue 29, item 6; docs/security.md "Login limits"): guesses are counted per
 * account and client, and past a ceiling per account strangers wait a growing delay, so nobody keeps
 * the owner out and spreading guesses over many addresses stays slow.
 */

/** A browser the account signed in from: its own allowance, and no wait behind strangers. */
export const deviceCookie = 'stp_device';
const devicePurpose = 'login-device';
const deviceMaxAgeSeconds = 180 * 24 * 3600;
/** An address the account signed in from is known this long after. */
const knownAddressMs = 30 * 24 * 3_600_000;
const firstDelayMs = 1_000;
const longestDelayMs = 15 * 60_000;
/** While a stranger's password is being checked the slot stays taken (then the delay runs from the answer). */
const checkingMs = 10_000;

interface Attempt {
  account: string;
  address: string;
  /** Failures of this account from this client (its device, or its address). */
  pairKey: string;
  /** Counted on the account's ceiling (a stranger's attempt): taken back if it succeeds. */
  ceilingKey: string | null;
  slotDelayMs: number;
}

const attempts = new WeakMap<FastifyRequest, Attempt>();

const keyOf = (...parts: string[]) => sha256(parts.join('\u0000'));

async function isKnownAddress(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimitHits.key })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, sql`now()`)));
  return Boolean(row);
}

/**
 * The login's preHandler (after validation: it reads the e-mail). Per account and client:
 * `RATE_LIMIT_LOGIN_ACCOUNT` attempts, the count forgotten at a success. A client the account knows
 * (its device cookie, or an address it signed in from) stops there. Anyone else also counts on the
 * account's `RATE_LIMIT_LOGIN_ACCOUNT_CEILING`; past it, one stranger's attempt at a time, each after a
 * delay that doubles from 1 s to 15 min. Every refusal is a 429 before any password is hashed.
 */
export function loginLimits(app: FastifyInstance): preHandlerAsyncHookHandler {
  const { db, config } = app.deps;
  const { loginPerAccount, loginAccountCeiling } = config.rateLimits;
  return async (request, reply) => {
    const account = sha256((request.body as { email: string }).email);
    const address = clientAddress(request);
    const device = request.cookies[deviceCookie];
    const knownDevice = isSignedValue(config.secretKey, devicePurpose, device, account);
    const pairKey = `login-account:${keyOf(account, knownDevice ? `device:${device}` : `address:${address}`)}`;

    const pair = await countHit(db, pairKey, loginPerAccount.timeWindow);
    if (pair.hits > loginPerAccount.max) throw tooManyRequests(reply, pair.ttlMs);

    const known = knownDevice || (await isKnownAddress(db, `login-known:${keyOf(account, address)}`));
    if (known) {
      attempts.set(request, { account, address, pairKey, ceilingKey: null, slotDelayMs: 0 });
      return;
    }
    const ceilingKey = `login-ceiling:${account}`;
    const ceiling = await countHit(db, ceilingKey, loginAccountCeiling.timeWindow);
    const over = ceiling.hits - loginAccountCeiling.max;
    let slotDelayMs = 0;
    if (over > 0) {
      slotDelayMs = Math.min(longestDelayMs, firstDelayMs * 2 ** Math.min(over - 1, 20));
      const waitMs = await takeSlot(db, `login-slot:${account}`, slotDelayMs + checkingMs);
      if (waitMs > 0) {
        // A refused attempt guessed nothing: it counts neither on the ceiling nor on the pair.
        await Promise.all([uncountHit(db, ceilingKey), uncountHit(db, pairKey)]);
        throw tooManyRequests(reply, waitMs);
      }
    }
    attempts.set(request, { account, address, pairKey, ceilingKey, slotDelayMs });
  };
}

/** The strangers' delay runs from the answer to the attempt that held the slot. */
async function releaseSlot(request: FastifyRequest, attempt: Attempt | undefined): Promise<void> {
  if (!attempt?.slotDelayMs) return;
  await holdKey(request.server.deps.db, `login-slot:${attempt.account}`, attempt.slotDelayMs);
}

/** A wrong password. */
export async function loginFailed(request: FastifyRequest): Promise<void> {
  await releaseSlot(request, attempts.get(request));
}

/**
 * The right password: this client's count starts again, the ceiling takes the attempt back, the address
 * becomes known to the account and the browser gets (or keeps) its device cookie.
 */
export async function loginSucceeded(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const attempt = attempts.get(request);
  if (!attempt) return;
  const { db, config } = request.server.deps;
  await Promise.all([
    releaseSlot(request, attempt),
    forgetHits(db, attempt.pairKey),
    attempt.ceilingKey ? uncountHit(db, attempt.ceilingKey) : undefined,
    holdKey(db, `login-known:${keyOf(attempt.account, attempt.address)}`, knownAddressMs),
  ]);
  const current = request.cookies[deviceCookie];
  if (isSignedValue(config.secretKey, devicePurpose, current, attempt.account)) return;
  const device = signedValue(config.secretKey, devicePurpose, attempt.account);
  reply.setCookie(deviceCookie, device, cookieOptions(request, deviceMaxAgeSeconds));
}

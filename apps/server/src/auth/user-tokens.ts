import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { userTokens } from '../db/schema/index.js';
import { randomToken, sha256 } from './tokens.js';

export type UserTokenPurpose = 'confirm' | 'reset' | 'invite';

export const userTokenTtlMs: Record<UserTokenPurpose, number> = {
  confirm: 3 * 24 * 3_600_000,
  reset: 2 * 3_600_000,
  invite: 7 * 24 * 3_600_000,
};

/** Issues a one-time link token; only its hash is stored. */
export async function issueUserToken(
  db: Executor,
  userId: number,
  purpose: UserTokenPurpose,
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + userTokenTtlMs[purpose]),
  });
  return token;
}

/** A token that exists for one of these purposes, is not used up and has not expired. */
function validToken(token: string, purposes: UserTokenPurpose[]) {
  return and(
    eq(userTokens.tokenHash, sha256(token)),
    inArray(userTokens.purpose, purposes),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );
}

/** The user a still-valid token belongs to, without using it up. */
export async function peekUserToken(
  db: Executor,
  token: string,
  purposes: UserTokenPurpose[],
): Promise<number | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(validToken(token, purposes))
    .limit(1);
  return row?.userId ?? null;
}

/** Uses a token up in one statement, so two submissions of the same link cannot both succeed. */
export async function consumeUserToken(
  db: Executor,
  token: string,
  purposes: UserTokenPurpose[],
): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(validToken(token, purposes))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

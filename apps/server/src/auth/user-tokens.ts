import { and, eq, gt, isNull } from 'drizzle-orm';
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

/** The user a still-valid token belongs to, without using it up. */
export async function peekUserToken(
  db: Executor,
  token: string,
  purposes: UserTokenPurpose[],
): Promise<number | null> {
  const [row] = await db
    .select({ userId: userTokens.userId, purpose: userTokens.purpose })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row && purposes.includes(row.purpose as UserTokenPurpose) ? row.userId : null;
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
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId, purpose: userTokens.purpose });
  return row && purposes.includes(row.purpose as UserTokenPurpose) ? row.userId : null;
}

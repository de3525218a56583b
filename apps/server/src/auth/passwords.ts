import { loadOnce } from '../lib/load-once.js';

/** The argon2 binding, loaded at the first password hashed or checked (not by the start). */
const argon2 = loadOnce(() => import('@node-rs/argon2'));

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return hash(password, options);
}

// Verified against when the account does not exist, so a miss costs as long as a hit.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still spends the same time and fails. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const { hash, verify } = await argon2();
  if (!stored) {
    dummyHash ??= hash('no-such-account-password', options);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

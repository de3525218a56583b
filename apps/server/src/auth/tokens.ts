import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** A random URL-safe secret (session ids, CSRF tokens, mailed links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a token: the database keeps this, never the token itself. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// 22 + 21 characters: a 128-bit nonce and 126 bits of its HMAC, the 43 URL-safe characters of the
// server's other tokens.
const nonceLength = 22;
const macLength = 21;
const signedShape = /^[\w-]{43}$/;

function macOf(secret: string, purpose: string, nonce: string, binding: string): string {
  // A key per purpose, so no value made for one use (or the bearer tokens) is good for another.
  const key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  return createHmac('sha256', key).update(`${binding}:${nonce}`).digest('base64url').slice(0, macLength);
}

/**
 * A value only the server can make: a random nonce and its HMAC under the secret, for one purpose and
 * optionally bound to something (an account), so a value planted in a cookie is worth nothing.
 */
export function signedValue(secret: string, purpose: string, binding = ''): string {
  const nonce = randomToken(16);
  return `${nonce}${macOf(secret, purpose, nonce, binding)}`;
}

/** Whether the server made this value for this purpose and binding (any instance sharing the secret). */
export function isSignedValue(
  secret: string,
  purpose: string,
  value: string | undefined,
  binding = '',
): value is string {
  if (!value || !signedShape.test(value)) return false;
  const nonce = value.slice(0, nonceLength);
  return safeEqual(value.slice(nonceLength), macOf(secret, purpose, nonce, binding));
}

export interface BearerClaims {
  userId: number;
  sessionHash: string;
}

/** Signs and checks the short-lived bearer tokens (HS256) handed out by `/api/cache/token/`. */
export class BearerTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    // Derived so the JWT key differs from every other use of the secret.
    this.key = createHash('sha256').update(`bearer:${secret}`).digest();
  }

  /** A token bound to a live session: logging out kills it too. */
  sign(claims: BearerClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionHash })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<BearerClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
      return { userId, sessionHash: payload.sid };
    } catch {
      return null;
    }
  }
}

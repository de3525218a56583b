import { createHash, createHmac } from 'node:crypto';
import { randomToken, safeEqual } from './tokens.js';

// 22 + 21 characters: a 128-bit nonce and 126 bits of its HMAC, the 43 URL-safe characters of every
// other token of the server.
const nonceLength = 22;
const macLength = 21;
const valueShape = /^[\w-]{43}$/;

function macOf(secret: string, nonce: string): string {
  // Derived so this key differs from every other use of the secret (bearer tokens have their own).
  const key = createHash('sha256').update(`anonymous-csrf:${secret}`).digest();
  return createHmac('sha256', key).update(nonce).digest('base64url').slice(0, macLength);
}

/**
 * A visitor's CSRF value (OWASP's signed double submit): a random nonce and its HMAC under the server's
 * secret, so a cookie the server never issued is worth nothing.
 */
export function signedCsrfValue(secret: string): string {
  const nonce = randomToken(16);
  return `${nonce}${macOf(secret, nonce)}`;
}

/** Whether the server made this value (any instance sharing the secret). */
export function isSignedCsrfValue(secret: string, value: string | undefined): value is string {
  if (!value || !valueShape.test(value)) return false;
  return safeEqual(value.slice(nonceLength), macOf(secret, value.slice(0, nonceLength)));
}

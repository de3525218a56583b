import { createHash, createHmac } from 'node:crypto';
import { subscriptionApiPaths, subscriptionPagePaths, type Locale } from '@stp/shared';
import { safeEqual, sha256 } from '../../auth/tokens.js';
import { addressIn } from '../../web/seo.js';

/**
 * The token of a subscription's unsubscribe and manage links. Every mail carries it, so it cannot be a
 * random value kept only as its hash (a later digest could not write it): it is the HMAC of the
 * subscription's id under the server's secret, with a key of its own purpose. The row keeps its SHA-256
 * (as the accounts module keeps its tokens), which the links are compared with in constant time;
 * deleting the row (unsubscribing) makes every link of it worthless.
 */
export function linkToken(secret: string, id: number): string {
  const key = createHash('sha256').update(`subscription-link:${secret}`).digest();
  return createHmac('sha256', key).update(String(id)).digest('base64url');
}

/** Whether `token` is the stored hash's token, compared in constant time. */
export function tokenMatches(token: string | undefined, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  return safeEqual(sha256(token), storedHash);
}

const withLink = (path: string, id: number, token: string) =>
  `${path}?s=${id}&t=${encodeURIComponent(token)}`;

/** The addresses a mail about subscription `id` links to, in the subscriber's language. */
export function subscriptionLinks(publicUrl: string, id: number, token: string, lang: Locale) {
  return {
    confirm: addressIn(publicUrl, withLink(subscriptionPagePaths.confirm, id, token), lang),
    manage: addressIn(publicUrl, withLink(subscriptionPagePaths.manage, id, token), lang),
    unsubscribePage: addressIn(publicUrl, withLink(subscriptionPagePaths.unsubscribe, id, token), lang),
    /** RFC 8058's address: a POST there unsubscribes, with nothing else to do. */
    oneClick: `${publicUrl}/api${withLink(subscriptionApiPaths.unsubscribe, id, token)}`,
  };
}

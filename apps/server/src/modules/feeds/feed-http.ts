import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@stp/shared';
import { siteNames } from '../../web/seo.js';
import type { AtomPerson } from './atom.js';

/** Entries of a feed at most: enough for a reader polling daily, small enough to build on every miss. */
export const feedSize = 50;

/** The year the portal took its tag: URIs' names (RFC 4151); never changed, or every id would change. */
const tagYear = '2026';
const dnsName = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/** A permanent id (RFC 4151 tag: URI) under the portal's host name: `tag:portal.example,2026:<specific>`. */
export function tagUri(publicUrl: string, specific: string): string {
  const host = new URL(publicUrl).hostname.toLowerCase();
  return `tag:${dnsName.test(host) ? host : 'portal.invalid'},${tagYear}:${specific}`;
}

/** The portal as the author of a feed, linked to its home page. */
export const portalAuthor = (publicUrl: string, lang: Locale): AtomPerson => ({
  name: siteNames[lang],
  uri: `${publicUrl}/`,
});

/** Paging and ordering of the list queries a feed reuses: a feed has neither. */
const notFilters = new Set(['page', 'page_size', 'sort']);

/**
 * A validated list query as a query string in one spelling (keys sorted, lists as comma lists, empty
 * values and paging left out): the feed's own address, its id and its cache key.
 */
export function canonicalQuery(query: object, omit: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of entries) {
    if (notFilters.has(key) || omit.includes(key)) continue;
    const text = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
    if (text !== '') params.set(key, text);
  }
  return params;
}

/** An address with its query string (none when empty). */
export const withQuery = (path: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/**
 * Sends a feed as the other public reads go out (publicly cacheable for 30 s), with an ETag of its bytes
 * and its newest entry's date as Last-Modified: a reader asking again with the ETag gets a 304 while
 * nothing changed. Only the ETag decides: a feed can change without a newer entry (a record withdrawn).
 */
export function sendFeed(request: FastifyRequest, reply: FastifyReply, xml: string, updated: Date) {
  const tag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 32)}"`;
  reply
    .header('Cache-Control', 'public, max-age=30')
    .header('ETag', tag)
    .header('Last-Modified', updated.toUTCString());
  const asked = request.headers['if-none-match'];
  const known = asked?.split(',').map((value) => value.trim().replace(/^W\//, ''));
  if (known && (known.includes(tag) || known.includes('*'))) return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(xml);
}

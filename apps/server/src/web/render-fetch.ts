import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Marks the API reads a page's server render makes in-process: a secret of this process, so no request
 * from outside can claim to be one. Such reads do not count against the global rate limit: the page's
 * own request did.
 */
const renderReadHeader = 'x-stp-render-read';
const renderReadSecret = randomBytes(24).toString('base64url');

/** Whether a request is a page render's own read of the API (see `renderFetch`). */
export function isRenderRead(request: FastifyRequest): boolean {
  return request.headers[renderReadHeader] === renderReadSecret;
}

const urlOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;

/**
 * A `fetch` for the web app's server render: each GET goes through the server's own routes with
 * `app.inject`, the whole request path of ARCHITECTURE.md (authentication, validation, permissions,
 * public visibility), as a visitor without a session.
 */
export function renderFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`A page render only reads: ${method} ${urlOf(input)}`);
    const url = urlOf(input);
    if (!url.startsWith('/api/')) throw new Error(`A page render reads the API only: ${url}`);
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'x-requested-with': 'XMLHttpRequest', [renderReadHeader]: renderReadSecret },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

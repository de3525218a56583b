import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequestText } from './errors.js';

/**
 * Browser features no screen uses, off for the page and every frame in it: a script that got in cannot
 * ask for the camera, the location or a payment. Only names Chromium knows: an unknown one is a console
 * warning on every page.
 */
export const permissionsPolicy = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const hsts = 'max-age=31536000; includeSubDomains';

/** The headers of every answer (docs/security.md, "Headers"): set as the request arrives, so errors carry them. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something over HTTPS: sent below when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // What frame-ancestors 'none' says, for browsers that read only this header (helmet's default is
    // SAMEORIGIN). An answer that lets the portal frame it says SAMEORIGIN with frame-ancestors 'self'.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', permissionsPolicy);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
    if (isSubresource(reply)) for (const name of documentOnlyHeaders) reply.removeHeader(name);
  });
}

/**
 * Headers that govern a document (what it may run, frame, ask for or send as referrer) and nothing in a
 * script, style sheet or font. Kept off those answers: over HTTP/1.1 their 1.3 KB went with every chunk,
 * counted in each page's JavaScript budget (docs/security.md, "Headers"). X-Content-Type-Options,
 * Cross-Origin-Resource-Policy, HSTS and the caching headers stay.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A successful script, style sheet or font answer: never a document, so never shown or framed (the
 * portal starts no workers, the one kind of script a CSP would govern). An SVG, an error or anything
 * else keeps the full set.
 */
function isSubresource(reply: FastifyReply): boolean {
  if (reply.statusCode !== 200 && reply.statusCode !== 304) return false;
  const type = String(reply.getHeader('content-type') ?? '');
  return /^(?:text\/javascript|application\/javascript|text\/css|font\/)/.test(type);
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding is answered before any hook
 * runs. The same JSON error as a malformed body, with the strictest form of the headers above (nothing
 * in a JSON error needs more). No HSTS: this request object does not know the trusted proxy's
 * X-Forwarded-Proto, and every other answer carries it.
 */
export function answerUnroutable(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // Nothing returned: a reply is thenable, and Fastify's frameworkErrors expects a plain function.
  void reply
    .code(400)
    .headers({
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': permissionsPolicy,
      'Cache-Control': 'no-store',
    })
    .send({ detail: badRequestText });
}

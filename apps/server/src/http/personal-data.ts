import type { FastifyContextConfig, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route's answers carry personal data or a session's secrets: then they go out with
     * `Cache-Control: no-store`, whatever the handler set. Default: yes for every route that needs a
     * sign-in, no for public ones (a public route that answers per caller says `true`).
     */
    personalData?: boolean;
  }
}

/** Whether a route's answers are personal (see `personalData`). */
export function carriesPersonalData(config: FastifyContextConfig): boolean {
  return config.personalData ?? (config.access !== undefined && config.access.kind !== 'public');
}

/**
 * One place for the rule of docs/security.md, "Personal data is never stored by caches": neither the
 * browser's cache (a shared computer, the back button after sign-out) nor a proxy keeps such an answer,
 * errors included.
 */
export function registerPersonalDataCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (carriesPersonalData(request.routeOptions.config)) reply.header('Cache-Control', 'no-store');
  });
}

import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { messages } from '@stp/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './auth/auth.plugin.js';
import { clientAddress, fastifyTrustProxy } from './auth/client-address.js';
import { BearerTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { capConnectionsPerAddress, serverTimeouts } from './http/connection-limits.js';
import { registerErrorHandler } from './http/error-handler.js';
import { HttpError } from './http/errors.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerMetrics } from './http/metrics.js';
import { metricsEnabled } from './http/metrics-endpoint.js';
import { registerMultipartBodies } from './http/multipart-body.js';
import { registerNullCharacterGuard } from './http/null-characters.js';
import { registerPersonalDataCaching } from './http/personal-data.js';
import { loggerOptions, registerRequestContext } from './http/request-logging.js';
import { answerUnroutable, registerSecurityHeaders } from './http/security-headers.js';
import { defineMaintenanceJobs } from './jobs/maintenance.js';
import { defineDeliveryJobs, Outbox } from './jobs/outbox.js';
import { JobQueue } from './jobs/queue.js';
import { defineReminderJobs } from './jobs/reminders.js';
import { reminderTestHooks } from './jobs/reminders-test-hooks.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { adminSessionsRoutes } from './modules/admin-sessions/admin-sessions.routes.js';
import { sessionTestHooks } from './modules/admin-sessions/session-test-hooks.js';
import { adminGroupsRoutes } from './modules/admin-groups/admin-groups.routes.js';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { complaintReviewsRoutes } from './modules/complaint-reviews/complaint-reviews.routes.js';
import { commitmentsAdminRoutes } from './modules/commitments-admin/commitments-admin.routes.js';
import { compareRoutes } from './modules/compare/compare.routes.js';
import { complaintsRoutes } from './modules/complaints/complaints.routes.js';
import { complaintFeedbackRoutes } from './modules/complaint-feedback/complaint-feedback.routes.js';
import { performanceRoutes } from './modules/complaints/performance.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { deliveryAdminRoutes } from './modules/delivery-admin/delivery-admin.routes.js';
import { docsRoutes } from './modules/docs/docs.routes.js';
import { swaggerOptions } from './modules/docs/openapi-transform.js';
import { holidaysAdminRoutes } from './modules/holidays-admin/holidays-admin.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { indicatorsRoutes } from './modules/indicators/indicators.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { publicationsRoutes } from './modules/publications/publications.routes.js';
import { smsHowToRoutes } from './modules/sms-how-to/sms-how-to.routes.js';
import { policiesRoutes } from './modules/policies/policies.routes.js';
import { featuredInsightsAdminRoutes } from './modules/featured-insights-admin/featured-insights-admin.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { defineAlertJobs } from './modules/subscriptions/subscription-delivery.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { notificationsAdminRoutes } from './modules/notifications-admin/notifications-admin.routes.js';
import { openDataRoutes } from './modules/open-data/open-data.routes.js';
import { reportTagsAdminRoutes } from './modules/report-tags-admin/report-tags-admin.routes.js';
import { reportsAdminRoutes } from './modules/reports-admin/reports-admin.routes.js';
import { pagesAdminRoutes } from './modules/pages-admin/pages-admin.routes.js';
import { restrictionsAdminRoutes } from './modules/restrictions-admin/restrictions-admin.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { restrictionAccessAdminRoutes } from './modules/restriction-access-admin/restriction-access-admin.routes.js';
import { restrictionsRoutes } from './modules/restrictions/restrictions.routes.js';
import { sectorsRoutes } from './modules/sectors/sectors.routes.js';
import { sectorsAdminRoutes } from './modules/sectors-admin/sectors-admin.routes.js';
import { smsIntakeRoutes } from './modules/sms-intake/sms-intake.routes.js';
import { smsServicesRoutes } from './modules/sms-services/sms-services.routes.js';
import { SmsGateway } from './sms/gateway.js';
import { createStorage } from './storage/factory.js';
import type { FileStorage } from './storage/storage.js';
import { webRoutes } from './web/web.routes.js';
import { isRenderRead } from './web/render-fetch.js';

/** What every module reaches through `app.deps`. */
export interface AppDeps {
  config: Config;
  db: Database;
  dbKind: DatabaseHandle['kind'];
  storage: FileStorage;
  mailer: Mailer;
  tokens: BearerTokens;
  /** The job queue in the portal's database (docs/background-jobs.md). */
  queue: JobQueue;
  /** Every mail and SMS reply goes through it, in the transaction of the change that causes it. */
  outbox: Outbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  storage?: FileStorage;
  /** SMS replies go out through it (tests point it at a stand-in gateway through the config). */
  smsGateway?: SmsGateway;
  /** Where the JSON log lines go (default stdout); tests read them. */
  logStream?: Writable;
}

/** Builds the whole server (plugins, guard, modules) without listening: tests call `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Every line carries its request's or job's id; at info no line per request (docs/operations.md).
    ...loggerOptions({ ...config, ...(options.logStream ? { logStream: options.logStream } : {}) }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    ...serverTimeouts(config.http),
    // Malformed percent-encoding in the path: answered before any hook, with the headers set by hand.
    frameworkErrors: answerUnroutable,
    // Routes are declared with a trailing slash (spec 7 paths); accept both spellings.
    // Slugs made from long restriction titles pass Fastify's default 100-character parameter limit.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(
    app.server,
    { max: config.http.maxConnectionsPerAddress, trustProxy: config.trustProxy },
    app.log,
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);

  const mailer = options.mailer ?? createMailer({ ...config.mail, log: (line) => app.log.info(line) });
  const queue = new JobQueue(database, {
    superviseSeconds: config.queue.superviseSeconds,
    log: app.log,
  });
  defineDeliveryJobs(
    queue,
    { db: database.db, mailer, sms: options.smsGateway ?? new SmsGateway(config.sms), log: app.log },
    config.queue,
  );
  const storage = options.storage ?? createStorage(config);
  defineMaintenanceJobs(
    queue,
    { db: database.db, storage, log: app.log },
    { ...config.maintenance, uploadOrphanAgeSeconds: config.uploads.orphanAgeSeconds },
  );
  const outbox = new Outbox(queue);
  defineReminderJobs(
    queue,
    { db: database.db, outbox, config, log: app.log },
    { ...config.reminders, digestWithinDays: 2, informationAfterDays: 7 },
  );
  defineAlertJobs(queue, { db: database.db, outbox, config, log: app.log });
  app.decorate('deps', {
    config,
    db: database.db,
    dbKind: database.kind,
    storage,
    mailer,
    tokens: new BearerTokens(config.secretKey, config.tokenTtlSeconds),
    queue,
    outbox,
  } satisfies AppDeps);
  // The workers start once the server is ready and stop (finishing what they hold) before the mailer closes.
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', async () => {
    await queue.stop();
    mailer.close();
  });

  // First of the plugins: a request's time counts every hook after this one.
  if (metricsEnabled(config.metrics)) await registerMetrics(app, config.metrics, { database, queue });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await app.register(cookie);
  await registerSecurityHeaders(app);
  registerPersonalDataCaching(app);
  // Answers of 1 KB and more (JSON, HTML, CSV exports) go out brotli- or gzip-compressed to clients that
  // accept it: a browse page of 22–34 KB of JSON is about 3 KB on a phone's slow link. Scripts and styles
  // are compressed at build time (their Content-Encoding is set, so they pass through). Request bodies
  // are never inflated: a compressed upload would be a way around the size limits.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits.global.max,
    timeWindow: config.rateLimits.global.timeWindow,
    // Not the built scripts under /static/: a first visit to a screen loads up to 40 of them, and a
    // few visitors behind one address (an office, a mobile operator's NAT) would otherwise use up the
    // allowance on files that cost the server a read of a precompressed file and are cached for a year.
    // Nor a page render's own reads of the API (web/render-fetch.ts): the page's request counted.
    allowList: (request) => request.url.startsWith('/static/') || isRenderRead(request),
    keyGenerator: clientAddress,
    errorResponseBuilder: () => new HttpError(429, messages.apiLimit, undefined, messages.apiLimitTitle),
  });
  await registerMultipartBodies(app, {
    fileSize: config.uploads.maxMb * 1024 * 1024,
    files: 10,
    fields: 50,
    fieldSize: 100_000,
  });
  await app.register(swagger, swaggerOptions());
  await app.register(authPlugin);
  registerNullCharacterGuard(app);

  await app.register(referenceRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(adminSessionsRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(publicationsRoutes, { prefix: '/api' });
  await app.register(pagesRoutes, { prefix: '/api' });
  await app.register(smsHowToRoutes, { prefix: '/api' });
  await app.register(indicatorsRoutes, { prefix: '/api' });
  await app.register(openDataRoutes, { prefix: '/api' });
  await app.register(compareRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(homeRoutes, { prefix: '/api' });
  await app.register(smsServicesRoutes, { prefix: '/api' });
  await app.register(policiesRoutes, { prefix: '/api' });
  await app.register(reportsAdminRoutes, { prefix: '/api' });
  await app.register(reportTagsAdminRoutes, { prefix: '/api' });
  await app.register(featuredInsightsAdminRoutes, { prefix: '/api' });
  await app.register(notificationsAdminRoutes, { prefix: '/api' });
  await app.register(smsIntakeRoutes, { prefix: '/api' });
  await app.register(restrictionsRoutes, { prefix: '/api' });
  await app.register(feedsRoutes, { prefix: '/api' });
  await app.register(subscriptionsRoutes, { prefix: '/api' });
  await app.register(sectorsRoutes, { prefix: '/api' });
  await app.register(performanceRoutes, { prefix: '/api' });
  await app.register(complaintsRoutes, { prefix: '/api' });
  await app.register(complaintFeedbackRoutes, { prefix: '/api' });
  await app.register(complaintReviewsRoutes, { prefix: '/api' });
  await app.register(pagesAdminRoutes, { prefix: '/api' });
  await app.register(auditLogRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(restrictionsAdminRoutes, { prefix: '/api' });
  await app.register(commitmentsAdminRoutes, { prefix: '/api' });
  await app.register(sectorsAdminRoutes, { prefix: '/api' });
  await app.register(restrictionAccessAdminRoutes, { prefix: '/api' });
  await app.register(adminUsersRoutes, { prefix: '/api' });
  await app.register(adminGroupsRoutes, { prefix: '/api' });
  await app.register(deliveryAdminRoutes, { prefix: '/api' });
  await app.register(holidaysAdminRoutes, { prefix: '/api' });
  await app.register(sessionTestHooks);
  await app.register(reminderTestHooks);
  await app.register(docsRoutes, { prefix: '/api' });
  await app.register(webRoutes);
  return app;
}

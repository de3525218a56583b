import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { logContextMixin, runWithLogContext } from '../lib/log-context.js';

// What a proxy may name a request: bounded, and no character that could break a log line or a header.
const acceptedRequestId = /^[\w.:=+/-]{1,128}$/;

/**
 * The request's id: the proxy's `X-Request-Id` when a proxy is trusted (`TRUST_PROXY`) and the value is
 * short and plain, else a new UUID. A caller reaching the server directly cannot choose its id.
 */
export function requestIdOf(raw: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const given = raw.headers['x-request-id'];
    if (typeof given === 'string' && acceptedRequestId.test(given)) return given;
  }
  return randomUUID();
}

/**
 * Fastify's request lines, quieter: at `info` a request writes no line of its own (the quick start's
 * console stays readable); at `debug` one line per request, when it completes; at `trace` also one when
 * it is read. Failures keep their level.
 */
class AccessLogController extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    request.log.trace({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (error) {
      reply.log.error({ err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    reply.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  }

  override routeNotFound(request: Parameters<LogController['routeNotFound']>[0]): void {
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
  }
}

/** The Fastify options of the portal's logger: level, request ids, the request or job id on every line. */
export function loggerOptions(config: {
  logLevel: string;
  trustProxy: unknown;
  logStream?: Writable;
}): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            mixin: logContextMixin,
            ...(config.logStream ? { stream: config.logStream } : {}),
          },
    genReqId: (raw) => requestIdOf(raw, config.trustProxy !== false),
    logController: new AccessLogController(),
  };
}

const resources = new WeakMap<object, AsyncResource>();

/**
 * Echoes the request id in `X-Request-Id` and runs the request in its log context, so a line written
 * through the root logger while it is served (a service, the mailer) carries its `reqId`. Register first.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    runWithLogContext({ reqId: request.id }, () => {
      // Reading the body runs in the socket's context: the lifecycle resumes in this one after it.
      resources.set(request, new AsyncResource('stp-request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}

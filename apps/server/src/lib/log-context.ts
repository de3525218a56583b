import { AsyncLocalStorage } from 'node:async_hooks';

/** What a log line is about: the request it was written during, or the job it was written by. */
export interface LogContext {
  reqId?: string;
  jobId?: string;
  queue?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` attached to every log line written during it (and its async continuations). */
export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the code running now, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

interface BoundLogger {
  bindings(): Record<string, unknown>;
}

/**
 * pino's `mixin`: adds the request or job id to lines written through a logger that does not carry it
 * already (the root logger handed to services, mailer and jobs). A request's own logger (`request.log`)
 * has `reqId` in its bindings and gets nothing more, so no line has it twice.
 */
export function logContextMixin(
  _merge: object,
  _level: number,
  logger?: BoundLogger,
): Record<string, string> {
  const context = storage.getStore();
  if (!context) return {};
  if (context.reqId !== undefined && logger && 'reqId' in logger.bindings()) return {};
  const fields: Record<string, string> = {};
  if (context.reqId !== undefined) fields.reqId = context.reqId;
  if (context.jobId !== undefined) fields.jobId = context.jobId;
  if (context.queue !== undefined) fields.queue = context.queue;
  return fields;
}

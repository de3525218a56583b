import { messages } from '@stp/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { StorageNotFoundError } from '../storage/storage.js';
import { badRequestText, HttpError } from './errors.js';

/** The JSON body of every error: `detail` first (spec 8 reads it first), field errors for 422. */
interface ErrorBody {
  [key: string]: unknown;
  detail: string;
  title?: string;
  errors?: Record<string, string>;
}

function fieldName(instancePath: string, fallback: string): string {
  const name = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return name || fallback;
}

/** Turns every failure into the statuses of ARCHITECTURE.md; no stack trace or SQL ever leaves. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { detail: messages.genericError };

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, '_');
        errors[field] ??= issue.message ?? 'Invalid value.';
      }
      status = 422;
      body = { detail: messages.formErrors, errors };
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      body = { ...error.extra, detail: error.detail };
      if (error.errors) body.errors = error.errors;
      if (error.title) body.title = error.title;
    } else if (error instanceof StorageNotFoundError) {
      // A row names a file the store no longer has (restored database, lost object): the caller asked for
      // something that is not there. The operator is told, the caller gets the API's not-found answer.
      request.log.warn({ err: error }, 'stored file missing');
      status = 404;
      body = { detail: messages.notFoundApi };
    } else if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      const text = messages.fileTooLarge(request.server.deps.config.uploads.maxMb);
      status = 422;
      body = { detail: text, errors: { _: text } };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { detail: messages.apiLimit, title: messages.apiLimitTitle };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, a wrong content type and the like: say so without echoing internals.
      status = error.statusCode;
      body = { detail: status === 415 ? 'Unsupported media type.' : badRequestText };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}

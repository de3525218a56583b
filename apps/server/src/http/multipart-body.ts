import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Limits of a multipart body: bytes per file, files, text fields, characters per text field. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

/** RFC 2046: the boundary parameter, 1 to 70 characters, quoted or not. */
const boundaryParameter = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/** An error that already says what the caller did wrong (a limit, a field named `__proto__`). */
const isClientError = (error: unknown): boolean => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * Multipart bodies (forms, the avatar) become `request.body` as field names to values: text as
 * strings, files as Buffers (their names dropped), a repeated name as an array. @fastify/multipart
 * reads the parts; a body it cannot read (no or a bad boundary, cut off, garbled part headers) is a
 * 400 here, where busboy's bare Error was a 500 with a stack in the log. Its limit errors keep their
 * statuses (a file too large: 422 with the spec's text). Routes with their own parser
 * (`acceptMultipartUploads`) are not multipart to this hook.
 */
export async function registerMultipartBodies(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await app.register(multipart, { limits });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    if (!boundaryParameter.test(request.headers['content-type'] ?? '')) throw badRequest();
    const body: Record<string, unknown> = {};
    const repeated = new Set<string>();
    try {
      for await (const part of request.parts()) {
        // A text field past its limit arrives cut short: refused rather than stored cut.
        if (part.type === 'field' && part.valueTruncated) throw badRequest();
        const value = part.type === 'file' ? await part.toBuffer() : part.value;
        const name = part.fieldname;
        if (!Object.hasOwn(body, name)) body[name] = value;
        else if (repeated.has(name)) (body[name] as unknown[]).push(value);
        else {
          body[name] = [body[name], value];
          repeated.add(name);
        }
      }
    } catch (error) {
      throw isClientError(error) ? error : badRequest();
    }
    request.body = body;
  });
}

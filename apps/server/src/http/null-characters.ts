import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/** Django's wording for the same refusal (ProhibitNullCharactersValidator). */
export const nullCharacterMessage = 'Null characters are not allowed.';

/**
 * The field (dotted path, `_` for the whole value) of the first string or object key holding a NUL
 * character, or null. Buffers (uploaded files) are not text and are skipped.
 */
export function findNullCharacter(value: unknown): string | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path.join('.') || '_';
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.') || '_';
        stack.push([item, [...path, key]]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text or jsonb ("invalid byte sequence"), so an API request
 * carrying one in its body, query string or path is refused with 422 before validation, rather than
 * failing in the SQL with a 500. Registered after the guard: 401 and CSRF answers come first.
 */
export function registerNullCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.access) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findNullCharacter(part);
      if (field) throw validationFailed({ [field]: nullCharacterMessage });
    }
  });
}

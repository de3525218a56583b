import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/** Django's wording for the same refusal (ProhibitNullCharactersValidator). */
export const nullCharacterMessage = 'Null characters are not allowed.';

/** A container met on the walk: its key in its parent, and the parent, to spell its path when needed. */
interface Visit {
  value: object;
  key: string;
  parent: Visit | null;
}

/** The dotted path of `key` in the container of `at` (`_` for the whole value). */
function pathOf(at: Visit, key: string): string {
  const parts = [key];
  for (let visit: Visit | null = at; visit.parent; visit = visit.parent) parts.push(visit.key);
  return parts.reverse().join('.') || '_';
}

/** Whether a value is an object or array to walk into (not a Buffer: uploaded files are not text). */
const isContainer = (item: unknown): item is object =>
  item !== null && typeof item === 'object' && !Buffer.isBuffer(item);

/**
 * The field (dotted path, `_` for the whole value) of the first string or object key holding a NUL
 * character, or null. One pass, linear in the value's size however deep it nests: each container
 * keeps a link to its parent, and a path is only spelled out for the field that is found.
 */
export function findNullCharacter(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '_' : null;
  if (!isContainer(value)) return null;
  const stack: Visit[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    if (Array.isArray(visit.value)) {
      const items: unknown[] = visit.value;
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index];
        if (typeof item === 'string') {
          if (item.includes('\u0000')) return pathOf(visit, String(index));
        } else if (isContainer(item)) stack.push({ value: item, key: String(index), parent: visit });
      }
      continue;
    }
    for (const [key, item] of Object.entries(visit.value)) {
      if (key.includes('\u0000')) return pathOf(visit, key.replaceAll('\u0000', ''));
      if (typeof item === 'string') {
        if (item.includes('\u0000')) return pathOf(visit, key);
      } else if (isContainer(item)) stack.push({ value: item, key, parent: visit });
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

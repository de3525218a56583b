import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** No API body nests arrays and objects deeper than this (the deepest schema needs 4). */
export const maxJsonDepth = 32;
/**
 * Nor holds more items (array elements and object members) than this; the longest list a schema
 * takes is 500. Parsing a body of 1 MB of tiny items costs 40-500 ms of the event loop by itself.
 */
export const maxJsonItems = 10_000;

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openArray = 0x5b;
const openObject = 0x7b;
const closeArray = 0x5d;
const closeObject = 0x7d;

/**
 * Whether a JSON text stays within the nesting and item limits, found in one pass over its characters
 * (strings skipped) before anything is parsed: the parser and every walk over the parsed value then
 * only ever see small, shallow values. Items are counted as commas and brackets, close enough for a
 * limit of orders of magnitude.
 */
export function withinJsonLimits(
  text: string,
  limits = { depth: maxJsonDepth, items: maxJsonItems },
): boolean {
  let depth = 0;
  let items = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === quote) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (index += 1; index < text.length; index += 1) {
        const inside = text.charCodeAt(index);
        if (inside === backslash) index += 1;
        else if (inside === quote) break;
      }
    } else if (code === comma) {
      items += 1;
      if (items > limits.items) return false;
    } else if (code === openArray || code === openObject) {
      depth += 1;
      items += 1;
      if (depth > limits.depth || items > limits.items) return false;
    } else if (code === closeArray || code === closeObject) {
      depth -= 1;
    }
  }
  return true;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype poisoning refused, empty and
 * malformed bodies 400) behind the limits: a body nested deeper than `maxJsonDepth` or holding more
 * than `maxJsonItems` items is a 400.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (!withinJsonLimits(text)) {
      done(badRequest(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

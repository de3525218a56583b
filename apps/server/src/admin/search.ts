import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** An ILIKE pattern matching `text` anywhere, its `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `q` found in any of these columns (case-insensitive, wildcards literal); undefined without a `q`. */
export function searchAny(q: unknown, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (typeof q !== 'string' || !q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

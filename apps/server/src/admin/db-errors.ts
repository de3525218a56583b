/** The PostgreSQL error behind a failed query (drizzle wraps the driver's error in `cause`). */
export interface PostgresError {
  code: string;
  constraint?: string;
}

/** Finds the PostgreSQL error (SQLSTATE code, constraint name) in an error's cause chain, if any. */
export function postgresErrorOf(error: unknown): PostgresError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    current = candidate.cause;
  }
  return null;
}

/** SQLSTATE 23505: a unique constraint refused the row. */
export const isUniqueViolation = (error: unknown) => postgresErrorOf(error)?.code === '23505';
/**
 * SQLSTATE 23503 (or 23001 for an `on delete restrict` key): a foreign key refused the change (the
 * record is still referenced).
 */
export const isForeignKeyViolation = (error: unknown) =>
  ['23503', '23001'].includes(postgresErrorOf(error)?.code ?? '');

// Small helpers shared by the demo seeders: chunked inserts and date arithmetic.

import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../client.js';

export const chunkSize = 500;

export function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts rows in batches of ~500 so that no statement exceeds the parameter limit. */
export async function insertChunked<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number> {
  for (const chunk of chunks(rows)) {
    await tx.insert(table).values(chunk as PgInsertValue<T>[]);
  }
  return rows.length;
}

const dayMs = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * dayMs);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 3_600_000);
}

/** A `date` column value (YYYY-MM-DD, UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A time during office hours (07:00-16:00 UTC, i.e. 10:00-19:00 in East Africa) on the given day. */
export function officeTime(day: Date, rng: () => number): Date {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  return new Date(d.getTime() + (7 + rng() * 9) * 3_600_000);
}

/** Whole days between two dates (positive when `later` is after `earlier`). */
export function daysBetween(earlier: Date, later: Date): number {
  return Math.floor((later.getTime() - earlier.getTime()) / dayMs);
}

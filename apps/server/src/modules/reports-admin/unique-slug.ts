import { slugify } from '@stp/shared';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';

/**
 * A slug made from `text` that no other row of the table holds: `title`, then `title-2`, `title-3` ...
 * (`fallback` when the text has no letters or digits). `exceptId` is the row being changed.
 */
export async function uniqueSlug(
  db: Executor,
  table: { table: PgTable; slug: AnyPgColumn; id: AnyPgColumn },
  text: string,
  fallback: string,
  exceptId?: number,
): Promise<string> {
  const base = (slugify(text) || fallback).slice(0, 180).replace(/-+$/, '');
  const rows = await db
    .select({ slug: table.slug })
    .from(table.table)
    .where(
      and(
        or(eq(table.slug, base), like(table.slug, `${base}-%`)),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    );
  const taken = new Set(rows.map((row) => row.slug as string));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { publications } from '../../db/schema/index.js';

const publiclyVisible = and(
  eq(publications.active, true),
  eq(publications.archived, false),
  isNull(publications.deletedOn),
) as SQL;

export type PublicationRow = typeof publications.$inferSelect;

/** Every public publication, newest first (the list is short: no pages). */
export function listPublications(db: Database): Promise<PublicationRow[]> {
  return db
    .select()
    .from(publications)
    .where(publiclyVisible)
    .orderBy(desc(publications.publishedOn), desc(publications.id));
}

/** One public publication, or undefined. */
export async function findPublication(db: Database, slug: string): Promise<PublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(publiclyVisible, eq(publications.slug, slug)));
  return row;
}

import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { publicPublication } from '../../db/public-visibility.js';
import { publications } from '../../db/schema/index.js';

export type PublicationRow = typeof publications.$inferSelect;

/** Every public publication, newest first (the list is short: no pages). */
export function listPublications(db: Database): Promise<PublicationRow[]> {
  return db
    .select()
    .from(publications)
    .where(publicPublication)
    .orderBy(desc(publications.publishedOn), desc(publications.id));
}

/** One public publication, or undefined. */
export async function findPublication(db: Database, slug: string): Promise<PublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(publicPublication, eq(publications.slug, slug)));
  return row;
}

import type { TPublicationListQuery } from '@stp/shared';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { publicPublication } from '../../db/public-visibility.js';
import { publications } from '../../db/schema/index.js';

export type PublicationRow = typeof publications.$inferSelect;

/** The public publications, newest first, of a year and a type when asked (the list is short: no pages). */
export function listPublications(db: Database, query: TPublicationListQuery = {}): Promise<PublicationRow[]> {
  const where: SQL[] = [publicPublication];
  if (query.year !== undefined)
    where.push(
      gte(publications.publishedOn, `${query.year}-01-01`),
      lte(publications.publishedOn, `${query.year}-12-31`),
    );
  if (query.type) where.push(eq(publications.publicationType, query.type));
  return db
    .select()
    .from(publications)
    .where(and(...where))
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

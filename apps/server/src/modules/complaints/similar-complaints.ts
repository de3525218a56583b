import { similarLimit, type TComplaintHint, type TSimilarComplaintsQuery } from '@stp/shared';
import { and, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicComplaint } from '../../db/public-visibility.js';
import { complaints } from '../../db/schema/index.js';
import { presentPublicItem, selectPublic } from './public-record.js';

/*
 * Duplicate hints (issue 34 item 3, docs/complaint-duplicates.md): the public complaints whose brief
 * description is like the one being typed. Two measures of PostgreSQL, each with its GIN index:
 * - full text: the typed words' lexemes in English and French (as the catalogue search reads them)
 *   against complaints.brief_search, any of them (a paraphrase shares some words, rarely all), scored
 *   by the share of the typed lexemes the brief holds;
 * - trigrams (pg_trgm): `%` over the brief for misspellings and word forms the stemmers miss.
 * Only what the public list shows comes back (public-record.ts): never the applicant or their brief.
 */

/** The share of the typed lexemes a brief must hold to count as similar without the trigram match. */
const minShare = 0.5;

/** The typed text's lexemes in both languages (stop words dropped), without backslashes (tsquery quoting). */
const lexemesOf = (q: string) => sql`(select coalesce(array_agg(distinct l), '{}') from unnest(
  tsvector_to_array(to_tsvector('english', ${q}) || to_tsvector('french', ${q}))) as l where strpos(l, '\\') = 0)`;

/** Up to five public complaints like the text typed, same country when one is picked, best first. */
export async function findSimilar(db: Executor, query: TSimilarComplaintsQuery): Promise<TComplaintHint[]> {
  const lexemes = lexemesOf(query.q);
  // Any typed lexeme (the GIN index of brief_search finds the candidates); 'simple' keeps them as they are.
  const anyWord = sql`${complaints.briefSearch} @@ coalesce((select to_tsquery('simple',
    string_agg(quote_literal(l), ' | ')) from unnest(${lexemes}) as l), ''::tsquery)`;
  const share = sql<number>`coalesce((select count(*)::float8 from unnest(${lexemes}) as l
    where l = any(tsvector_to_array(${complaints.briefSearch}))) / nullif(cardinality(${lexemes}), 0), 0)`;
  const trigram = sql<number>`similarity(${complaints.briefDescription}, ${query.q})`;
  // The catalogue's own match (every word, websearch syntax) ranks first among equals.
  const websearch = sql`${complaints.briefSearch} @@ (websearch_to_tsquery('english', ${query.q}) || websearch_to_tsquery('french', ${query.q}))`;
  const sameType = query.restriction_type
    ? sql`(${complaints.restrictionType} = ${query.restriction_type})::int * 0.2`
    : sql`0`;
  const where: SQL[] = [
    publicComplaint,
    ne(complaints.status, 'merged'),
    sql`((${anyWord} and ${share} >= ${minShare}) or ${complaints.briefDescription} % ${query.q})`,
  ];
  if (query.country_code) where.push(sql`${complaints.countryCode} = ${query.country_code}`);
  const rows = await selectPublic(db)
    .where(and(...where))
    .orderBy(
      sql`(${share} + ${trigram} + ${sameType} + (${websearch})::int * 0.5) desc`,
      sql`${complaints.createdAt} desc`,
    )
    .limit(similarLimit);
  return rows.map(presentPublicItem);
}

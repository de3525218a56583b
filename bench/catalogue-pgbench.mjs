// Writes the pgbench script of the browse endpoint: the SQL a browse request runs, rendered from the
// built index itself, with pgbench variables in place of the values. Matches, counts, order, the
// page's rows and its search highlights come from the server's in-memory index (browse-index.ts,
// search-highlights.ts), so the statements a request can send are a search's first run: its matches
// ranked and its lexemes, once per search text (and a lookup of words the lexicon has not seen, rare
// once warm). pgbench runs the search's two statements every time, for one of the bench's words.
//   node bench/catalogue-pgbench.mjs > /tmp/browse.sql   (after npm run build)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pgbenchLists } from './catalogue-scenarios.mjs';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');

/** The pgbench script text: \set lines and a search's first run for one of the bench's words. */
export async function pgbenchScript() {
  const index = await import(pathToFileURL(path.join(dist, 'modules/restrictions/browse-index.js')).href);
  const highlights = await import(
    pathToFileURL(path.join(dist, 'modules/restrictions/search-highlights.js')).href
  );
  const dialect = new PgDialect();
  // A sentinel word, replaced below by a pgbench expression.
  const toPgbench = (value) => {
    if (value === '@word') return `(array[${pgbenchLists.words.map((w) => `'${w}'`).join(',')}])[:w]`;
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  };
  const render = (sqlObject) => {
    const { sql, params } = dialect.sqlToQuery(sqlObject);
    return sql
      .replace(/\$(\d+)/g, (_, n) => toPgbench(params[Number(n) - 1]))
      .replace(/\s+/g, ' ')
      .trim();
  };
  return [
    `\\set w random(1, ${pgbenchLists.words.length})`,
    `${render(index.searchSql('@word'))};`,
    `${render(highlights.searchLexemesSql('@word'))};`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.stdout.write(await pgbenchScript());

// Writes the pgbench script of the browse endpoint: the SQL one browse request runs, rendered from the
// built service itself, with pgbench variables in place of the values. Matches, counts, order and the
// page's rows come from the server's in-memory index (browse-index.ts), so the one statement a request
// can send is the page's search highlights (ts_headline): on a searching request (about half of the
// mix) whose highlights the server has not kept yet. pgbench runs that statement every time.
//   node bench/catalogue-pgbench.mjs > /tmp/browse.sql   (after npm run build)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pgbenchLists } from './catalogue-scenarios.mjs';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');

/** The pgbench script text: \set lines and the highlights of 20 rows for one of the bench's words. */
export async function pgbenchScript() {
  const service = await import(
    pathToFileURL(path.join(dist, 'modules/restrictions/restrictions.service.js')).href
  );
  const dialect = new PgDialect();
  // Sentinel ids and word, replaced below by pgbench expressions: 20 consecutive ids from a random start.
  const ids = Array.from({ length: 20 }, (_, i) => 900_000_000 + i);
  const toPgbench = (value) => {
    if (value === '@word') return `(array[${pgbenchLists.words.map((w) => `'${w}'`).join(',')}])[:w]`;
    if (typeof value === 'number' && value >= 900_000_000) return `:id + ${value - 900_000_000}`;
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
    '\\set id random(1, 90000)',
    `\\set w random(1, ${pgbenchLists.words.length})`,
    `${render(service.headlineSql(ids, '@word'))};`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.stdout.write(await pgbenchScript());

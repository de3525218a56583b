// Writes the pgbench script of the browse endpoint: the SQL is rendered from the built service itself
// (pageSql and the count of restrictions.service.js), with pgbench variables in place of the values.
//   node bench/catalogue-pgbench.mjs > /tmp/browse.sql   (after npm run build)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pgbenchLists } from './catalogue-scenarios.mjs';

const dist = path.resolve(import.meta.dirname, '../apps/server/dist');

/** The pgbench script text: \set lines, then the count and the page query the endpoint runs. */
export async function pgbenchScript() {
  const service = await import(
    pathToFileURL(path.join(dist, 'modules/restrictions/restrictions.service.js')).href
  );
  const query = await import(
    pathToFileURL(path.join(dist, 'modules/restrictions/restriction-query.js')).href
  );
  const dialect = new PgDialect();
  // Sentinel values, replaced below by pgbench expressions.
  const filters = {
    countries: ['@country'],
    restrictionTypes: [],
    modes: [],
    nonComplianceTypes: [],
    statuses: [],
    yearFrom: 1111,
    q: '@word',
  };
  const toPgbench = (value) => {
    if (value === '@country') return `(array[${pgbenchLists.countries.map((c) => `'${c}'`).join(',')}])[:c]`;
    if (value === '@word') return `(array[${pgbenchLists.words.map((w) => `'${w}'`).join(',')}])[:w]`;
    if (value === 1111) return ':y';
    if (value === 2222) return ':off';
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  };
  const render = (sqlObject) => {
    const { sql, params } = dialect.sqlToQuery(sqlObject);
    return sql
      .replace(/\$(\d+)/g, (_, n) => toPgbench(params[Number(n) - 1]))
      .replace(/\s+/g, ' ')
      .trim();
  };
  const { sql } = await import('drizzle-orm');
  const count = sql`select count(*)::int as n from restrictions r where ${query.whereSql(filters)}`;
  const page = service.pageSql(filters, undefined, 20, 2222);
  return [
    `\\set c random(1, ${pgbenchLists.countries.length})`,
    `\\set w random(1, ${pgbenchLists.words.length})`,
    '\\set y random(1990, 2020)',
    '\\set off random(0, 9) * 20',
    `${render(count)};`,
    `${render(page)};`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.stdout.write(await pgbenchScript());

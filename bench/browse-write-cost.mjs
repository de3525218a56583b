// What a staff write costs the browse index of the process that makes it (issue 35), measured in one
// process so that other work on the machine weighs less than in the HTTP bench: the index of an
// existing database loaded from the built server's modules, a browse mix answered (so that sort orders,
// filter sets and searches are kept, as on a serving process), then single-row writes, each followed by
// `restrictionsWritten` as the admin services call it. Prints, per write (median and worst of 20):
// the time the writer waits in `restrictionsWritten`, the time until the next browse answer shows the
// write (the patch applied), the statements sent for it, and the browse mix's CPU per request.
//   DATABASE_URL=postgres://… node bench/browse-write-cost.mjs [--server-root=<checkout>] [requests]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomSource, browsePath } from './catalogue-scenarios.mjs';

const checkout =
  process.argv.find((arg) => arg.startsWith('--server-root='))?.slice('--server-root='.length) ??
  path.resolve(import.meta.dirname, '..');
const root = path.join(checkout, 'apps/server/dist');
const load = (file) => import(pathToFileURL(path.join(root, file)).href);
const { openDatabase } = await load('db/client.js');
const index = await load('modules/restrictions/browse-index.js');
const service = await load('modules/restrictions/restrictions.service.js');
const { restrictionsWritten } = await load('modules/restrictions/restriction-cache.js');
const { ZRestrictionListQuerySchema } = await import('@stp/shared');
const { sql } = await import('drizzle-orm');

const handle = await openDatabase({
  url: process.env.DATABASE_URL ?? '',
  pgliteDir: 'memory://',
  poolSize: 4,
});
const db = handle.db;
await index.browseIndexLoaded(db);
const tree = await (await load('modules/sectors/sectors.service.js')).sectorTree?.(db).catch(() => null);
const slugs = tree?.sectors?.flatMap((node) => [node.slug, ...node.children.map((c) => c.slug)]) ?? [];
const rng = randomSource(11);
const requests = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1000);
const browseOnce = async () => {
  const url = new URL(browsePath(rng, slugs), 'http://x');
  const query = ZRestrictionListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (query.success) await service.browseRestrictions(db, query.data).catch(() => undefined);
};
const cpu = process.cpuUsage();
const mixStarted = performance.now();
for (let i = 0; i < requests; i += 1) await browseOnce();
const used = process.cpuUsage(cpu);
const mixMs = performance.now() - mixStarted;

// Statements sent (outside and inside transactions).
let statements = 0;
const execute = db.execute.bind(db);
db.execute = (...args) => ((statements += 1), execute(...args));
const transaction = db.transaction.bind(db);
db.transaction = (run, config) =>
  transaction((tx) => {
    const inner = tx.execute.bind(tx);
    tx.execute = (...args) => ((statements += 1), inner(...args));
    return run(tx);
  }, config);

const ids = (
  await execute(sql`select id from restrictions where not archived order by id limit 20 offset 500`)
).rows.map((r) => r.id);
const waited = [];
const shown = [];
const sent = [];
const empty = { countries: [], restrictionTypes: [], modes: [], nonComplianceTypes: [], statuses: [] };
for (const id of ids) {
  await execute(
    sql`update restrictions set title = title || ' (edited)', updated_at = now() where id = ${id}`,
  );
  statements = 0;
  const started = performance.now();
  await restrictionsWritten(db);
  waited.push(performance.now() - started);
  await index.browsePage(db, empty, 'title', 20, 0);
  shown.push(performance.now() - started);
  sent.push(statements);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
const f = (v) => v.toFixed(1);
console.log(
  `${checkout}: browse mix ${requests} requests, ${f((used.user + used.system) / 1000 / requests)} ms CPU each (${f(mixMs / requests)} ms wall); ` +
    `a write: writer waits ${f(median(waited))} / ${f(worst(waited))} ms, shown after ${f(median(shown))} / ${f(worst(shown))} ms (median / worst), ${median(sent)} statements`,
);
await execute(
  sql`update restrictions set title = regexp_replace(title, '( \\(edited\\))+$', '') where id = any(${`{${ids.join(',')}}`}::int[])`,
);
await index.closeBrowseIndex?.(db);
await handle.close();

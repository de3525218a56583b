// Where the browse index's memory goes (issue 35, docs/performance.md "Memory of the browse index"):
// loads the index of an existing database in this process, answers a browse mix from it, then prints
// the process's resident memory and heap, the index's parts, the lexicon and the page caches in MB.
// Runs the built server's modules (`npm run build -w @stp/shared && npm run build -w @stp/server`);
// --source runs the sources instead (then tsx must be loaded: its transpiler counts in the figures).
//   DATABASE_URL=postgres://… node --expose-gc bench/browse-index-memory.mjs [requests]
//   DATABASE_URL=postgres://… node --expose-gc --import tsx --conditions=source bench/browse-index-memory.mjs [requests] --source
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomSource, browsePath } from './catalogue-scenarios.mjs';

const fromSource = process.argv.includes('--source');
// --server-root=<checkout>: another checkout's built server (a before/after comparison).
const checkout =
  process.argv.find((arg) => arg.startsWith('--server-root='))?.slice('--server-root='.length) ??
  path.resolve(import.meta.dirname, '..');
const root = path.join(checkout, 'apps/server', fromSource ? 'src' : 'dist');
const load = (file) =>
  import(pathToFileURL(path.join(root, fromSource ? file : file.replace(/\.ts$/, '.js'))).href);
const { openDatabase } = await load('db/client.ts');
const index = await load('modules/restrictions/browse-index.ts');
const service = await load('modules/restrictions/restrictions.service.ts');
const { cachesUsage } = await load('modules/restrictions/restriction-cache.ts');
const { lexiconOf } = await load('modules/restrictions/search-highlights.ts');
const { ZRestrictionListQuerySchema } = await import('@stp/shared');

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const memory = () => {
  const usage = process.memoryUsage();
  return `resident ${mb(usage.rss)} MB, heap used ${mb(usage.heapUsed)} MB (total ${mb(usage.heapTotal)} MB), external ${mb(usage.external)} MB, array buffers ${mb(usage.arrayBuffers)} MB`;
};
const handle = await openDatabase({
  url: process.env.DATABASE_URL ?? '',
  pgliteDir: 'memory://',
  poolSize: 4,
});
console.log(`before the load: ${memory()}`);
const started = performance.now();
await index.browseIndexLoaded(handle.db);
globalThis.gc?.();
console.log(`loaded in ${Math.round(performance.now() - started)} ms: ${memory()}`);
const tree = await (
  await load('modules/sectors/sectors.service.ts')
)
  .sectorTree?.(handle.db)
  .catch(() => null);
const slugs = tree?.sectors?.flatMap((node) => [node.slug, ...node.children.map((c) => c.slug)]) ?? [];
const rng = randomSource(11);
const requests = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5000);
for (let i = 0; i < requests; i += 1) {
  const url = new URL(browsePath(rng, slugs), 'http://x');
  const query = ZRestrictionListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (query.success) await service.browseRestrictions(handle.db, query.data).catch(() => undefined);
}
globalThis.gc?.();
console.log(`after ${requests} browse requests: ${memory()}`);
const parts = index.browseIndexBytes(index.loadedBrowseIndex(handle.db));
// An older server may not count these.
const lexicon = lexiconOf(handle.db).usage ?? { bytes: 0, words: 0 };
const caches = cachesUsage?.() ?? { bytes: 0, entries: 0 };
console.log(
  [
    ...Object.entries(parts).map(([part, bytes]) => `${part} ${mb(bytes)} MB`),
    `lexicon ${mb(lexicon.bytes)} MB (${lexicon.words} words)`,
    `page caches ${mb(caches.bytes)} MB (${caches.entries} entries)`,
  ].join(', '),
);
await index.closeBrowseIndex(handle.db);
await handle.close();

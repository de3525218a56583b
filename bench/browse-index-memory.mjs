// Where the browse index's memory goes (issue 35, docs/performance.md "Memory of the browse index"):
// loads the index of an existing database in this process, answers a browse mix from it, then prints
// the process's resident memory and heap, and the index's parts in MB.
//   DATABASE_URL=postgres://… node --import tsx --conditions=source bench/browse-index-memory.mjs [requests]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomSource, browsePath } from './catalogue-scenarios.mjs';

const src = path.resolve(import.meta.dirname, '../apps/server/src');
const load = (file) => import(pathToFileURL(path.join(src, file)).href);
const { openDatabase } = await load('db/client.ts');
const index = await load('modules/restrictions/browse-index.ts');
const service = await load('modules/restrictions/restrictions.service.ts');
const { ZRestrictionListQuerySchema } = await import('@stp/shared');

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const handle = await openDatabase({
  url: process.env.DATABASE_URL ?? '',
  pgliteDir: 'memory://',
  poolSize: 4,
});
const started = performance.now();
await index.browseIndexLoaded(handle.db);
console.log(`loaded in ${Math.round(performance.now() - started)} ms`);
const tree = await (
  await load('modules/sectors/sectors.service.ts')
)
  .sectorTree?.(handle.db)
  .catch(() => null);
const slugs = tree?.sectors?.flatMap((node) => [node.slug, ...node.children.map((c) => c.slug)]) ?? [];
const rng = randomSource(11);
const requests = Number(process.argv[2] ?? 5000);
for (let i = 0; i < requests; i += 1) {
  const url = new URL(browsePath(rng, slugs), 'http://x');
  const query = ZRestrictionListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (query.success) await service.browseRestrictions(handle.db, query.data).catch(() => undefined);
}
globalThis.gc?.();
const usage = process.memoryUsage();
console.log(
  `after ${requests} browse requests: resident ${mb(usage.rss)} MB, heap used ${mb(usage.heapUsed)} MB, external ${mb(usage.external)} MB, array buffers ${mb(usage.arrayBuffers)} MB`,
);
const parts = index.browseIndexBytes(index.loadedBrowseIndex(handle.db));
console.log(
  Object.entries(parts)
    .map(([part, bytes]) => `${part} ${mb(bytes)} MB`)
    .join(', '),
);
await index.closeBrowseIndex(handle.db);
await handle.close();

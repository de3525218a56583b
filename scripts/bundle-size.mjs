#!/usr/bin/env node
// The JavaScript a visitor downloads for the home page (entry + the home screen's chunk + everything they
// import statically), gzip-compressed, and the largest lazy chunk. With --budget KB, exits 1 when the
// home page passes it. Reads apps/web/dist (run `npm run build` first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distAt = process.argv.indexOf('--dist');
// --dist DIR measures a private build (e2e runs of parallel work build outside apps/web/dist).
const dist =
  distAt === -1
    ? path.resolve(import.meta.dirname, '../apps/web/dist')
    : path.resolve(process.argv[distAt + 1]);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const home = Object.keys(manifest).find((key) => key.endsWith('features/home/home-screen.tsx'));
if (!entry || !home) throw new Error('The manifest has no entry or no home screen chunk.');
const homeChunks = [...closure([entry, home])].map((key) => manifest[key].file);
const homeKb = homeChunks.reduce((sum, file) => sum + gzipKb(file), 0);

const lazy = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && !homeChunks.includes(chunk.file))
  .map((chunk) => ({ file: chunk.file, kb: gzipKb(chunk.file) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`home page JavaScript: ${homeKb.toFixed(1)} KB gzip in ${homeChunks.length} files`);
if (lazy[0]) console.log(`largest lazy chunk: ${lazy[0].file} ${lazy[0].kb.toFixed(1)} KB gzip`);

const budgetAt = process.argv.indexOf('--budget');
if (budgetAt !== -1) {
  const budget = Number(process.argv[budgetAt + 1]);
  if (!(budget > 0)) throw new Error('--budget needs a number of KB');
  if (homeKb > budget) {
    console.error(`over budget: ${homeKb.toFixed(1)} KB > ${budget} KB`);
    process.exit(1);
  }
  console.log(`within the ${budget} KB budget`);
}

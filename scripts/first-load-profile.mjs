#!/usr/bin/env node
// What each long main-thread task of a first load is made of. One load of a path in Debian's Chromium
// (412 px, mobile), traced with the trace's own sampling CPU profiler; for every task longer than --min ms
// it prints the functions that took the most samples (self time, mapped through the build's source maps
// to their source file and name) and the app's own functions they were called from.
// Against a running server and the web build it serves:
//   node scripts/first-load-profile.mjs http://127.0.0.1:8080 /public/browse
// Options: --cpu N (CPU slowdown, default 1: unthrottled, as Lighthouse's observed load), --min MS (default 25),
// --top N (default 8), --web-dist DIR (the build the server serves, for its source maps; default apps/web/dist).
// docs/accessibility-budgets.md, "Long tasks after the first paint".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { chromiumFlags, chromiumPath, openPhonePage } from './chromium.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  return args.splice(at, 2)[1];
};
const cpu = Number(option('--cpu', 1));
const minMs = Number(option('--min', 25));
const top = Number(option('--top', 8));
const assets = path.join(
  path.resolve(option('--web-dist', path.join(import.meta.dirname, '../apps/web/dist'))),
  'assets',
);
const [base, pagePath] = args;
if (!base || !pagePath) {
  console.error(
    'usage: first-load-profile.mjs BASE_URL PATH [--cpu N] [--min MS] [--top N] [--web-dist DIR]',
  );
  process.exit(2);
}

/** The trace of one fresh load, CPU samples included. */
async function traceLoad() {
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const { page } = await openPhonePage(browser, cpu);
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'blink.user_timing',
      ],
    });
    await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    return JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8')).traceEvents;
  } finally {
    await browser.close();
  }
}

const events = await traceLoad();
// The page's main thread: the renderer main thread with the most tasks.
const mainThreads = events.filter(
  (event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain',
);
const taskCount = (thread) =>
  events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask')
    .length;
const { pid, tid } = mainThreads.sort((a, b) => taskCount(b) - taskCount(a))[0];
// Times are from the start of the page's navigation (or from its first task).
const navigation =
  events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'),
  ) ?? events.find((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask');

// The sampling profiler's nodes and samples (timestamps in the trace's clock).
const nodes = new Map();
const samples = [];
let clock = 0;
for (const event of events) {
  if (event.pid !== pid) continue;
  if (event.name === 'Profile') clock = event.args.data.startTime;
  if (event.name !== 'ProfileChunk') continue;
  const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
  (cpuProfile.samples ?? []).forEach((id, index) => {
    clock += timeDeltas[index];
    samples.push({ ts: clock, id });
  });
}

const sourceMaps = new Map();
/** "source file name" of a frame, through the chunk's source map when there is one. */
function frameName(frame) {
  const file = (frame.url ?? '').split('/').pop();
  if (!file.endsWith('.js')) return frame.functionName || '(native)';
  if (!sourceMaps.has(file)) {
    try {
      sourceMaps.set(file, new TraceMap(readFileSync(path.join(assets, `${file}.map`), 'utf8')));
    } catch {
      sourceMaps.set(file, null);
    }
  }
  const map = sourceMaps.get(file);
  if (!map) return `${file} ${frame.functionName}`;
  const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (position.source ?? file).replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${source} ${position.name ?? frame.functionName}`;
}

/** The nearest frame of the app's own code on a sample's stack. */
function appFrame(node) {
  for (let at = node, depth = 0; at && depth < 200; at = nodes.get(at.parent), depth += 1) {
    const name = frameName(at.callFrame);
    // Sources of the web build map to src/… (or …/apps/web/src/… from a build outside the app's folder).
    if (/^src\/|apps\/web\/src\//.test(name)) return name.replace(/^.*?src\//, '');
  }
  return null;
}

const ranked = (counts) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => `${name} ${count}`)
    .join(' | ');

/** Trace events of the renderer's own work, summed per task (they can nest, e.g. a forced layout in script). */
const browserWork = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'V8.GC_MC_BACKGROUND_MARKING',
  'BlinkGC.AtomicPhase',
  'v8.compile',
  'v8.parseOnBackground',
  'HitTest',
]);

const longTasks = events.filter(
  (event) => event.pid === pid && event.tid === tid && event.name === 'RunTask' && event.dur > minMs * 1000,
);
console.log(`${pagePath}: tasks over ${minMs} ms at ${cpu}x CPU (sample counts)`);
for (const task of longTasks) {
  const self = new Map();
  const callers = new Map();
  const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= task.ts + task.dur);
  for (const sample of inside) {
    const node = nodes.get(sample.id);
    if (!node) continue;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const caller = appFrame(node);
    if (caller) callers.set(caller, (callers.get(caller) ?? 0) + 1);
  }
  const start = ((task.ts - navigation.ts) / 1000).toFixed(0);
  console.log(`task at ${start} ms, ${(task.dur / 1000).toFixed(0)} ms, ${inside.length} samples`);
  console.log(`  self: ${ranked(self)}`);
  if (callers.size > 0) console.log(`  from: ${ranked(callers)}`);
  // The browser's own work in the task ("(program)" in the samples): style, layout, paint, garbage collection.
  const work = new Map();
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid || !event.dur || !browserWork.has(event.name)) continue;
    if (event.ts < task.ts || event.ts + event.dur > task.ts + task.dur) continue;
    work.set(event.name, (work.get(event.name) ?? 0) + event.dur / 1000);
  }
  if (work.size > 0) {
    const listed = [...work].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
    console.log(`  browser: ${listed.join(' | ')}`);
  }
}

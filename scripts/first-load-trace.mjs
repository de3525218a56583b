#!/usr/bin/env node
// The main thread's work on a first load, in Debian's Chromium at a CPU slowdown (default 4x, as mobile
// Lighthouse) with no network throttling, so that only the page's own work shows. For each path: the median
// over --runs fresh loads (default 5) of the first contentful paint, the blocking time summed over every long
// task (each task's time past 50 ms, before and after the first paint) and the longest task, in ms.
// Against a running server: node scripts/first-load-trace.mjs http://127.0.0.1:8080 / /public/browse
// Options: --runs N, --cpu N (docs/accessibility-budgets.md, "Where the main thread goes").
import puppeteer from 'puppeteer-core';
import { chromiumFlags, chromiumPath, openPhonePage } from './chromium.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return Number(value);
};
const runs = option('--runs', 5);
const cpu = option('--cpu', 4);
const [base, ...paths] = args;
if (!base || paths.length === 0) {
  console.error('usage: first-load-trace.mjs BASE_URL PATH... [--runs N] [--cpu N]');
  process.exit(2);
}

/** One load in a fresh browser context: its first paint and long tasks, in ms. */
async function load(browser, url) {
  const { context, page } = await openPhonePage(browser, cpu);
  try {
    await page.evaluateOnNewDocument(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = globalThis.__longTasks;
      const blocking = tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { paint, blocking, longest: Math.max(0, ...tasks.map(([, duration]) => duration)) };
    });
  } finally {
    await context.close();
  }
}

const median = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const rows = [];
  for (const path of paths) {
    const loads = [];
    for (let run = 0; run < runs; run += 1) loads.push(await load(browser, new URL(path, base).href));
    rows.push({
      path,
      'first paint': median(loads.map((x) => x.paint)),
      'blocking (all long tasks)': median(loads.map((x) => x.blocking)),
      'longest task': median(loads.map((x) => x.longest)),
    });
  }
  console.log(`CPU slowdown ${cpu}x, median of ${runs} loads, ms`);
  console.table(rows);
} finally {
  await browser.close();
}

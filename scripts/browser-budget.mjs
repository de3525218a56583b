#!/usr/bin/env node
// The JavaScript budget as the browser counts it: the built app served by the real server with the demo data,
// each page opened in a cold browser context (Debian's Chromium through Playwright) at 375×812 and at
// 1366×800, and the script responses' compressed bytes (CDP Network.loadingFinished encodedDataLength, what
// went over the wire) summed until the page is idle: nothing in flight and no new request for --quiet ms
// (default 1500) after the load event. Lazy chunks the first view pulls in (charts near the viewport,
// screens' own chunks) count; chunks only an interaction fetches do not. Exits 1 when a page passes --budget
// KB (default 150). Pages: home, browse, a restriction view (--pages home,browse to choose).
// Options: --budget KB, --quiet MS, --web-dist DIR (a private web build), --source (the server from its
// TypeScript source), --base-url URL (measure a server already running instead of starting one),
// --verbose (every script with its size). docs/accessibility-budgets.md, "JavaScript budget".
import { chromium } from 'playwright-core';
import { restrictionPath, measureOnServer } from './built-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const budgetKb = Number(option('--budget') ?? 150);
const quietMs = Number(option('--quiet') ?? 1500);
const pageNames = (option('--pages') ?? 'home,browse,restriction').split(',');
const verbose = process.argv.includes('--verbose');
const viewports = [
  { name: '375×812', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  { name: '1366×800', viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false },
];

/** One cold load: the scripts fetched until the page is idle, with their encoded (transferred) bytes. */
async function scriptsOfLoad(browser, url, device) {
  const context = await browser.newContext({
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map();
    const urls = new Map();
    const inFlight = new Set();
    const scripts = [];
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      inFlight.add(requestId);
      urls.set(requestId, request.url);
      lastActivity = Date.now();
    });
    // A script is what Chromium fetched as one (`Script`) or any JavaScript answer: the chunks Vite's
    // <link rel=modulepreload> fetches are of type `Other`.
    cdp.on('Network.responseReceived', ({ requestId, type, response }) =>
      types.set(requestId, type === 'Script' || /javascript/.test(response.mimeType) ? 'Script' : type),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
      if (types.get(requestId) === 'Script')
        scripts.push({ url: urls.get(requestId), bytes: encodedDataLength });
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (inFlight.size > 0) throw new Error(`${url} never went idle (${inFlight.size} requests in flight)`);
    return scripts;
  } finally {
    await context.close();
  }
}

async function measure(baseUrl) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  const rows = [];
  try {
    const pages = [
      { name: 'home', path: '/' },
      { name: 'browse', path: '/public/browse' },
      { name: 'restriction', path: await restrictionPath(baseUrl) },
    ].filter((page) => pageNames.includes(page.name));
    for (const device of viewports) {
      for (const page of pages) {
        const scripts = await scriptsOfLoad(browser, `${baseUrl}${page.path}`, device);
        const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
        rows.push({
          page: page.name,
          viewport: device.name,
          scripts: scripts.length,
          'JS KB': Number(kb.toFixed(1)),
        });
        if (verbose)
          for (const script of scripts.sort((a, b) => b.bytes - a.bytes))
            console.log(
              `  ${page.name} ${device.name} ${(script.bytes / 1024).toFixed(1)} KB ${new URL(script.url).pathname}`,
            );
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const rows = await measureOnServer(measure);
console.table(rows);
const over = rows.filter((row) => row['JS KB'] > budgetKb);
if (over.length > 0) {
  console.error(
    `JavaScript over the ${budgetKb} KB budget (compressed, as transferred):\n  ${over
      .map((row) => `${row.page} at ${row.viewport}: ${row['JS KB']} KB`)
      .join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `every page within the ${budgetKb} KB JavaScript budget (compressed, as transferred, until idle)`,
);

#!/usr/bin/env node
// The slow-link budget: the built app served by the real server with the demo data, opened as a new visitor
// on a slow phone would: Debian's Chromium through Playwright, a cold context at 375×812, CDP
// Network.emulateNetworkConditions (400 ms latency, 50,000 bytes/s down and up: DevTools' "Slow 3G") and
// Emulation.setCPUThrottlingRate 4. On home, browse with a filter and a search in the address, and a
// restriction view, each loaded --runs times (default 3), it measures the first contentful paint (the 'paint'
// PerformanceObserver entry) and the time the page's main content is shown: its h1 and its first result
// (browse), first field (restriction) or first headline figure (home) are laid out, visible and not under
// the loading overlay (an init script checks on every DOM change and animation frame and records
// performance.now()). Prints a table of the runs and their medians and exits 1 when a median passes
// --fcp MS (default 2500) or --main MS (default 3000).
// Options: --runs N, --fcp MS, --main MS, --pages home,browse, --web-dist DIR, --source, --base-url URL
// (a server already running). docs/accessibility-budgets.md, "Slow-link budget".
/* global window, document, requestAnimationFrame, MutationObserver, getComputedStyle */
import { chromium } from 'playwright-core';
import { restrictionPath, measureOnServer } from './built-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const runs = Number(option('--runs') ?? 3);
const budget = { fcp: Number(option('--fcp') ?? 2500), main: Number(option('--main') ?? 3000) };
const pageNames = (option('--pages') ?? 'home,browse,restriction').split(',');
const slowLink = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const cpuSlowdown = 4;
const timeoutMs = 60_000;

/**
 * Runs in the page before its own scripts: records the first contentful paint and the first time the
 * heading and the content element are both shown (laid out, visible, not under the loading overlay).
 */
function recordMainContent(contentSelector) {
  const seen = { fcp: null, main: null };
  window.__slowLink = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const shown = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const overlaid = () => {
    const overlay = document.querySelector('[data-testid="loading-overlay"]');
    if (!overlay) return false;
    const style = getComputedStyle(overlay);
    return style.visibility === 'visible' && Number(style.opacity) > 0.1;
  };
  const check = () => {
    if (seen.main !== null) return;
    const heading = document.querySelector('h1');
    const content = document.querySelector(contentSelector);
    if (shown(heading) && heading.textContent.trim() !== '' && shown(content) && !overlaid())
      seen.main = performance.now();
  };
  const frame = () => {
    check();
    if (seen.main === null) requestAnimationFrame(frame);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  requestAnimationFrame(frame);
}

/** One cold load on the slow link: its first contentful paint and main content time, in ms. */
async function load(browser, url, contentSelector) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(recordMainContent, contentSelector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slowLink);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(
      () => typeof window.__slowLink?.fcp === 'number' && typeof window.__slowLink?.main === 'number',
      null,
      {
        timeout: timeoutMs,
        polling: 100,
      },
    );
    const seen = await page.evaluate(() => window.__slowLink);
    // Found in the frame before the paint that shows it: shown no earlier than the first paint.
    return { fcp: Math.round(seen.fcp), main: Math.round(Math.max(seen.main, seen.fcp)) };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Browse with a country filter and a search word that the demo data answers with results. */
async function filteredBrowsePath(baseUrl) {
  const listed = await (await fetch(`${baseUrl}/api/restrictions/?page_size=1`)).json();
  const first = listed.results?.[0];
  if (!first) throw new Error('The demo data has no restriction to browse.');
  const country = first.country.code;
  const word = first.title.split(/\W+/).find((part) => part.length >= 5) ?? first.title.split(/\s+/)[0];
  const search = new URLSearchParams({ country, q: word.toLowerCase() }).toString();
  const check = await (await fetch(`${baseUrl}/api/restrictions/?page_size=1&${search}`)).json();
  if (!check.count) throw new Error(`Browse with ${search} finds nothing in the demo data.`);
  return `/public/browse?${search}`;
}

async function measure(baseUrl) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  const rows = [];
  try {
    const pages = [
      { name: 'home', path: '/', content: '[data-testid^="figure-"] dd' },
      { name: 'browse', path: await filteredBrowsePath(baseUrl), content: '.result-card h3' },
      { name: 'restriction', path: await restrictionPath(baseUrl), content: '.field-list dd' },
    ].filter((page) => pageNames.includes(page.name));
    for (const page of pages) {
      const results = [];
      for (let run = 0; run < runs; run += 1)
        results.push(await load(browser, `${baseUrl}${page.path}`, page.content));
      rows.push({
        page: page.name,
        path: page.path,
        'FCP runs': results.map((result) => result.fcp).join(' '),
        'FCP ms': median(results.map((result) => result.fcp)),
        'main content runs': results.map((result) => result.main).join(' '),
        'main content ms': median(results.map((result) => result.main)),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const rows = await measureOnServer(measure);
console.table(rows);
const failures = rows.flatMap((row) => [
  ...(row['FCP ms'] > budget.fcp
    ? [`${row.page}: first contentful paint ${row['FCP ms']} ms > ${budget.fcp} ms`]
    : []),
  ...(row['main content ms'] > budget.main
    ? [`${row.page}: main content ${row['main content ms']} ms > ${budget.main} ms`]
    : []),
]);
if (failures.length > 0) {
  console.error(`over the slow-link budget (median of ${runs}):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `within the slow-link budget (median of ${runs}): first contentful paint ≤ ${budget.fcp} ms, main content ≤ ${budget.main} ms`,
);

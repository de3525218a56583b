// The writes-during-reads scenario of bench/load.mjs (issue 35): the browse mix of
// catalogue-scenarios.mjs (a fresh URL per request) three times over, each `duration` seconds:
//   1. browse alone;
//   2. browse while a staff editor changes a restriction (PUT /api/admin/restrictions/{id}/) every 2 s;
//   3. the same with a 1,000-row import (POST /api/admin/restrictions/import/) started 2 s in.
// It reports browse req/s and p99 per phase, the browse p99 while the import runs, and the edits' own
// latency (p50, p99) and the import's. Run: npm run bench:load:pg -- --scenarios writes
import { browsePath } from './catalogue-scenarios.mjs';

const admin = { email: 'admin@portal.example', password: 'Demo-Portal-2026' };
const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);

/** Signs in as the demo's administrator: the headers of its calls. */
async function signIn(base) {
  const page = await fetch(`${base}/`);
  const csrf = /data-csrf="([^"]+)"/.exec(await page.text())?.[1];
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: cookiesOf(page).join('; ') },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  return {
    cookie: cookiesOf(login).join('; '),
    'x-csrftoken': (await login.json()).csrf,
    'x-requested-with': 'XMLHttpRequest',
  };
}

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One staff edit: the record read, then written back with a new title (the whole record, as the form does). */
async function editOnce(base, headers, ids, rng) {
  const id = ids[Math.floor(rng() * ids.length)];
  const item = await (await fetch(`${base}/api/admin/restrictions/${id}/`, { headers })).json();
  const body = {
    title: `${item.title.replace(/ \(edited \d+\)$/, '')} (edited ${Date.now() % 100000})`,
    country: item.country.code,
    sector: item.sector.id,
    sub_sector: item.sub_sector?.id ?? null,
    specific_service: item.specific_service?.id ?? null,
    restriction_type: item.restriction_type,
    market_access: item.market_access,
    national_treatment: item.national_treatment,
    modes_of_supply: item.modes_of_supply,
    restrictiveness_indicator: item.restrictiveness_indicator,
    year_introduced: item.year_introduced,
    text_of_measure: item.text_of_measure,
    status: item.status,
    version: item.version,
  };
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/restrictions/${id}/`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`edit of ${id}: ${response.status}`);
  return performance.now() - started;
}

/** A CSV of `rows` new restrictions of the first partner state and sector. */
function importCsv(rows, country, sectorCode, run) {
  const lines = ['title,country,sector,restriction_type,modes_of_supply,year_introduced,text_of_measure'];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      `Imported bench restriction ${run}-${i},${country},${sectorCode},licensing,mode_3,${1990 + (i % 30)},"A licence is required of foreign banks (bench row ${i})."`,
    );
  return lines.join('\r\n');
}

async function importRows(base, headers, csv) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'bench.csv');
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/restrictions/import/`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`import: ${response.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/**
 * Runs the three phases against a started server. `load(next, seconds, onResponse)` is the bench's
 * autocannon run.
 */
export async function writesDuringReads({ base, load, rng, seconds, warmup }) {
  const headers = await signIn(base);
  const tree = await (await fetch(`${base}/api/sectors/tree/`)).json();
  const sectorSlugs = tree.sectors.flatMap((node) => [
    node.slug,
    ...node.children.map((child) => child.slug),
  ]);
  const sectorCode = tree.sectors[0]?.code ?? '1';
  const next = () => ({ path: browsePath(rng, sectorSlugs) });
  const firstPage = await (await fetch(`${base}/api/admin/restrictions/?page_size=100`, { headers })).json();
  const ids = firstPage.results.map((row) => row.id);
  if (ids.length === 0) throw new Error('no restriction to edit');
  const reference = firstPage.results[0];
  if (warmup > 0) await load(next, warmup);

  const phase = async (withEdits, withImport) => {
    const responses = [];
    const edits = [];
    const failures = [];
    let importWindow = null;
    let stop = false;
    const started = performance.now();
    const editor = (async () => {
      if (!withEdits) return;
      while (!stop) {
        const due = performance.now() + 2_000;
        try {
          edits.push(await editOnce(base, headers, ids, rng));
        } catch (error) {
          failures.push(`edit: ${error.message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
    })();
    const importer = (async () => {
      if (!withImport) return;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const from = performance.now() - started;
      try {
        const csv = importCsv(1_000, reference.country.code, sectorCode, Date.now());
        const took = await importRows(base, headers, csv);
        importWindow = { from, to: from + took, took };
      } catch (error) {
        failures.push(`import: ${error.message}`);
      }
    })();
    const result = await load(next, seconds, (latency) =>
      responses.push({ at: performance.now() - started, latency }),
    );
    stop = true;
    await Promise.all([editor, importer]);
    const during = importWindow
      ? responses.filter(({ at }) => at >= importWindow.from && at <= importWindow.to + 500)
      : [];
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      editP50: Math.round(percentile(edits, 50)),
      editP99: Math.round(percentile(edits, 99)),
      edits: edits.length,
      importMs: importWindow ? Math.round(importWindow.took) : null,
      importP99: during.length
        ? Math.round(
            percentile(
              during.map((r) => r.latency),
              99,
            ),
          )
        : null,
      importRequests: during.length,
      failures,
    };
  };
  const alone = await phase(false, false);
  const edited = await phase(true, false);
  const imported = await phase(true, true);
  return { alone, edited, imported };
}

/** The scenario's markdown table. */
export function writesTable({ alone, edited, imported }, label) {
  const ratio = (a, b) => (b ? `${Math.round((100 * a) / b)} %` : '');
  return [
    `\n${label}: browse mix, writes during reads`,
    '| phase | browse req/s | p50 ms | p99 ms | errors | req/s vs alone | p99 vs alone | edits | edit p50 ms | edit p99 ms | import ms | browse p99 during import |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| browse alone | ${alone.rps} | ${alone.p50} | ${alone.p99} | ${alone.errors} | | | | | | | |`,
    `| one edit every 2 s | ${edited.rps} | ${edited.p50} | ${edited.p99} | ${edited.errors} | ${ratio(edited.rps, alone.rps)} | ${(edited.p99 / alone.p99).toFixed(2)}× | ${edited.edits} | ${edited.editP50} | ${edited.editP99} | | |`,
    `| edits + 1,000-row import | ${imported.rps} | ${imported.p50} | ${imported.p99} | ${imported.errors} | ${ratio(imported.rps, alone.rps)} | ${(imported.p99 / alone.p99).toFixed(2)}× | ${imported.edits} | ${imported.editP50} | ${imported.editP99} | ${imported.importMs} | ${imported.importP99} (${imported.importRequests} requests) |`,
    ...[alone, edited, imported].flatMap((phase) => phase.failures.map((failure) => `failed: ${failure}`)),
  ].join('\n');
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { open, settled, url } from '../support/app.js';
import { collectProblems, launchBrowser, screenshot, screenshotDir, viewports } from '../support/browser.js';
import { freePort, startPortal, type PortalServer } from '../support/server.js';
import { applyLook, checkScreen, lookName, looks, pageAt } from './journey-steps.js';

/**
 * Issue 34, item 2: the public Performance page of complaint handling. Its figures match a count the
 * test makes itself in SQL over the portal's database; the footer and the public complaints list lead
 * to it; en and fr, 375 and 1366 px, light and dark, axe at zero; an empty period says so; the CSV link
 * gives the same figures. Server-rendered (readable without scripts) and hydrated without warnings.
 */

const year = new Date().getUTCFullYear();
const path0 = `/public/complaints/performance?year=${year}`;

const texts = {
  en: {
    title: 'Complaint handling performance',
    regulator: 'National regulator stage',
    empty: 'No complaints in this period',
    csv: 'Download CSV',
  },
  fr: {
    title: 'Performance du traitement des plaintes',
    regulator: 'Étape\u202f: Régulateur national',
    empty: 'Aucune plainte sur cette période',
    csv: 'Télécharger le CSV',
  },
} as const;

/** A table's body rows: the row heading and the numbers of its cells as the page writes them (en-GB). */
async function tableRows(page: Page, table: ReturnType<Page['locator']>) {
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
  const number = (text: string) => (text === '–' ? null : Number(text.replace(/,/g, '')));
  return new Map(rows.map(([name, ...cells]) => [name ?? '', cells.map(number)]));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('complaint handling performance (issue 34, item 2)', () => {
  it('is read without scripts, and hydrates without warnings', { timeout: 90_000 }, async () => {
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      viewport: viewports.phone,
      locale: 'en-GB',
    });
    const page = await bare.newPage();
    const answer = await page.goto(url(path0));
    expect(answer?.status()).toBe(200);
    expect(await page.locator('main h1').innerText()).toBe(texts.en.title);
    expect(await page.title()).toBe(`${texts.en.title} | Services Trade Portal`);
    expect(await page.getByTestId('performance-summary').locator('tbody tr').count()).toBe(3);
    expect(await page.getByTestId('performance-csv').getAttribute('href')).toBe(
      `/api/complaints/performance/data.csv?year=${year}&lang=en`,
    );
    await bare.close();

    const context = await browser.newContext({ viewport: viewports.desktop, locale: 'en-GB' });
    const hydrated = await context.newPage();
    const problems = collectProblems(hydrated);
    await open(hydrated, path0);
    await hydrated.waitForLoadState('networkidle');
    await hydrated.getByTestId('performance-stage-regulator').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const look of looks) {
    const t = texts[look.lang];
    it(
      `the footer leads to it; charts, tables and CSV; an empty period (${lookName(look)})`,
      { timeout: 180_000 },
      async () => {
        const { context, page } = await pageAt(browser, look.width);
        await open(page, '/public/complaints/list');
        await applyLook(page, look);
        // The public complaints list links to it (the footer does too: checked in the other widths).
        const from =
          look.width === 1366
            ? page.getByTestId('performance-link')
            : page.locator('footer').getByRole('link', { name: t.title });
        await from.click();
        await page.waitForURL((address) => address.pathname === '/public/complaints/performance');
        await settled(page);
        expect(await page.locator('main h1').innerText()).toBe(t.title);
        const stage = page.getByTestId('performance-stage-regulator');
        expect(await stage.locator('h2').innerText()).toBe(t.regulator);
        await stage.getByTestId('performance-counts-regulator').locator('svg').first().waitFor();
        // The table alternative of the counts chart.
        await stage.getByTestId('performance-counts-regulator').getByRole('switch').check();
        await stage.getByTestId('performance-counts-regulator').locator('table').waitFor();
        expect(await page.getByTestId('performance-csv').innerText()).toContain(t.csv);
        await checkScreen(page, 'performance', look);
        // The parts at a readable size (the whole page is very tall).
        for (const part of ['performance-period', 'performance-summary', 'performance-stage-regulator'])
          await page
            .getByTestId(part)
            .screenshot({ path: path.join(screenshotDir, `${part}-${lookName(look)}.png`) });

        // A period without complaints says so, in the page's language.
        // The period form: a quarter, then Show, puts it in the address.
        await page.getByLabel(look.lang === 'fr' ? 'Trimestre' : 'Quarter').selectOption('1');
        await page.getByTestId('performance-show').click();
        await page.waitForURL((address) => address.searchParams.get('quarter') === '1');
        await page.goto(url(`/public/complaints/performance?year=2000&quarter=1`));
        await settled(page);
        await page.getByTestId('performance-empty').waitFor();
        expect(await page.getByTestId('performance-empty').innerText()).toContain(t.empty);
        await checkScreen(page, 'performance-empty', look);
        await context.close();
      },
    );
  }

  it('the CSV link gives the figures of the page', { timeout: 60_000 }, async () => {
    const { context, page } = await pageAt(browser, 1366);
    await open(page, path0);
    const summary = await tableRows(page, page.getByTestId('performance-summary'));
    const href = await page.getByTestId('performance-csv').getAttribute('href');
    const csv = await (await page.request.get(url(href!))).text();
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(lines[0]!.slice(0, 3)).toEqual(['Partner state', 'Stage', 'Received']);
    const all = lines.find((line) => line[0] === 'All partner states' && line[1] === 'National regulator');
    const shown = summary.get('National regulator')!;
    expect(all!.slice(2, 8).map(Number)).toEqual(shown.slice(0, 6));
    await context.close();
  });
});

describe('the figures match a count made in SQL', () => {
  let portal: PortalServer | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-e2e-performance-'));
    // A portal of this test's own, on a database the test opens once the server has stopped.
    portal = await startPortal({
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true`,
      DATA_DIR: dataDir,
    });
  }, 240_000);
  afterAll(async () => {
    await portal?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'received, resolved, rejected, forwarded, open, overdue and the median per stage and state',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext({ viewport: viewports.desktop, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(`${portal!.baseUrl}${path0}`);
      await settled(page);
      const summary = await tableRows(page, page.getByTestId('performance-summary'));
      const counts = page.getByTestId('performance-counts-regulator');
      await counts.getByRole('switch').check();
      const byState = await tableRows(page, counts.locator('table'));
      const api = await page.request.get(`${portal!.baseUrl}/api/complaints/performance/?year=${year}`);
      const { as_of: asOf, from, to } = (await api.json()) as { as_of: string; from: string; to: string };
      await screenshot(page, 'performance-sql');
      await context.close();
      await portal!.stop();
      portal = undefined;

      const database = await openDatabase({ url: '', pgliteDir: path.join(dataDir, 'db') });
      try {
        const rows = async <T>(query: ReturnType<typeof sql>) =>
          ((await database.db.execute(query)) as { rows: T[] }).rows;
        // Public complaints (active, not archived, not deleted) and their review log, counted afresh.
        const [previous, next] = [
          { regional: 'regulator', council: 'regional' } as Record<string, string>,
          ['regulator', 'regional', 'council'],
        ];
        for (const stage of next) {
          const [counted] = await rows<Record<string, number | null>>(sql`
          with pc as (select * from complaints where active and not archived and deleted_on is null),
          logs as (select l.* from review_logs l join pc on pc.id = l.complaint_id
            where l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz)
          select
            ${
              stage === 'regulator'
                ? sql`(select count(*) from pc where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`
                : sql`(select count(*) from logs where decision = 'forward' and stage = ${previous[stage]!})`
            }::int as received,
            (select count(*) from logs where decision = 'resolve' and stage = ${stage})::int as resolved,
            (select count(*) from logs where decision = 'reject' and stage = ${stage})::int as rejected,
            (select count(*) from logs where decision = 'forward' and stage = ${stage})::int as forwarded,
            (select count(*) from pc where stage = ${stage})::int as open,
            (select count(*) from pc where stage = ${stage} and status in ('submitted', 'in_review')
              and stage_due_at < ${asOf}::timestamptz)::int as overdue`);
          const shown = summary.get(
            { regulator: 'National regulator', regional: 'Regional', council: 'Council' }[stage]!,
          )!;
          expect({ stage, figures: shown.slice(0, 6) }).toEqual({
            stage,
            figures: [
              counted!.received,
              counted!.resolved,
              counted!.rejected,
              counted!.forwarded,
              counted!.open,
              counted!.overdue,
            ],
          });
        }
        // At the first stage, which starts when the complaint is lodged: the median of its days.
        const [median] = await rows<{ days: number | null }>(sql`
        select round((percentile_cont(0.5) within group (order by extract(epoch from l.created_at - c.created_at) / 86400))::numeric, 1)::float8 as days
        from review_logs l join complaints c on c.id = l.complaint_id
        where c.active and not c.archived and c.deleted_on is null and l.stage = 'regulator'
          and l.decision in ('forward', 'resolve', 'reject')
          and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz`);
        expect(summary.get('National regulator')![6]).toBe(median!.days);
        // Per partner state at the first stage: received and resolved.
        const states = await rows<{ name: string; received: number; resolved: number }>(sql`
        select co.name_en as name,
          count(*) filter (where c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz)::int as received,
          (select count(*) from review_logs l join complaints c2 on c2.id = l.complaint_id
            where c2.country_code = co.code and c2.active and not c2.archived and c2.deleted_on is null
              and l.stage = 'regulator' and l.decision = 'resolve'
              and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz)::int as resolved
        from countries co join complaints c on c.country_code = co.code
        where co.is_partner_state and c.active and not c.archived and c.deleted_on is null
        group by co.code, co.name_en`);
        const withComplaints = states.filter((state) => state.received + state.resolved > 0);
        expect(withComplaints.length).toBeGreaterThan(0);
        for (const state of withComplaints) {
          const shown = byState.get(state.name);
          expect({ state: state.name, received: shown?.[0], resolved: shown?.[1] }).toEqual({
            state: state.name,
            received: state.received,
            resolved: state.resolved,
          });
        }
      } finally {
        await database.close();
      }
    },
  );
});

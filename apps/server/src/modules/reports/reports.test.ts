import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMetricData, TReportData } from '@stp/shared';
import { reports } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedMetricRows, type MetricRows } from './metrics.fixtures.js';

let ctx: TestContext;
let s1: MetricRows['s1'];
let s2: MetricRows['s2'];
let policy: MetricRows['policy'];
beforeAll(async () => {
  ctx = await createTestContext();
  ({ s1, s2, policy } = await seedMetricRows(ctx.db));
});
afterAll(() => ctx.close());

async function preview(query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return ctx.client().request({ url: `/api/reports/preview/?${search}` });
}

async function metric(query: Record<string, string>): Promise<TMetricData> {
  const response = await preview(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMetricData>();
}

/** Category key → value of the first series (only non-zero entries, to keep the expectations short). */
const valuesOf = (data: TMetricData, series = 0) =>
  Object.fromEntries(
    data.categories
      .map((c, i) => [c.key, data.series[series]?.values[i]] as const)
      .filter(([, value]) => value !== 0 && value !== null),
  );

describe('metrics over known rows (archived and deleted measures left out)', () => {
  it('restrictions_by_country counts live measures per country, partner states listed with 0', async () => {
    const data = await metric({ metric: 'restrictions_by_country' });
    expect(valuesOf(data)).toEqual({ KE: 3, TZ: 1 });
    expect(data.total).toBe(4);
    expect(data.categories.find((c) => c.key === 'UG')?.label.en).toBeTruthy();
  });

  it('restrictions_by_mode unnests the modes array', async () => {
    const data = await metric({ metric: 'restrictions_by_mode' });
    expect(data.categories.map((c) => c.key)).toEqual(['mode_1', 'mode_2', 'mode_3', 'mode_4']);
    expect(data.series[0]?.values).toEqual([2, 0, 2, 1]);
    expect(data.total).toBe(4);
  });

  it('restrictions_by_type and restrictions_by_sector', async () => {
    expect(valuesOf(await metric({ metric: 'restrictions_by_type' }))).toEqual({
      foreign_equity_limit: 2,
      nationality_requirement: 1,
      residency_requirement: 1,
    });
    expect(valuesOf(await metric({ metric: 'restrictions_by_sector' }))).toEqual({
      [s1.slug]: 3,
      [s2.slug]: 1,
    });
  });

  it('restrictions_by_policy_area puts unclassified measures last', async () => {
    const data = await metric({ metric: 'restrictions_by_policy_area' });
    expect(valuesOf(data)).toEqual({ [policy.slug]: 1, '': 3 });
    expect(data.categories.at(-1)?.label).toEqual({ en: 'Not classified', fr: 'Non classé' });
  });

  it('restrictiveness_index averages measures in force by country × sector, country and sector', async () => {
    const matrix = await metric({ metric: 'restrictiveness_index' });
    expect(matrix.dimension).toBe('country_sector');
    expect(matrix.categories.map((c) => c.key)).toEqual([s1.slug, s2.slug]);
    expect(matrix.series.map((s) => [s.key, s.values])).toEqual([['KE', [0.6, 0.2]]]);
    expect(matrix.total).toBe(0.467);
    expect(valuesOf(await metric({ metric: 'restrictiveness_index', dimension: 'country' }))).toEqual({
      KE: 0.467,
    });
    expect(valuesOf(await metric({ metric: 'restrictiveness_index', dimension: 'sector' }))).toEqual({
      [s1.slug]: 0.6,
      [s2.slug]: 0.2,
    });
  });

  it('measures_per_year gives introduced and removed/amended per year, every year in the range', async () => {
    const data = await metric({ metric: 'measures_per_year' });
    expect(data.categories.map((c) => c.key)).toEqual(['2000', '2001', '2002', '2003', '2004', '2005']);
    expect(data.series.map((s) => [s.key, s.values])).toEqual([
      ['introduced', [2, 0, 1, 1, 0, 0]],
      ['removed_or_amended', [0, 0, 0, 0, 1, 1]],
    ]);
    const later = await metric({ metric: 'measures_per_year', year_from: '2003' });
    expect(later.categories.map((c) => c.key)).toEqual(['2003', '2004', '2005']);
    expect(later.series.map((s) => s.values)).toEqual([
      [1, 0, 0],
      [0, 1, 1],
    ]);
  });

  it('commitments_by_country counts live sectors committed to liberalise', async () => {
    const data = await metric({ metric: 'commitments_by_country' });
    expect(valuesOf(data)).toEqual({ KE: 2 });
    expect(data.total).toBe(2);
  });

  it('complaints_by_status gives counts only', async () => {
    const response = await preview({ metric: 'complaints_by_status' });
    expect(response.body).not.toContain('Private details');
    expect(valuesOf(response.json<TMetricData>())).toEqual({ resolved: 2, submitted: 1 });
  });

  it('restrictions_total is one figure', async () => {
    const data = await metric({ metric: 'restrictions_total' });
    expect(data).toMatchObject({ total: 4, series: [], categories: [] });
  });

  it('filters by country, sector and years', async () => {
    expect(valuesOf(await metric({ metric: 'restrictions_by_country', country: 'tz' }))).toEqual({ TZ: 1 });
    expect(valuesOf(await metric({ metric: 'restrictions_by_country', sector: s2.slug }))).toEqual({ KE: 1 });
    expect(
      valuesOf(await metric({ metric: 'restrictions_by_country', year_from: '2001', year_to: '2003' })),
    ).toEqual({ KE: 1, TZ: 1 });
  });
});

describe('bad params answer 422 and say which field', () => {
  it.each([
    [{ metric: 'drop table restrictions' }, 'metric'],
    [{ metric: 'restrictions_by_mode', dimension: 'country' }, 'dimension'],
    [{ metric: 'restrictions_by_country', country: 'ZZ' }, 'filters.country'],
    [{ metric: 'restrictions_by_country', country: 'Kenya!' }, 'filters.country'],
    [{ metric: 'restrictions_by_country', sector: 'no-such-sector' }, 'filters.sector'],
    [{ metric: 'restrictions_by_country', year_from: 'soon' }, 'filters.year_from'],
    [{ metric: 'restrictions_by_country', year_from: '2010', year_to: '2000' }, 'filters.year_to'],
  ])('%j → 422 on %s', async (query, field) => {
    const response = await preview(query);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string> }>().errors)).toContain(field);
  });
});

describe('reports', () => {
  let featuredSlugs: string[];
  beforeAll(async () => {
    await ctx.db.insert(reports).values([
      {
        slug: 'r-late',
        titleEn: 'Late',
        titleFr: 'Tard',
        displayType: 'bar',
        index: 3,
        featured: true,
        params: { metric: 'restrictions_by_country' },
      },
      {
        slug: 'r-early',
        titleEn: 'Early',
        titleFr: 'Tôt',
        displayType: 'key_figure',
        index: 1,
        featured: true,
        params: { metric: 'restrictions_total' },
      },
      {
        slug: 'r-hidden',
        titleEn: 'Hidden',
        titleFr: 'Caché',
        displayType: 'bar',
        index: 2,
        featured: true,
        archived: true,
        params: { metric: 'restrictions_total' },
      },
      {
        slug: 'r-plain',
        titleEn: 'Plain',
        titleFr: 'Simple',
        displayType: 'table',
        index: 0,
        params: { metric: 'commitments_by_country' },
      },
      {
        slug: 'r-broken',
        titleEn: 'Broken',
        titleFr: 'Cassé',
        displayType: 'bar',
        params: { metric: 'restriction_count' },
      },
      {
        slug: 'r-embed',
        titleEn: 'Embed',
        titleFr: 'Intégré',
        displayType: 'embed',
        params: { url: 'https://example.org/dash' },
      },
      {
        slug: 'r-embed-http',
        titleEn: 'Embed',
        titleFr: 'Intégré',
        displayType: 'embed',
        params: { url: 'http://example.org/' },
      },
    ]);
    featuredSlugs = ['r-early', 'r-late'];
  });

  it('lists featured reports in index order, without their params', async () => {
    const response = await ctx.client().request({ url: '/api/reports/featured/' });
    const { results } = response.json<{ results: { slug: string; display_height: number }[] }>();
    expect(results.map((r) => r.slug)).toEqual(featuredSlugs);
    expect(results[0]).toMatchObject({ display_type: 'key_figure', display_height: 360, index: 1 });
    expect(response.body).not.toContain('params');
  });

  it('renders a report from its params', async () => {
    const response = await ctx.client().request({ url: '/api/reports/r-early/data/' });
    const body = response.json<TReportData>();
    expect(body.kind).toBe('data');
    if (body.kind === 'data') expect(body.data.total).toBe(4);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('gives an https embed address, refuses others, 422 for a metric off the whitelist, 404 for hidden', async () => {
    expect((await ctx.client().request({ url: '/api/reports/r-embed/data/' })).json()).toMatchObject({
      kind: 'embed',
      url: 'https://example.org/dash',
    });
    expect((await ctx.client().request({ url: '/api/reports/r-embed-http/data/' })).statusCode).toBe(422);
    expect((await ctx.client().request({ url: '/api/reports/r-broken/data/' })).statusCode).toBe(422);
    expect((await ctx.client().request({ url: '/api/reports/r-hidden/data/' })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/reports/nothing/data/' })).statusCode).toBe(404);
  });
});

import type { TMetricData, TReportData } from '@stp/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitments,
  complaints,
  featuredInsights,
  indicators,
  policies,
  reports,
  restrictions,
  sectors,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let s1: { id: number; slug: string };
let s2: { id: number; slug: string };
let policy: { id: number; slug: string };

type RestrictionRow = typeof restrictions.$inferInsert;

/** Six measures: four live ones (three in Kenya, one removed in Tanzania), one archived, one deleted. */
async function seedRestrictions() {
  const base = (n: number, row: Partial<RestrictionRow>): RestrictionRow => ({
    slug: `metric-${n}`,
    title: `Measure ${n}`,
    countryCode: 'KE',
    sectorId: s1.id,
    restrictionType: 'foreign_equity_limit',
    ...row,
  });
  await ctx.db.insert(restrictions).values([
    base(1, {
      restrictivenessIndicator: 0.5,
      modesOfSupply: ['mode_1', 'mode_3'],
      yearIntroduced: 2000,
      policyId: policy.id,
    }),
    base(2, {
      restrictivenessIndicator: 0.7,
      modesOfSupply: ['mode_3'],
      restrictionType: 'nationality_requirement',
      yearIntroduced: 2000,
      yearRemovedOrAmended: 2005,
    }),
    base(3, {
      sectorId: s2.id,
      restrictivenessIndicator: 0.2,
      modesOfSupply: ['mode_4'],
      yearIntroduced: 2002,
    }),
    base(4, {
      countryCode: 'TZ',
      restrictivenessIndicator: 0.4,
      modesOfSupply: ['mode_1'],
      restrictionType: 'residency_requirement',
      yearIntroduced: 2003,
      yearRemovedOrAmended: 2004,
      status: 'removed',
    }),
    base(5, {
      countryCode: 'TZ',
      sectorId: s2.id,
      restrictivenessIndicator: 1,
      modesOfSupply: ['mode_2'],
      yearIntroduced: 1999,
      archived: true,
    }),
    base(6, {
      countryCode: 'UG',
      sectorId: s2.id,
      restrictivenessIndicator: 0.9,
      modesOfSupply: ['mode_2'],
      yearIntroduced: 1998,
      deletedOn: new Date(),
    }),
  ]);
  await ctx.db.insert(commitments).values([
    { countryCode: 'KE', sectorId: s1.id, committedToLiberalise: true },
    { countryCode: 'KE', sectorId: s2.id, committedToLiberalise: true },
    { countryCode: 'TZ', sectorId: s1.id, committedToLiberalise: false },
    { countryCode: 'UG', sectorId: s1.id, committedToLiberalise: true, archived: true },
  ]);
  const complaint = (n: number, status: string, archived = false) => ({
    reference: `CMP-METRIC-${n}`,
    restrictionType: 'foreign_equity_limit',
    detailsOfOccurrence: 'Private details that must never reach a metric.',
    dateOfOccurrence: '2024-01-01',
    countryCode: 'KE',
    briefDescription: 'Brief',
    status,
    archived,
  });
  await ctx.db
    .insert(complaints)
    .values([
      complaint(1, 'resolved'),
      complaint(2, 'resolved'),
      complaint(3, 'submitted'),
      complaint(4, 'in_review', true),
    ]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const level1 = await ctx.db
    .select({ id: sectors.id, slug: sectors.slug })
    .from(sectors)
    .where(eq(sectors.level, 1))
    .orderBy(asc(sectors.sortOrder), asc(sectors.code));
  [s1, s2] = level1 as [typeof s1, typeof s2];
  [policy] = (await ctx.db.select({ id: policies.id, slug: policies.slug }).from(policies).limit(1)) as [
    typeof policy,
  ];
  await seedRestrictions();
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

describe('indicators', () => {
  beforeAll(async () => {
    await ctx.db.insert(indicators).values([
      {
        slug: 'i-modes',
        titleEn: 'By mode',
        titleFr: 'Par mode',
        metric: 'restrictions_by_mode',
        sortOrder: 2,
      },
      {
        slug: 'i-index',
        titleEn: 'Index, "quoted"',
        titleFr: 'Indice',
        metric: 'restrictiveness_index',
        chartType: 'heatmap',
        params: { dimension: 'country_sector' },
        sortOrder: 1,
      },
      { slug: 'i-old', titleEn: 'Old', titleFr: 'Ancien', metric: 'restrictions_total', archived: true },
    ]);
  });

  it('lists published indicators in their order', async () => {
    const { results } = (await ctx.client().request({ url: '/api/indicators/' })).json<{
      results: { slug: string; title: { fr: string } }[];
    }>();
    expect(results.map((r) => r.slug)).toEqual(['i-index', 'i-modes']);
    expect(results[1]?.title.fr).toBe('Par mode');
  });

  it('gives one indicator with its data series', async () => {
    const body = (await ctx.client().request({ url: '/api/indicators/i-modes/' })).json<{
      data: TMetricData;
    }>();
    expect(body.data.series[0]?.values).toEqual([2, 0, 2, 1]);
    expect((await ctx.client().request({ url: '/api/indicators/i-old/' })).statusCode).toBe(404);
  });

  it('downloads the data as CSV, in English or French', async () => {
    const response = await ctx.client().request({ url: '/api/indicators/i-modes/data.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="i-modes.csv"');
    expect(response.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Category,Restrictions',
      'Mode 1: Cross-border supply,2',
      'Mode 2: Consumption abroad,0',
      'Mode 3: Commercial presence,2',
      'Mode 4: Presence of natural persons,1',
      '',
    ]);
    const matrix = await ctx.client().request({ url: '/api/indicators/i-index/data.csv?lang=fr' });
    const lines = matrix.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Catégorie,Kenya');
    expect(lines[1]).toMatch(/,0\.6$/);
  });
});

describe('GET /api/home/', () => {
  it('answers figures, featured insights, notifications and entry points, cacheable for a minute', async () => {
    const [report] = await ctx.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.slug, 'r-late')));
    await ctx.db.insert(featuredInsights).values([
      { titleEn: 'Second', titleFr: 'Deuxième', reportId: report?.id, index: 2, publishedOn: '2026-01-01' },
      {
        titleEn: 'First',
        titleFr: 'Premier',
        linkUrl: 'https://example.org/',
        index: 1,
        publishedOn: '2026-01-01',
      },
      { titleEn: 'Gone', titleFr: 'Parti', index: 0, publishedOn: '2026-01-01', archived: true },
    ]);
    const response = await ctx.client().request({ url: '/api/home/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json<{
      figures: Record<string, number>;
      featured: { title: { en: string }; report: { slug: string } | null }[];
      sectors: unknown[];
      countries: { code: string }[];
    }>();
    expect(body.figures).toMatchObject({
      restrictions_in_force: 3,
      sectors_covered: 2,
      complaints_resolved: 2,
    });
    expect(body.figures.partner_states).toBe(body.countries.length);
    expect(body.featured.map((f) => [f.title.en, f.report?.slug ?? null])).toEqual([
      ['First', null],
      ['Second', 'r-late'],
    ]);
    expect(body.sectors.length).toBe(12);
    expect(body.countries.map((c) => c.code)).toContain('KE');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMetricData } from '@stp/shared';
import { indicators } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedMetricRows } from '../reports/metrics.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedMetricRows(ctx.db);
});
afterAll(() => ctx.close());

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

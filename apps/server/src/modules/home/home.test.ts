import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredInsights, reports } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedMetricRows } from '../reports/metrics.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedMetricRows(ctx.db);
});
afterAll(() => ctx.close());

describe('GET /api/home/', () => {
  it('answers figures, featured insights, notifications and entry points, cacheable for a minute', async () => {
    const [report] = await ctx.db
      .insert(reports)
      .values({
        slug: 'r-late',
        titleEn: 'Late',
        titleFr: 'Tard',
        displayType: 'bar',
        params: { metric: 'restrictions_by_country' },
      })
      .returning({ id: reports.id });
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

  it("carries each featured report's data, so the page draws it with no request of its own", async () => {
    const [broken] = await ctx.db
      .insert(reports)
      .values({
        slug: 'r-broken',
        titleEn: 'Broken',
        titleFr: 'Cassé',
        displayType: 'bar',
        params: { metric: 'no_such_metric' },
      })
      .returning({ id: reports.id });
    const [embed] = await ctx.db
      .insert(reports)
      .values({
        slug: 'r-embed',
        titleEn: 'Elsewhere',
        titleFr: 'Ailleurs',
        displayType: 'embed',
        params: { url: 'https://example.org/report' },
      })
      .returning({ id: reports.id });
    await ctx.db.insert(featuredInsights).values([
      { titleEn: 'Broken one', titleFr: 'Cassée', reportId: broken?.id, index: 3, publishedOn: '2026-01-01' },
      { titleEn: 'Embedded', titleFr: 'Intégrée', reportId: embed?.id, index: 4, publishedOn: '2026-01-01' },
    ]);
    const { clearHomeCache } = await import('./home.routes.js');
    clearHomeCache(ctx.db);
    const response = await ctx.client().request({ url: '/api/home/' });
    expect(response.statusCode).toBe(200);
    const featured = response.json<{
      featured: {
        title: { en: string };
        report_data: { kind: string; data?: { metric: string }; url?: string } | null;
      }[];
    }>().featured;
    const byTitle = new Map(featured.map((insight) => [insight.title.en, insight.report_data]));
    expect(byTitle.get('First')).toBeNull();
    expect(byTitle.get('Second')).toMatchObject({
      kind: 'data',
      data: { metric: 'restrictions_by_country' },
    });
    // A report whose data cannot be computed is null (the page says so); the others are unaffected.
    expect(byTitle.get('Broken one')).toBeNull();
    expect(byTitle.get('Embedded')).toEqual({
      report: expect.objectContaining({ slug: 'r-embed' }),
      kind: 'embed',
      url: 'https://example.org/report',
    });
  });
});

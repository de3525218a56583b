import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const constantKeys = [
  'countries',
  'restrictionTypes',
  'nonComplianceTypes',
  'modeOfSupply',
  'discriminativeList',
  'typeOfMeasureList',
  'yesNo',
  'notificationStatus',
  'complaintStatus',
  'restrictionStatus',
  'reportDisplayTypes',
  'pageStatus',
];

describe('GET /api/cache/constants/', () => {
  it('answers the twelve lists of spec 7 and the limits to anyone', async () => {
    const response = await ctx.client().request({ url: '/api/cache/constants/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown[]>>();
    expect(Object.keys(body).sort()).toEqual([...constantKeys, 'limits'].sort());
    for (const key of constantKeys) expect(body[key]?.length).toBeGreaterThan(1);
  });

  it('gives the configured upload limit in MB', async () => {
    const body = (await ctx.client().request({ url: '/api/cache/constants/' })).json<{
      limits: { uploadMaxMb: number };
    }>();
    expect(body.limits).toEqual({ uploadMaxMb: 10 });
    const small = await createTestContext({ UPLOAD_MAX_MB: '3' });
    try {
      const other = (await small.client().request({ url: '/api/cache/constants/' })).json<{
        limits: { uploadMaxMb: number };
      }>();
      expect(other.limits).toEqual({ uploadMaxMb: 3 });
    } finally {
      await small.close();
    }
  });

  it('lists every country with English and French names and flags the eight partner states', async () => {
    const body = (await ctx.client().request({ url: '/api/cache/constants/' })).json<{
      countries: { code: string; name: { en: string; fr: string }; partner_state: boolean }[];
    }>();
    expect(body.countries).toHaveLength(249);
    expect(
      body.countries
        .filter((c) => c.partner_state)
        .map((c) => c.code)
        .sort(),
    ).toEqual(['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG']);
    expect(body.countries.find((c) => c.code === 'TZ')?.name).toEqual({ en: 'Tanzania', fr: 'Tanzanie' });
    expect(body.countries.find((c) => c.code === 'CD')?.name.en).toBe('Democratic Republic of the Congo');
  });
});

describe('GET /api/pages/sectors/all_sectors/', () => {
  it('answers the W/120 tree: 12 sectors, their sub-sectors and specific services with parent links', async () => {
    const response = await ctx.client().request({ url: '/api/pages/sectors/all_sectors/' });
    expect(response.statusCode).toBe(200);
    const sectors =
      response.json<{ id: number; parent_id: number | null; level: number; code: string; slug: string }[]>();
    expect(sectors.filter((s) => s.level === 1)).toHaveLength(12);
    expect(sectors.filter((s) => s.level === 2).length).toBeGreaterThan(50);
    const ids = new Set(sectors.map((s) => s.id));
    for (const sector of sectors) {
      if (sector.level === 1) expect(sector.parent_id).toBeNull();
      else expect(ids.has(sector.parent_id ?? -1)).toBe(true);
    }
    expect(new Set(sectors.map((s) => s.slug)).size).toBe(sectors.length);
    expect(sectors.find((s) => s.code === '1.A.a')?.slug).toBe('legal-services');
  });
});

describe('GET /api/health/', () => {
  it('reports the database it runs on', async () => {
    const response = await ctx.client().request({ url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

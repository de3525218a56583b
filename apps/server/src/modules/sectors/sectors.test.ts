import type {
  TCommitmentListResponse,
  TRestrictionDetail,
  TSectorPage,
  TSectorTreeResponse,
} from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitments } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { invalidateRestrictionCaches } from '../restrictions/restriction-cache.js';
import { insertRestriction, sectorByCode } from '../restrictions/test-support.js';

let ctx: TestContext;
let business: Awaited<ReturnType<typeof sectorByCode>>;
let professional: Awaited<ReturnType<typeof sectorByCode>>;
let legal: Awaited<ReturnType<typeof sectorByCode>>;

beforeAll(async () => {
  ctx = await createTestContext();
  business = await sectorByCode(ctx.db, '1');
  professional = await sectorByCode(ctx.db, '1.A');
  legal = await sectorByCode(ctx.db, '1.A.a');
  const chain = { sectorId: business.id, subSectorId: professional.id, specificServiceId: legal.id };
  await insertRestriction(ctx.db, { ...chain, countryCode: 'KE' });
  await insertRestriction(ctx.db, { ...chain, countryCode: 'UG' });
  await insertRestriction(ctx.db, { sectorId: business.id, subSectorId: professional.id, countryCode: 'KE' });
  await insertRestriction(ctx.db, { sectorId: business.id, countryCode: 'TZ' });
  await insertRestriction(ctx.db, { sectorId: business.id, countryCode: 'TZ', archived: true });
  await ctx.db.insert(commitments).values([
    { countryCode: 'KE', sectorId: business.id, committedToLiberalise: true, yearCommitted: 2010 },
    { countryCode: 'UG', sectorId: business.id, committedToLiberalise: false },
    { countryCode: 'UG', sectorId: professional.id, committedToLiberalise: true },
  ]);
  invalidateRestrictionCaches();
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.client().request({ url });

describe('sectors and commitments', () => {
  it('gives the W/120 tree with counts of visible restrictions, descendants included', async () => {
    const response = await get('/api/sectors/tree/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    const tree = response.json<TSectorTreeResponse>();
    expect(tree.total).toBe(4);
    const top = tree.sectors.find((node) => node.id === business.id);
    expect(top?.restriction_count).toBe(4);
    const sub = top?.children.find((node) => node.id === professional.id);
    expect(sub?.restriction_count).toBe(3);
    expect(sub?.children.find((node) => node.id === legal.id)?.restriction_count).toBe(2);
    expect(tree.sectors.length).toBeGreaterThanOrEqual(12);
    expect(
      tree.sectors.filter((node) => node.id !== business.id).every((n) => n.restriction_count === 0),
    ).toBe(true);
  });

  it('lists the policy areas, in order, with the slugs the browse filter takes', async () => {
    const response = await get('/api/policies/');
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{
      results: { id: number; slug: string; name: { en: string; fr: string } }[];
    }>();
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(results.every((policy) => policy.slug && policy.name.en && policy.name.fr)).toBe(true);
    const first = results[0]!;
    const filtered = await get(`/api/restrictions/?policy=${first.slug}`);
    expect(filtered.statusCode).toBe(200);
    expect((await get('/api/restrictions/?policy=no-such-policy')).statusCode).toBe(422);
  });

  it('gives a sector page: names, children, counts by country, commitments', async () => {
    const response = await get(`/api/sectors/${business.slug}/`);
    expect(response.statusCode).toBe(200);
    const page = response.json<TSectorPage>();
    expect(page.sector).toMatchObject({
      id: business.id,
      level: 1,
      restriction_count: 4,
      name: { en: business.nameEn, fr: business.nameFr },
      description: { en: expect.any(String), fr: expect.any(String) },
    });
    expect(page.ancestors).toEqual([]);
    expect(page.children.find((child) => child.id === professional.id)?.restriction_count).toBe(3);
    expect(Object.fromEntries(page.by_country.map((row) => [row.country.code, row.count]))).toEqual({
      KE: 2,
      UG: 1,
      TZ: 1,
    });
    expect(page.commitments.map((c) => [c.country.code, c.committed_to_liberalise])).toEqual(
      expect.arrayContaining([
        ['KE', true],
        ['UG', false],
      ]),
    );
    expect(page.commitments).toHaveLength(2);

    const leaf = (await get(`/api/sectors/${legal.slug}/`)).json<TSectorPage>();
    expect(leaf.ancestors.map((node) => node.id)).toEqual([business.id, professional.id]);
    expect(leaf.sector.restriction_count).toBe(2);
    expect((await get('/api/sectors/no-such-sector/')).statusCode).toBe(404);
  });

  it('lists commitments by country and sector, 422 on unknown values', async () => {
    const all = (await get('/api/commitments/')).json<TCommitmentListResponse>();
    expect(all.count).toBe(3);
    const uganda = (await get('/api/commitments/?country=UG')).json<TCommitmentListResponse>();
    expect(uganda.results.map((c) => c.sector.id).sort()).toEqual([business.id, professional.id].sort());
    const one = (
      await get(`/api/commitments/?country=UG&sector=${professional.slug}`)
    ).json<TCommitmentListResponse>();
    expect(one.results).toEqual([
      expect.objectContaining({
        committed_to_liberalise: true,
        country: expect.objectContaining({ code: 'UG' }),
      }),
    ]);
    expect((await get('/api/commitments/?country=XX')).statusCode).toBe(422);
    expect((await get('/api/commitments/?sector=nope')).statusCode).toBe(422);
  });

  it("puts the country's commitment for the sector on the restriction view", async () => {
    const list = await get('/api/restrictions/?country=KE&sort=title');
    const slug = list.json<{ results: { slug: string }[] }>().results[0]?.slug ?? '';
    const detail = (await get(`/api/restrictions/${slug}/`)).json<TRestrictionDetail>();
    expect(detail.commitment).toMatchObject({ committed_to_liberalise: true, year_committed: 2010 });
  });
});

describe('OpenAPI document', () => {
  it('lists the catalogue paths at /api/docs/openapi.json and /api/docs/', async () => {
    const json = await get('/api/docs/openapi.json');
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json<{ paths: object }>().paths);
    for (const path of [
      '/api/restrictions/',
      '/api/restrictions/export/',
      '/api/restrictions/{slug}/',
      '/api/sectors/tree/',
      '/api/sectors/{slug}/',
      '/api/commitments/',
    ])
      expect(paths).toContain(path);
    const doc = json.json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>();
    const browse = doc.paths['/api/restrictions/']?.get;
    expect(browse?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'country', 'page']));
    expect(doc.paths['/api/restrictions/{slug}/']?.patch).toBeDefined();

    const asJson = await ctx.client().request({ url: '/api/docs/', headers: { accept: 'application/json' } });
    expect(asJson.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    const asHtml = await ctx.client().request({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(asHtml.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(asHtml.body).toContain('/api/restrictions/{slug}/');
    expect(asHtml.body).not.toContain('<script');
  });
});

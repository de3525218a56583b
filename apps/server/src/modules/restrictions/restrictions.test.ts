import type { TRestrictionDetail, TRestrictionListResponse } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { firstPolicy, insertRestriction, sectorByCode } from './test-support.js';

let ctx: TestContext;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const business = await sectorByCode(db, '1');
  const professional = await sectorByCode(db, '1.A');
  const legal = await sectorByCode(db, '1.A.a');
  const financial = await sectorByCode(db, '7');
  const policy = await firstPolicy(db);
  const rows = {
    lawyers: await insertRestriction(db, {
      title: 'Licensing of foreign law firms',
      countryCode: 'KE',
      sectorId: business.id,
      subSectorId: professional.id,
      specificServiceId: legal.id,
      restrictionType: 'licensing',
      modesOfSupply: ['mode_3'],
      marketAccess: 'yes',
      nationalTreatment: 'no',
      nonComplianceType: 'not_scheduled',
      yearIntroduced: 2005,
      restrictivenessIndicator: 0.8,
      textOfMeasure:
        'Foreign lawyers must obtain a practising certificate from the Law Society before they appear in court. <b>bold</b>',
    }),
    banks: await insertRestriction(db, {
      title: 'Agrément des banques étrangères',
      countryCode: 'UG',
      sectorId: financial.id,
      restrictionType: 'foreign_equity_limit',
      modesOfSupply: ['mode_1', 'mode_4'],
      marketAccess: 'no',
      nationalTreatment: 'yes',
      yearIntroduced: 2015,
      status: 'scheduled_for_removal',
      restrictivenessIndicator: 0.3,
      textOfMeasure: 'Les banques étrangères doivent obtenir un agrément de la Banque centrale.',
    }),
    policyOne: await insertRestriction(db, {
      title: 'Accountants must be nationals',
      countryCode: 'RW',
      sectorId: business.id,
      subSectorId: professional.id,
      policyId: policy.id,
      restrictionType: 'nationality_requirement',
      modesOfSupply: ['mode_4'],
      yearIntroduced: 2020,
      status: 'amended',
    }),
    archived: await insertRestriction(db, {
      title: 'Archived measure on lawyers',
      countryCode: 'TZ',
      archived: true,
      archivedAt: new Date('2025-01-02T10:00:00Z'),
    }),
    deleted: await insertRestriction(db, {
      title: 'Deleted measure on lawyers',
      countryCode: 'KE',
      deletedOn: new Date(),
    }),
  };
  for (const [name, row] of Object.entries(rows)) {
    ids[name] = row.id;
    slugs[name] = row.slug;
  }
});
afterAll(() => ctx.close());

async function browse(query: string) {
  const response = await ctx.client().request({ url: `/api/restrictions/?${query}` });
  return { response, body: response.json<TRestrictionListResponse>() };
}

async function idsOf(query: string) {
  const { response, body } = await browse(query);
  expect(response.statusCode, response.body).toBe(200);
  expect(body.count).toBe(body.results.length);
  return body.results.map((row) => row.id).sort((a, b) => a - b);
}

const visible = () => [ids.lawyers, ids.banks, ids.policyOne].sort((a, b) => (a ?? 0) - (b ?? 0));

describe('GET /api/restrictions/', () => {
  it('lists visible restrictions only, named, counted and publicly cacheable', async () => {
    const { response, body } = await browse('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(body.count).toBe(3);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(20);
    expect(body.results.map((row) => row.id).sort()).toEqual(visible().sort());
    const lawyers = body.results.find((row) => row.id === ids.lawyers);
    expect(lawyers).toMatchObject({
      country: { code: 'KE', name: { en: 'Kenya' } },
      sector: { code: '1', level: 1 },
      sub_sector: { code: '1.A', level: 2 },
      specific_service: { code: '1.A.a', level: 3 },
      market_access: 'yes',
      modes_of_supply: ['mode_3'],
      restrictiveness_indicator: 0.8,
      highlight: null,
    });
  });

  it('narrows by each filter', async () => {
    expect(await idsOf('country=KE')).toEqual([ids.lawyers]);
    expect(await idsOf('country=ke,UG')).toEqual([ids.lawyers, ids.banks]);
    expect(await idsOf('country=RW&country=UG')).toEqual([ids.banks, ids.policyOne]);
    const legal = await sectorByCode(ctx.db, '1.A.a');
    const business = await sectorByCode(ctx.db, '1');
    expect(await idsOf(`sector=${business.slug}`)).toEqual([ids.lawyers, ids.policyOne]);
    expect(await idsOf(`category=${business.slug}`)).toEqual([ids.lawyers, ids.policyOne]);
    expect(await idsOf(`category=${legal.slug}`)).toEqual([ids.lawyers]);
    expect(await idsOf(`specific_service=${legal.id}`)).toEqual([ids.lawyers]);
    const professional = await sectorByCode(ctx.db, '1.A');
    expect(await idsOf(`sub_sector=${professional.slug}`)).toEqual([ids.lawyers, ids.policyOne]);
    expect(await idsOf('restriction_type=foreign_equity_limit')).toEqual([ids.banks]);
    expect(await idsOf('restriction_type=foreign_equity_limit,licensing')).toEqual([ids.lawyers, ids.banks]);
    expect(await idsOf('mode_of_supply=mode_4')).toEqual([ids.banks, ids.policyOne]);
    expect(await idsOf('mode_of_supply=mode_1,mode_3')).toEqual([ids.lawyers, ids.banks]);
    const policy = await firstPolicy(ctx.db);
    expect(await idsOf(`policy=${policy.slug}`)).toEqual([ids.policyOne]);
    expect(await idsOf('market_access=yes')).toEqual([ids.lawyers]);
    expect(await idsOf('national_treatment=yes')).toEqual([ids.banks]);
    expect(await idsOf('non_compliance_type=not_scheduled')).toEqual([ids.lawyers]);
    expect(await idsOf('year_from=2010')).toEqual([ids.banks, ids.policyOne]);
    expect(await idsOf('year_to=2015')).toEqual([ids.lawyers, ids.banks]);
    expect(await idsOf('year_from=2010&year_to=2016')).toEqual([ids.banks]);
    expect(await idsOf('status=amended,scheduled_for_removal')).toEqual([ids.banks, ids.policyOne]);
    expect(await idsOf('country=KE&market_access=no')).toEqual([]);
  });

  it('searches in English and French and highlights the matches as text segments', async () => {
    const english = await browse('q=lawyer');
    expect(english.body.results.map((row) => row.id)).toEqual([ids.lawyers]);
    const highlight = english.body.results[0]?.highlight;
    expect(highlight?.text_of_measure).toContainEqual({ text: 'lawyers', match: true });
    // Nothing is HTML: no <mark> from the server, and ts_headline drops the stored tags themselves.
    const text = highlight?.text_of_measure.map((s) => s.text).join('') ?? '';
    expect(text).toContain('bold');
    expect(text).not.toMatch(/<\/?(b|mark)>/);
    expect(highlight?.title.map((s) => s.text).join('')).toBe('Licensing of foreign law firms');

    const french = await browse('q=banque');
    expect(french.body.results.map((row) => row.id)).toEqual([ids.banks]);
    const marks = french.body.results[0]?.highlight;
    expect(marks?.title).toContainEqual({ text: 'banques', match: true });
    expect(marks?.text_of_measure.some((s) => s.match)).toBe(true);

    expect((await browse('q="practising certificate"')).body.count).toBe(1);
    expect((await browse('q=lawyer -court')).body.count).toBe(0);
    expect((await browse('q=lawyer&country=UG')).body.count).toBe(0);
    expect((await browse('q=nothingmatcheszz')).body.results).toEqual([]);
    // Ranked pages count in the same scan; past the end the count still comes.
    for (const [page, length] of [
      [1, 1],
      [2, 1],
      [3, 0],
    ]) {
      const { body } = await browse(`q=lawyer or banque&page_size=1&page=${page}`);
      expect(body.count).toBe(2);
      expect(body.results).toHaveLength(length as number);
    }
  });

  it('sorts with a stable tie-break and paginates on the server', async () => {
    const byTitle = await browse('sort=title');
    expect(byTitle.body.results.map((row) => row.title)).toEqual([
      'Accountants must be nationals',
      'Agrément des banques étrangères',
      'Licensing of foreign law firms',
    ]);
    const byIndicator = await browse('sort=-indicator');
    expect(byIndicator.body.results.map((row) => row.id)).toEqual([ids.lawyers, ids.banks, ids.policyOne]);
    const byYear = await browse('sort=-year_introduced');
    expect(byYear.body.results.map((row) => row.year_introduced)).toEqual([2020, 2015, 2005]);
    const byCountry = await browse('sort=country');
    expect(byCountry.body.results.map((row) => row.country.code)).toEqual(['KE', 'RW', 'UG']);
    const page2 = await browse('sort=title&page=2&page_size=2');
    expect(page2.body).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(page2.body.results.map((row) => row.title)).toEqual(['Licensing of foreign law firms']);
    const beyond = await browse('page=9');
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.count).toBe(3);
  });

  it('answers 422 with field errors for invalid filters', async () => {
    const cases: [string, string][] = [
      ['country=Kenya', 'country'],
      ['country=XX', 'country'],
      ['sort=price', 'sort'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
      ['market_access=maybe', 'market_access'],
      ['mode_of_supply=mode_9', 'mode_of_supply'],
      ['year_from=abc', 'year_from'],
      ['year_from=2020&year_to=2010', 'year_to'],
      ['sector=no-such-sector', 'sector'],
      ['sub_sector=1', 'sub_sector'],
      ['policy=unknown-policy', 'policy'],
    ];
    for (const [query, field] of cases) {
      const { response } = await browse(query);
      expect(response.statusCode, query).toBe(422);
      const errors = response.json<{ errors: Record<string, string> }>().errors;
      expect(Object.keys(errors), query).toContain(field);
    }
  });
});

describe('GET /api/restrictions/{slug}/', () => {
  it('gives every field, the first version and no commitment when none exists', async () => {
    const response = await ctx.client().request({ url: `/api/restrictions/${slugs.lawyers}/` });
    expect(response.statusCode).toBe(200);
    const detail = response.json<TRestrictionDetail>();
    expect(detail).toMatchObject({
      slug: slugs.lawyers,
      title: 'Licensing of foreign law firms',
      archived: false,
      archived_at: null,
      version: 1,
      commitment: null,
      updates: [],
      status: 'in_force',
      year_introduced: 2005,
    });
    for (const field of [
      'responsible_agency',
      'commitments_made',
      'other_dates',
      'proposed_removal_year',
      'year_removed_or_amended',
      'text_of_measure',
      'remarks',
      'non_compliance_type',
      'policy',
    ])
      expect(detail).toHaveProperty(field);
    expect(detail.history).toEqual([
      expect.objectContaining({ version: 1, change_type: 'created', changes: [], changed_by: null }),
    ]);
  });

  it('shows an archived restriction with its flag, and 404 for a deleted or unknown one', async () => {
    const archived = await ctx.client().request({ url: `/api/restrictions/${slugs.archived}/` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TRestrictionDetail>()).toMatchObject({
      archived: true,
      archived_at: '2025-01-02T10:00:00.000Z',
    });
    expect((await ctx.client().request({ url: `/api/restrictions/${slugs.deleted}/` })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/restrictions/no-such-thing/' })).statusCode).toBe(404);
    // Slugs of long titles are longer than Fastify's default parameter limit of 100.
    const long = await insertRestriction(ctx.db, {
      slug: `kenya-${'long-title-'.repeat(20)}1`,
      archived: true,
    });
    expect((await ctx.client().request({ url: `/api/restrictions/${long.slug}/` })).statusCode).toBe(200);
  });
});

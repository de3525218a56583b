import { compareTexts, modeOfSupply, type TCompareResponse } from '@stp/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitments, countries, policies, sectors } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { computeMetric } from '../reports/metrics.js';
import { clearCatalogueReference } from '../sectors/catalogue-reference.js';
import { insertRestriction, sectorByCode } from '../restrictions/test-support.js';

/**
 * Issue 34, item 6: `GET /api/compare/`. Its figures are checked against counts the test makes in SQL
 * of its own over the visible records, the index against the indicators' metric, and every bad query
 * gets a 422 that names the field.
 */

let ctx: TestContext;
let business: typeof sectors.$inferSelect;
let legal: typeof sectors.$inferSelect;
let policyA: typeof policies.$inferSelect | undefined;
let policyB: typeof policies.$inferSelect | undefined;
const hiddenWord = 'hiddencommitmentword';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  business = await sectorByCode(db, '1');
  legal = await sectorByCode(db, '1.A');
  const other = await sectorByCode(db, '2');
  [policyA, policyB] = await db.select().from(policies).orderBy(policies.sortOrder).limit(2);
  const archived = { archived: true, archivedAt: new Date() };
  // Kenya: seven visible measures (more than a cell lists), one archived and one inactive.
  for (let i = 0; i < 7; i += 1)
    await insertRestriction(db, {
      title: `Kenya measure ${String.fromCharCode(71 - i)}`,
      modesOfSupply: i % 2 ? ['mode_1', 'mode_3'] : ['mode_3'],
      policyId: i < 5 ? policyA!.id : null,
      restrictivenessIndicator: 0.1 * (i + 1),
      status: i === 6 ? 'removed' : 'in_force',
      ...(i === 0 ? { subSectorId: legal.id } : {}),
    });
  await insertRestriction(db, { title: 'Kenya archived', modesOfSupply: ['mode_2'], ...archived });
  await insertRestriction(db, { title: 'Kenya inactive', modesOfSupply: ['mode_2'], active: false });
  // Tanzania: two measures; Rwanda one (not chosen); Uganda one in another sector only.
  await insertRestriction(db, {
    title: 'Tanzania licence',
    countryCode: 'TZ',
    modesOfSupply: ['mode_4'],
    policyId: policyB!.id,
    restrictivenessIndicator: 0.9,
    status: 'amended',
  });
  await insertRestriction(db, {
    title: 'Tanzania presence',
    countryCode: 'TZ',
    modesOfSupply: ['mode_3'],
    policyId: policyA!.id,
    restrictivenessIndicator: 0.2,
    subSectorId: legal.id,
  });
  await insertRestriction(db, { title: 'Rwanda measure', countryCode: 'RW', modesOfSupply: ['mode_3'] });
  await insertRestriction(db, { title: 'Uganda elsewhere', countryCode: 'UG', sectorId: other.id });
  await db.insert(commitments).values([
    { countryCode: 'KE', sectorId: business.id, committedToLiberalise: true, yearCommitted: 2010 },
    { countryCode: 'TZ', sectorId: business.id, committedToLiberalise: false },
    { countryCode: 'TZ', sectorId: legal.id, committedToLiberalise: true, yearCommitted: 2015 },
    {
      countryCode: 'UG',
      sectorId: business.id,
      committedToLiberalise: true,
      details: hiddenWord,
      ...archived,
    },
  ]);
  await db.insert(sectors).values({
    level: 1,
    code: 'hiddensector',
    slug: 'hidden-sector',
    nameEn: 'Hidden',
    nameFr: 'Caché',
    archived: true,
  });
  clearCatalogueReference(db);
}, 60_000);
afterAll(() => ctx.close());

async function compare(query: string) {
  const response = await ctx.client().request({ url: `/api/compare/?${query}` });
  return { status: response.statusCode, body: response.json<TCompareResponse>(), raw: response.body };
}

/** The test's own count of visible restrictions of a state in the sector (descendants too), in SQL. */
async function countInSql(country: string, sectorId: number, extra = sql`true`): Promise<number> {
  const result = await ctx.db.execute(sql`select count(*)::int as n from restrictions
    where active and not archived and deleted_on is null and country_code = ${country}
      and ${sectorId} in (sector_id, coalesce(sub_sector_id, 0), coalesce(specific_service_id, 0))
      and ${extra}`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

async function titlesInSql(country: string, sectorId: number, extra: SQL) {
  const result = await ctx.db.execute(sql`select slug from restrictions
    where active and not archived and deleted_on is null and country_code = ${country}
      and ${sectorId} in (sector_id, coalesce(sub_sector_id, 0), coalesce(specific_service_id, 0))
      and ${extra} order by title, slug limit 5`);
  return (result as { rows: { slug: string }[] }).rows.map((row) => row.slug);
}

describe('GET /api/compare/', () => {
  it('counts restrictions by mode and policy area as SQL counts them, for each chosen state', async () => {
    const states = ['KE', 'TZ', 'UG'];
    for (const sector of [business, legal]) {
      const { status, body } = await compare(`countries=UG,KE,TZ&sector=${sector.slug}`);
      expect(status).toBe(200);
      expect(body.sector.slug).toBe(sector.slug);
      // Columns in the reference order, whatever the order asked.
      expect(body.countries.map((country) => country.code)).toEqual(states);
      for (const [column, code] of states.entries()) {
        expect(body.total.values[column]!.count).toBe(await countInSql(code, sector.id));
        for (const row of body.by_mode) {
          const inMode = sql`${row.mode} = any(modes_of_supply)`;
          expect(row.values[column]!.count, `${code} ${row.mode}`).toBe(
            await countInSql(code, sector.id, inMode),
          );
          expect(row.values[column]!.restrictions.map((r) => r.slug)).toEqual(
            await titlesInSql(code, sector.id, inMode),
          );
        }
        for (const row of body.by_policy) {
          const inArea = row.policy ? sql`policy_id = ${row.policy.id}` : sql`policy_id is null`;
          expect(row.values[column]!.count).toBe(await countInSql(code, sector.id, inArea));
        }
        // Every policy area with a restriction has its row: the rows add up to the total.
        const sum = body.by_policy.reduce((total, row) => total + row.values[column]!.count, 0);
        expect(sum).toBe(body.total.values[column]!.count);
      }
      expect(body.by_mode.map((row) => row.mode)).toEqual(modeOfSupply.map((mode) => mode.value));
    }
  });

  it('gives the figures asked for business services, with the differences marked', async () => {
    const { body } = await compare(`countries=KE,TZ&sector=${business.slug}`);
    const mode = (value: string) => body.by_mode.find((row) => row.mode === value)!;
    expect(body.total).toMatchObject({ differs: true, values: [{ count: 7 }, { count: 2 }] });
    expect(mode('mode_3').values.map((cell) => cell.count)).toEqual([7, 1]);
    expect(mode('mode_3').values[0]!.restrictions).toHaveLength(5);
    expect(mode('mode_3').values[0]!.restrictions[0]!.title).toBe('Kenya measure A');
    expect(mode('mode_2')).toEqual({
      mode: 'mode_2',
      differs: false,
      values: [
        { count: 0, restrictions: [] },
        { count: 0, restrictions: [] },
      ],
    });
    expect(body.by_policy.map((row) => row.policy?.slug ?? null)).toEqual([
      policyA!.slug,
      policyB!.slug,
      null,
    ]);
    expect(body.commitment.differs).toBe(true);
    expect(body.commitment.values.map((c) => [c?.committed_to_liberalise, c?.year_committed])).toEqual([
      [true, 2010],
      [false, null],
    ]);
  });

  it('gives the restrictiveness index the indicators compute, and the nearest commitment above a sub-sector', async () => {
    for (const sector of [business, legal]) {
      const { body } = await compare(`countries=KE,TZ,UG&sector=${sector.id}`);
      for (const [column, code] of ['KE', 'TZ', 'UG'].entries()) {
        const metric = await computeMetric(ctx.db, {
          metric: 'restrictiveness_index',
          dimension: 'country',
          filters: { country: code, sector: sector.slug },
        });
        expect(body.index.values[column]!.value, `${code} ${sector.code}`).toBe(metric.total);
      }
    }
    const { body } = await compare(`countries=KE,TZ,UG&sector=${legal.slug}`);
    // Kenya's measures of 1.A in force: 0.1 alone; Tanzania's: 0.2.
    expect(body.index.values).toEqual([
      { value: 0.1, measures: 1 },
      { value: 0.2, measures: 1 },
      { value: null, measures: 0 },
    ]);
    expect(body.commitment.values.map((c) => c && [c.sector.code, c.year_committed])).toEqual([
      ['1', 2010],
      ['1.A', 2015],
      null,
    ]);
  });

  it('shows only visible records: no archived or inactive measure, no archived commitment', async () => {
    const { status, raw } = await compare(`countries=KE,UG&sector=${business.slug}`);
    expect(status).toBe(200);
    expect(raw).toContain('Kenya measure A');
    expect(raw).not.toContain('Kenya archived');
    expect(raw).not.toContain('Kenya inactive');
    expect(raw).not.toContain(hiddenWord);
    expect(raw).not.toContain('Rwanda');
  });

  it('takes a comma list or a repeated key, in any case, each state once', async () => {
    const comma = await compare(`countries=KE,TZ&sector=${business.slug}`);
    const repeated = await compare(`countries=ke&countries=TZ&countries=KE&sector=${business.slug}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(comma.body);
  });

  it('answers 422 naming the field for a bad query, and changes nothing', async () => {
    const [outsider] = await ctx.db
      .select({ code: countries.code })
      .from(countries)
      .where(and(eq(countries.isPartnerState, false), eq(countries.code, 'FR')));
    expect(outsider).toBeDefined();
    const cases: [string, Record<string, string>][] = [
      ['', { countries: compareTexts.countriesCount, sector: compareTexts.sectorRequired }],
      [`countries=KE&sector=${business.slug}`, { countries: compareTexts.countriesCount }],
      [`countries=KE,TZ,UG,RW,BI,SS&sector=${business.slug}`, { countries: compareTexts.countriesCount }],
      [`countries=KE,XX&sector=${business.slug}`, { countries: compareTexts.countryUnknown }],
      [`countries=KE,FR&sector=${business.slug}`, { countries: compareTexts.countryUnknown }],
      [`countries=KE,T1&sector=${business.slug}`, { countries: compareTexts.countryUnknown }],
      ['countries=KE,TZ', { sector: compareTexts.sectorRequired }],
      ['countries=KE,TZ&sector=no-such-sector', { sector: compareTexts.sectorUnknown }],
      ['countries=KE,TZ&sector=999999', { sector: compareTexts.sectorUnknown }],
      ['countries=KE,TZ&sector=hidden-sector', { sector: compareTexts.sectorUnknown }],
      ['countries=KE,TZ&sector=%3Cscript%3E', { sector: compareTexts.sectorUnknown }],
      [
        'countries=KE,XX&sector=no-such-sector',
        { countries: compareTexts.countryUnknown, sector: compareTexts.sectorUnknown },
      ],
    ];
    const before = await countInSql('KE', business.id);
    for (const [query, errors] of cases) {
      const response = await ctx.client().request({ url: `/api/compare/?${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(response.json<{ errors: Record<string, string> }>().errors, query).toEqual(errors);
    }
    expect(await countInSql('KE', business.id)).toBe(before);
  });

  it('is in the OpenAPI document with its query and answers', async () => {
    const document = (await ctx.client().request({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[]; responses?: Record<string, unknown> } }
      >;
    }>();
    const operation = document.paths['/api/compare/']?.get;
    expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['countries', 'sector']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '422']));
  });
});

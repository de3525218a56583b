import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { browsePage } from './browse-index.js';
import { generateRestrictions } from './generate-data.js';
import { invalidateRestrictionCaches } from './restriction-cache.js';
import { whereSql, type RestrictionFilters } from './restriction-query.js';
import type { RestrictionListRow } from './restrictions.presenter.js';
import { pageSql } from './restrictions.service.js';

let ctx: TestContext;
let db: Database;
let sectorIds: number[];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the SQL of the browse list answers: the oracle the in-memory index must agree with. */
async function bySql(filters: RestrictionFilters, sort: string | undefined, limit: number, offset: number) {
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from restrictions r where ${whereSql(filters)}`),
  );
  const rows = rowsOf<RestrictionListRow>(await db.execute(pageSql(filters, sort, limit, offset)));
  return { count: counted?.n ?? 0, rows: rows.map(comparable) };
}

/** A row with its time as text: the SQL driver and the index may give different Date objects. */
const comparable = (row: RestrictionListRow) => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

const idsOf = (page: { rows: RestrictionListRow[] }) => page.rows.map((row) => row.id);

/** A small deterministic random source. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const empty = (): RestrictionFilters => ({
  countries: [],
  restrictionTypes: [],
  modes: [],
  nonComplianceTypes: [],
  statuses: [],
});

function randomFilters(rng: () => number): { filters: RestrictionFilters; sort: string | undefined } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  const filters = empty();
  const choices = [
    () => filters.countries.push(pick(['KE', 'TZ', 'UG', 'RW', 'BI', 'SS', 'CD', 'SO'])),
    () => (filters.sectorId = pick(sectorIds)),
    () => filters.restrictionTypes.push(pick(['licensing', 'foreign_equity_limit', 'work_permit'])),
    () => filters.modes.push(pick(['mode_1', 'mode_2', 'mode_3', 'mode_4'])),
    () => (filters.marketAccess = pick(['yes', 'no'])),
    () => (filters.nationalTreatment = pick(['yes', 'no'])),
    () => (filters.yearFrom = 1990 + Math.floor(rng() * 30)),
    () => (filters.yearTo = 2000 + Math.floor(rng() * 25)),
    () => filters.statuses.push(pick(['in_force', 'removed', 'amended'])),
  ];
  for (let i = Math.floor(rng() * 4); i > 0; i -= 1) pick(choices)();
  filters.countries.sort();
  if (rng() < 0.5)
    filters.q = pick(['licence', 'bank', 'foreign', 'insurance', 'transport', 'banque', 'étrangers']);
  const sort = pick([
    undefined,
    'title',
    '-title',
    'country',
    '-updated',
    'indicator',
    '-indicator',
    'year_introduced',
    '-year_introduced',
    'sector',
  ]);
  return { filters, sort };
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  await generateRestrictions(db, { restrictions: 1_500, seed: 11 });
  invalidateRestrictionCaches();
  const reference = await catalogueReference(db);
  sectorIds = [...reference.sectors.values()]
    .filter((sector) => sector.level === 1)
    .map((sector) => sector.id);
}, 120_000);
afterAll(() => ctx.close());

describe('the in-memory browse index', () => {
  it('answers every filter, search, sort and page, and the page rows, exactly as the SQL does', async () => {
    const rng = randomSource(7);
    for (let run = 0; run < 120; run += 1) {
      const { filters, sort } = randomFilters(rng);
      const offset = Math.floor(rng() * 4) * 20;
      const expected = await bySql(filters, sort, 20, offset);
      const { count, rows } = await browsePage(db, filters, sort, 20, offset);
      expect({ run, filters, sort, count, rows: rows.map(comparable) }).toEqual({
        run,
        filters,
        sort,
        ...expected,
      });
    }
  }, 120_000);

  it('sees a write at once after the caches are dropped', async () => {
    const filters = empty();
    const before = await browsePage(db, filters, 'title', 5, 0);
    const first = idsOf(before)[0]!;
    await db.execute(sql`update restrictions set archived = true where id = ${first}`);
    invalidateRestrictionCaches();
    const after = await browsePage(db, filters, 'title', 5, 0);
    expect(after.count).toBe(before.count - 1);
    expect(idsOf(after)).not.toContain(first);
    await db
      .update(restrictions)
      .set({ archived: false })
      .where(sql`id = ${first}`);
    invalidateRestrictionCaches();
  });

  /** Waits for this process's index to show `count` rows once the next signature check (every 5 s) has run. */
  async function seenAfterTheCheck(filters: RestrictionFilters, stale: number, count: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      // The signature check starts a reload; the current index answers until the new one is in place.
      expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(stale);
      await vi.waitFor(async () => expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(count), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      vi.useRealTimers();
    }
  }

  it('sees a write made by another instance within a few seconds, without being told', async () => {
    const filters = empty();
    const before = await browsePage(db, filters, 'title', 5, 0);
    const first = idsOf(before)[0]!;
    // Another instance's writes: no invalidation in this process, and no other column touched (the
    // revision moves on with any committed write, whatever it changes).
    await db.execute(sql`update restrictions set archived = true where id = ${first}`);
    expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(before.count);
    await seenAfterTheCheck(filters, before.count, before.count - 1);
    await db.execute(sql`update restrictions set archived = false where id = ${first}`);
    await seenAfterTheCheck(filters, before.count - 1, before.count);
  });

  it('moves the revision on once per committed transaction, however many rows it wrote, and not on a rollback', async () => {
    const revision = async () =>
      Number(
        rowsOf<{ revision: string }>(await db.execute(sql`select revision from restrictions_revision`))[0]!
          .revision,
      );
    const start = await revision();
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 20)`,
      );
      await tx.execute(
        sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 5)`,
      );
    });
    expect(await revision()).toBe(start + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update restrictions set archived = true`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await revision()).toBe(start + 1);
    await db.execute(
      sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 1)`,
    );
    expect(await revision()).toBe(start + 2);
  });

  it('refuses an unknown sort on its field', async () => {
    await expect(browsePage(db, empty(), 'password', 5, 0)).rejects.toMatchObject({
      statusCode: 422,
      errors: { sort: 'Select a valid sort order.' },
    });
  });
});

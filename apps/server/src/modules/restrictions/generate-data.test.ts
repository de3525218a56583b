import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../../db/seed/demo/restrictions.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { generateRestrictions } from './generate-data.js';

let ctx: TestContext;
let before: number;
let generatedIds: string;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
  rowsOf<T>(await ctx.db.execute(query))[0] as T;

beforeAll(async () => {
  ctx = await createTestContext();
  before = (await one<{ n: number }>(sql`select count(*)::int as n from restrictions`)).n;
  const progress: number[] = [];
  // Three batches (the last one short), two in flight at once.
  const written = await generateRestrictions(ctx.db, {
    restrictions: 450,
    seed: 5,
    batchSize: 200,
    concurrency: 2,
    progress: (done) => progress.push(done),
  });
  expect(written).toBe(450);
  // One report per finished batch, with the running total: the short batch may finish before the
  // second full one (both in flight), so the totals are 200, 400, 450 or 200, 250, 450.
  const totals = progress.sort((a, b) => a - b);
  const batches = totals.map((total, index) => total - (totals[index - 1] ?? 0));
  expect(totals.at(-1)).toBe(450);
  expect(batches.sort((a, b) => a - b)).toEqual([50, 200, 200]);
  generatedIds = `select id from restrictions where slug ~ '-[0-9]{7}$'`;
}, 120_000);
afterAll(() => ctx.close());

describe('generate-data', () => {
  it('adds the rows, varied across countries, sectors and types, with texts search finds', async () => {
    const stats = await one<Record<string, number>>(sql`
      select count(*)::int as rows, count(distinct country_code)::int as countries,
        count(distinct sector_id)::int as sectors, count(distinct restriction_type)::int as types,
        count(distinct title)::int as titles, count(distinct year_introduced)::int as years,
        count(*) filter (where search @@ websearch_to_tsquery('english', 'licence'))::int as licence,
        count(*) filter (where search @@ websearch_to_tsquery('english', 'foreign'))::int as foreign,
        count(*) filter (where archived)::int as archived
      from restrictions where id in (${sql.raw(generatedIds)})`);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from restrictions`)).n).toBe(before + 450);
    expect(stats.rows).toBe(450);
    expect(stats.countries).toBe(8);
    expect(stats.sectors).toBeGreaterThanOrEqual(10);
    expect(stats.types).toBeGreaterThanOrEqual(8);
    expect(stats.titles).toBeGreaterThan(200);
    expect(stats.years).toBeGreaterThan(15);
    expect(stats.licence).toBeGreaterThan(20);
    expect(stats.licence).toBeLessThan(450);
    expect(stats.foreign).toBeGreaterThan(20);
    expect(stats.archived).toBeLessThan(45);
  });

  it('writes version 1 of every row with the row as its snapshot, and version 2 of the archived ones', async () => {
    const rows = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`
        select r.id, r.archived, r.version, r.created_at, r.updated_at,
          (select jsonb_agg(jsonb_build_object('version', v.version, 'type', v.change_type,
             'changes', v.changes, 'snapshot', v.snapshot, 'at', v.changed_at) order by v.version)
           from restriction_versions v where v.restriction_id = r.id) as versions,
          to_jsonb(r) as row
        from restrictions r where r.id in (${sql.raw(generatedIds)})`),
    );
    expect(rows).toHaveLength(450);
    const keys = Object.keys(snapshotOf({} as never)).sort();
    for (const row of rows) {
      const versions = row.versions as {
        version: number;
        type: string;
        changes: object;
        snapshot: Record<string, unknown>;
        at: string;
      }[];
      const current = row.row as Record<string, unknown>;
      const expected = Object.fromEntries(keys.map((key) => [key, current[key]]));
      expect(versions.map((v) => v.version)).toEqual(row.archived ? [1, 2] : [1]);
      expect(row.version).toBe(versions.length);
      const [created, archived] = versions;
      expect(created?.type).toBe('created');
      expect(created?.changes).toEqual({});
      expect(Object.keys(created?.snapshot ?? {}).sort()).toEqual(keys);
      expect(created?.snapshot).toEqual({ ...expected, archived: false });
      expect(new Date(created?.at ?? 0).getTime()).toBe(new Date(row.created_at as string).getTime());
      if (archived) {
        expect(archived.type).toBe('archived');
        expect(archived.changes).toEqual({ archived: { old: false, new: true } });
        expect(archived.snapshot).toEqual({ ...expected, archived: true });
        expect(new Date(archived.at).getTime()).toBe(new Date(row.updated_at as string).getTime());
      }
    }
  });

  it('can run again on the same database: new slugs, no collision', async () => {
    await generateRestrictions(ctx.db, { restrictions: 30, seed: 5 });
    const total = await one<{ n: number; slugs: number }>(
      sql`select count(*)::int as n, count(distinct slug)::int as slugs from restrictions`,
    );
    expect(total).toEqual({ n: before + 480, slugs: before + 480 });
  });
});

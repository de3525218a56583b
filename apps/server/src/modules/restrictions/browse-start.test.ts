// Issue 35, the start: browse answers at once while the in-memory index loads (PostgreSQL reads the
// page), and those answers are the ones the loaded index gives afterwards: the same rows, count,
// order and highlights.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { browseIndexLoaded, loadedBrowseIndex } from './browse-index.js';
import { generateRestrictions } from './generate-data.js';
import { invalidateRestrictionCaches } from './restriction-cache.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await generateRestrictions(ctx.db, { restrictions: 400, seed: 23 });
  invalidateRestrictionCaches();
}, 180_000);
afterAll(() => ctx?.close());

// Filters, searches (with highlights), sorts and pages, as visitors ask for them.
// The SQL answer's count of a page's matches.
const sqlCount = 'select count(*)::int as n from restrictions r where';

const urls = [
  '/api/restrictions/?page_size=20',
  '/api/restrictions/?country=KE,TZ&sort=-updated',
  '/api/restrictions/?q=licence&page_size=10',
  '/api/restrictions/?q=banque',
  '/api/restrictions/?restriction_type=licensing&sort=country&page=2',
  '/api/restrictions/?mode_of_supply=mode_3&market_access=no&sort=-indicator',
  '/api/restrictions/?year_from=2001&sort=year_introduced&page=3',
  '/api/restrictions/?q=foreign&sort=title',
];

describe('browse while the index loads', () => {
  it('answers from PostgreSQL before the index is loaded, exactly as the index answers once loaded', async () => {
    // Nothing has browsed this database yet: the first requests start the load and do not wait for it.
    expect(loadedBrowseIndex(ctx.db)).toBeNull();
    // The statements run meanwhile: only the SQL answer counts a page's matches (the index counts them
    // in memory).
    const dialect = new PgDialect();
    const statements: string[] = [];
    const execute = ctx.db.execute.bind(ctx.db);
    let atOnce = 0;
    let mostAtOnce = 0;
    const spy = vi.spyOn(ctx.db, 'execute').mockImplementation(((query: SQL) => {
      const text = dialect.sqlToQuery(query).sql;
      statements.push(text);
      if (!text.startsWith(sqlCount)) return execute(query);
      atOnce += 1;
      mostAtOnce = Math.max(mostAtOnce, atOnce);
      return execute(query).finally(() => {
        atOnce -= 1;
      });
    }) as typeof ctx.db.execute);
    const early = await Promise.all(
      urls.map(async (url) => {
        const response = await ctx.client().request({ url });
        return { url, status: response.statusCode, body: response.json() };
      }),
    );
    spy.mockRestore();
    const answeredBySql = statements.filter((text) => text.startsWith(sqlCount));
    expect(answeredBySql.length).toBeGreaterThan(0);
    // At most two pages at a time were read by SQL beside the load, though all arrived at once (more
    // only delay the load): the others waited for the index, which the load of 400 rows gives in time.
    expect(mostAtOnce).toBeGreaterThan(0);
    expect(mostAtOnce).toBeLessThanOrEqual(2);

    await browseIndexLoaded(ctx.db);
    expect(loadedBrowseIndex(ctx.db)).not.toBeNull();
    invalidateRestrictionCaches();
    for (const answer of early) {
      expect(answer.status, answer.url).toBe(200);
      const late = await ctx.client().request({ url: answer.url });
      expect(late.statusCode).toBe(200);
      expect(answer.body, answer.url).toEqual(late.json());
    }
    // The searches matched something (a comparison of empty pages would prove little).
    const searched = early.filter((answer) => answer.url.includes('q='));
    for (const answer of searched)
      expect((answer.body as { count: number }).count, answer.url).toBeGreaterThan(0);
  }, 120_000);
});

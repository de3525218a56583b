import { sql } from 'drizzle-orm';
import type { TestContext } from './harness.js';

/**
 * A failure planted in the database: a trigger `name` that refuses inserts into `table` while the
 * plpgsql `condition` on `new` holds (e.g. an audit row of one model), so a test can show that a
 * change and its other writes land in one transaction. Answers the function that removes it.
 */
export async function refuseInserts(
  ctx: Pick<TestContext, 'db'>,
  name: string,
  table: string,
  condition: string,
): Promise<() => Promise<void>> {
  await ctx.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin if ${condition} then raise exception '${name}'; end if; return new; end $$`),
  );
  await ctx.db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await ctx.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await ctx.db.execute(sql.raw(`drop function ${name}()`));
  };
}

// Bench data: many realistic restrictions (the demo generator's texts) with their versions, inserted in
// batches inside transactions. `npm run manage -- generate-data --restrictions 100000`.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { restrictions, restrictionVersions } from '../../db/schema/index.js';
import { createRng, generateRestrictionRows } from '../../db/seed/demo/restriction-generator.js';
import { loadRestrictionContext, snapshotOf } from '../../db/seed/demo/restrictions.js';
import { invalidateRestrictionCaches } from './restriction-cache.js';

const rowsPerInsert = 1_000;
const insertsPerTransaction = 5;

export interface GenerateOptions {
  restrictions: number;
  seed?: number;
  /** Called after each transaction with the rows written so far. */
  progress?: (done: number) => void;
}

/** Adds `count` restrictions (and a version for each, two for some) to a database holding the base data. */
export async function generateRestrictions(db: Database, options: GenerateOptions): Promise<number> {
  const context = await loadRestrictionContext(db);
  const rng = createRng(options.seed ?? 4242);
  const result = await db.execute(sql`select coalesce(max(id), 0)::int as id from restrictions`);
  const [last] = (result as { rows: { id: number }[] }).rows;
  // Slugs end with the sequence number: start past every existing row so none collides.
  let sequence = (last?.id ?? 0) + 1_000_000;
  let done = 0;
  const now = Date.now();
  while (done < options.restrictions) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < insertsPerTransaction && done < options.restrictions; i++) {
        const count = Math.min(rowsPerInsert, options.restrictions - done);
        const rows = generateRestrictionRows(context, count, rng, sequence);
        sequence += count;
        const created = new Date(now - 400 * 86_400_000);
        for (const row of rows) {
          const updated = new Date(created.getTime() + Math.floor(rng() * 390 * 86_400_000));
          Object.assign(row, { createdAt: created, updatedAt: updated, version: row.archived ? 2 : 1 });
        }
        const ids = await tx
          .insert(restrictions)
          .values(rows)
          .returning({ id: restrictions.id, slug: restrictions.slug });
        const bySlug = new Map(ids.map((r) => [r.slug, r.id]));
        const versions: (typeof restrictionVersions.$inferInsert)[] = [];
        for (const row of rows) {
          const restrictionId = bySlug.get(row.slug) as number;
          const snapshot = snapshotOf(row);
          versions.push({
            restrictionId,
            version: 1,
            changeType: 'created',
            changes: {},
            snapshot,
            changedAt: row.createdAt,
          });
          if (row.archived) {
            versions.push({
              restrictionId,
              version: 2,
              changeType: 'archived',
              changes: { archived: { old: false, new: true } },
              snapshot: { ...snapshot, archived: true },
              changedAt: row.updatedAt,
            });
          }
        }
        await tx.insert(restrictionVersions).values(versions);
        done += count;
      }
    });
    options.progress?.(done);
  }
  invalidateRestrictionCaches();
  return done;
}

// Bench data: many realistic restrictions (the demo generator's texts) with their versions.
// `npm run manage -- generate-data --restrictions 100000`.
// Each batch is ONE statement in its own transaction: the batch's rows travel as a single JSON
// parameter, expanded by `jsonb_populate_recordset` into the restrictions table, and the versions are
// built in SQL from the inserted rows (no per-row parameters, no snapshot JSON sent from Node). On
// PostgreSQL two batches run at once (the database's cost, the search vector of each row and the
// index updates, then uses both cores) while Node generates the next batch.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createRng, generateRestrictionRows } from '../../db/seed/demo/restriction-generator.js';
import { loadRestrictionContext, snapshotOf } from '../../db/seed/demo/restrictions.js';
import { restrictionsWritten } from './restriction-cache.js';

const dayMs = 86_400_000;

export interface GenerateOptions {
  restrictions: number;
  seed?: number;
  /** Rows per statement (and per transaction); 2,000 by default. */
  batchSize?: number;
  /** Batches in flight at once: 2 on PostgreSQL uses both cores; PGlite runs one query at a time. */
  concurrency?: number;
  /** Called after each batch is committed with the rows written so far. */
  progress?: (done: number) => void;
}

// The snapshot's keys are the table's column names (snapshotOf), so SQL can build it from the row.
const snapshotColumns = Object.keys(snapshotOf({} as never)).filter((key) => key !== 'archived');
const snapshotSql = sql.raw(
  `jsonb_build_object(${snapshotColumns.map((c) => `'${c}', r.${c}`).join(', ')}, 'archived', false)`,
);
const insertColumns = sql.raw(
  [...snapshotColumns, 'archived', 'archived_at', 'version', 'created_at', 'updated_at'].join(', '),
);

/** The statement that writes one batch: the rows, version 1 of each, and version 2 of the archived. */
function batchSql(json: string) {
  return sql`with r as (
      insert into restrictions (${insertColumns})
      select ${insertColumns} from jsonb_populate_recordset(null::restrictions, ${json}::jsonb)
      returning id, ${insertColumns}
    )
    insert into restriction_versions (restriction_id, version, change_type, changes, snapshot, changed_at)
    select r.id, 1, 'created', '{}'::jsonb, ${snapshotSql}, r.created_at from r
    union all
    select r.id, 2, 'archived', '{"archived": {"old": false, "new": true}}'::jsonb,
      ${snapshotSql} || '{"archived": true}'::jsonb, r.updated_at from r where r.archived`;
}

/** Adds `count` restrictions (and a version for each, two for archived ones) to a database holding the base data. */
export async function generateRestrictions(db: Database, options: GenerateOptions): Promise<number> {
  const context = await loadRestrictionContext(db);
  const rng = createRng(options.seed ?? 4242);
  const result = await db.execute(sql`select coalesce(max(id), 0)::int as id from restrictions`);
  const [last] = (result as { rows: { id: number }[] }).rows;
  // Slugs end with the sequence number: start past every existing row so none collides.
  let sequence = (last?.id ?? 0) + 1_000_000;
  const created = Date.now() - 400 * dayMs;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? 2_000);
  const inFlight = new Set<Promise<void>>();
  let generated = 0;
  let done = 0;
  let failure: Error | undefined;
  while (generated < options.restrictions && failure === undefined) {
    const count = Math.min(batchSize, options.restrictions - generated);
    const rows = generateRestrictionRows(context, count, rng, sequence).map((row) => {
      const updated = created + Math.floor(rng() * 390 * dayMs);
      return {
        ...snapshotOf(row),
        archived: row.archived ?? false,
        archived_at: row.archivedAt?.toISOString() ?? null,
        version: row.archived ? 2 : 1,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(updated).toISOString(),
      };
    });
    sequence += count;
    generated += count;
    const json = JSON.stringify(rows);
    const batch = db
      .transaction(async (tx) => {
        await tx.execute(batchSql(json));
      })
      .then(
        () => {
          done += count;
          options.progress?.(done);
        },
        (error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => inFlight.delete(batch));
    inFlight.add(batch);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await restrictionsWritten(db);
  if (failure !== undefined) throw failure;
  return done;
}

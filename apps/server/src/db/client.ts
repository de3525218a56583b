import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateQueueSchema } from '../jobs/queue.js';
import { migrationsDir } from '../paths.js';
import { lockPgliteDir } from './pglite-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** What both drivers have in common: the whole server codes against this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or an open transaction: services take this so callers can compose them in one transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's own client (the job queue talks to it directly); absent for PostgreSQL. */
  pglite?: PGlite;
  /** The PostgreSQL server's URL (the job queue keeps a small pool of its own); empty for PGlite. */
  url: string;
  /** The PostgreSQL pool (its counts go to `/metrics`); absent for PGlite. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for a real server; empty for the embedded PGlite. */
  url: string;
  /** Where PGlite keeps its files; `memory://` keeps them in memory. */
  pgliteDir: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests clone a migrated, seeded database this way). */
  pgliteSnapshot?: Blob | File;
}

// Serialises concurrent migrations when several instances start against one PostgreSQL.
const migrationLockKey = 727_274_101;

/** Opens PGlite (embedded default) or a node-postgres pool when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped connection must not crash the process: the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      pool,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
          // The job queue's tables (pg-boss's own migrations).
          await migrateQueueSchema({ kind: 'postgres', url: options.url });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // PGlite and its driver only for the embedded database (issue 35: a PostgreSQL start loads neither).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { pg_trgm }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      // Trigram similarity for the complaint duplicate hints (PostgreSQL ships it as contrib).
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ],
  );
  const inMemory = options.pgliteDir.startsWith('memory://');
  let unlock = () => undefined as void;
  if (!inMemory) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockPgliteDir(options.pgliteDir);
  }
  const client = await PGlite.create(inMemory ? undefined : options.pgliteDir, {
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    url: '',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
      // The job queue's tables (pg-boss's own migrations).
      await migrateQueueSchema({ kind: 'pglite', pglite: client, url: '' });
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface CreatedDatabase {
  /** The new database's URL. */
  url: string;
  /** Drops it (closing its connections) and ends the admin connection. */
  drop: () => Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`: a copy of `template` (the suite's migrated,
 * seeded template) when given, else empty.
 */
export async function createDatabase(serverUrl: string, template?: string): Promise<CreatedDatabase> {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const name = `stp_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A copy of the suite's PostgreSQL template (`inject('pgTemplateUrl')`). */
export const copyTemplateDatabase = (templateUrl: string) =>
  createDatabase(templateUrl, templateUrl.split('/').pop());

import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { FileStorage } from '../../storage/storage.js';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';
import { seedBase } from './base.js';
import { seedDemo, type DemoSummary } from './demo/index.js';

/** True when no account exists yet: the state in which `start` loads the demo data. */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Loads the base data, then the demo data when asked, each in one transaction. */
export async function seedDatabase(
  db: Database,
  options: { demo: boolean; storage: FileStorage },
): Promise<DemoSummary | null> {
  await db.transaction((tx) => seedBase(tx));
  if (!options.demo) return null;
  if (!(await isEmptyDatabase(db))) {
    throw new Error('The database already holds accounts: demo data is loaded only into an empty database.');
  }
  return db.transaction((tx) => seedDemo(tx, { storage: options.storage, hashPassword }));
}

import { count, inArray } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { FileStorage } from '../../storage/storage.js';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';
import { seedBase } from './base.js';
// The accounts' list only: the demo data set (and pdf-lib, for its publications) loads when it is loaded.
import { demoAccounts } from './demo/accounts.js';
import type { DemoAccount, DemoSummary } from './demo/types.js';

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
  const { seedDemo } = await import('./demo/index.js');
  return db.transaction((tx) => seedDemo(tx, { storage: options.storage, hashPassword }));
}

/** The demo accounts still present in the database (printed again at every start). */
export async function presentDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const all = demoAccounts();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        all.map((account) => account.email),
      ),
    );
  const present = new Set(rows.map((row) => row.email));
  return all.filter((account) => present.has(account.email));
}

import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Database } from '../db/client.js';
import { groups, permissions, userGroups, userPermissions, users } from '../db/schema/index.js';

export const testPassword = 'Correct-Horse-42';
let hashed: Promise<string> | undefined;
let sequence = 0;

export interface AccountOptions {
  email?: string;
  staff?: boolean;
  superuser?: boolean;
  active?: boolean;
  groups?: string[];
  permissions?: string[];
  locale?: 'en' | 'fr';
  country?: string;
}

/** A confirmed account with the test password, its groups and direct permissions. */
export async function createAccount(db: Database, options: AccountOptions = {}) {
  hashed ??= hashPassword(testPassword);
  sequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user${sequence}-${Date.now()}@example.org`,
      passwordHash: await hashed,
      firstName: 'Test',
      lastName: `User ${sequence}`,
      isStaff: options.staff ?? options.superuser ?? false,
      isSuperuser: options.superuser ?? false,
      isActive: options.active ?? true,
      locale: options.locale ?? 'en',
      countryCode: options.country ?? 'KE',
      emailConfirmedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no user');
  if (options.groups?.length) {
    const found = await db.select().from(groups).where(inArray(groups.name, options.groups));
    await db.insert(userGroups).values(found.map((group) => ({ userId: user.id, groupId: group.id })));
  }
  if (options.permissions?.length) {
    const found = await db
      .select()
      .from(permissions)
      .where(inArray(permissions.codename, options.permissions));
    await db
      .insert(userPermissions)
      .values(found.map((perm) => ({ userId: user.id, permissionId: perm.id })));
  }
  return user;
}

export async function findUser(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

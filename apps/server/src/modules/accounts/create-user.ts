import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { groups, userGroups, users } from '../../db/schema/index.js';
import { hashPassword } from '../../auth/passwords.js';

export interface CreateUserInput {
  email: string;
  password: string;
  isSuperuser: boolean;
  isStaff: boolean;
  groups: string[];
}

/** Creates a confirmed, active account with its groups in one transaction (management CLI). */
export async function createUser(db: Database, input: CreateUserInput) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (taken) throw new Error(`An account with the e-mail ${input.email} already exists.`);
    const found = input.groups.length
      ? await tx.select().from(groups).where(inArray(groups.name, input.groups))
      : [];
    const missing = input.groups.filter((name) => !found.some((group) => group.name === name));
    if (missing.length > 0) {
      const known = (await tx.select({ name: groups.name }).from(groups)).map((group) => group.name);
      throw new Error(`Unknown group(s): ${missing.join(', ')}. Known groups: ${known.join(', ')}.`);
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        isSuperuser: input.isSuperuser,
        isStaff: input.isStaff,
        emailConfirmedAt: new Date(),
      })
      .returning();
    if (!user) throw new Error('User insert returned nothing');
    if (found.length > 0)
      await tx.insert(userGroups).values(found.map((group) => ({ userId: user.id, groupId: group.id })));
    return user;
  });
}

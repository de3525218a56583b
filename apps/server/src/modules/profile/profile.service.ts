import type { TPasswordChange, TProfileUpdate } from '@stp/shared';
import { messages } from '@stp/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countries, users } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { passwordProblem } from '../../auth/password-strength.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/principal.js';
import { deleteOtherSessions } from '../../auth/sessions.js';
import type { FileStorage } from '../../storage/storage.js';
import { contentProblem } from '../complaints/upload-content.js';
import { detectAllowedType } from '../complaints/uploads.js';

/** Avatar formats, recognised by their bytes (the shared upload checks) rather than by name or declared type. */
const avatarTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export interface ProfileChange extends TProfileUpdate {
  avatar?: Buffer | undefined;
}

/** Applies a profile update; a new avatar is stored first and the old one removed only after the row is saved. */
export async function updateProfile(
  db: Database,
  storage: FileStorage,
  user: UserRow,
  change: ProfileChange,
): Promise<UserRow> {
  if (change.country) {
    const [country] = await db.select().from(countries).where(eq(countries.code, change.country)).limit(1);
    if (!country) throw validationFailed({ country: 'Select a valid country.' });
  }

  let avatarKey: string | null | undefined;
  if (change.avatar) {
    // An empty file is refused like any other unreadable image; no file at all changes nothing.
    const detected = change.avatar.length > 0 ? await detectAllowedType(change.avatar) : null;
    if (!detected || !avatarTypes.includes(detected.contentType))
      throw validationFailed({ avatar: messages.invalidFile }, messages.invalidFileTitle);
    const problem = contentProblem(change.avatar, detected.contentType);
    if (problem) throw validationFailed({ avatar: problem }, messages.invalidFileTitle);
    avatarKey = await storage.put('avatars', change.avatar, detected.extension);
  } else if (change.remove_avatar) {
    avatarKey = null;
  }

  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (change.first_name !== undefined) values.firstName = change.first_name;
  if (change.last_name !== undefined) values.lastName = change.last_name;
  if (change.display_name !== undefined) values.displayName = change.display_name;
  if (change.phone !== undefined) values.phone = change.phone;
  if (change.country !== undefined) values.countryCode = change.country || null;
  if (change.locale !== undefined) values.locale = change.locale;
  if (change.dark_mode !== undefined) values.darkMode = change.dark_mode;
  if (avatarKey !== undefined) values.avatarKey = avatarKey;

  let updated: UserRow | undefined;
  try {
    [updated] = await db.update(users).set(values).where(eq(users.id, user.id)).returning();
  } catch (error) {
    if (avatarKey) await storage.delete(avatarKey);
    throw error;
  }
  if (!updated) throw new Error('Profile update returned nothing');
  if (avatarKey !== undefined && user.avatarKey) await storage.delete(user.avatarKey);
  return updated;
}

export const wrongCurrentPassword = 'Your current password is incorrect.';

/**
 * Change password: checks the current one, then stores the new hash and ends the user's other sessions in
 * one transaction; the session that asked (`keepSessionHash`) stays signed in.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  keepSessionHash: string,
  change: TPasswordChange,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, change.current_password)))
    throw validationFailed({ current_password: wrongCurrentPassword });
  const problem = await passwordProblem(change.new_password, user);
  if (problem) throw validationFailed({ new_password: problem });
  const passwordHash = await hashPassword(change.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteOtherSessions(tx, user.id, keepSessionHash);
  });
}

import { adminUserTexts, type TAdminUserBody, type TAdminUserChoices } from '@stp/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ChangeContext } from '../../admin/admin-resource.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { loadPrincipal, type UserRow } from '../../auth/principal.js';
import { deleteUserSessions } from '../../auth/sessions.js';
import { issueUserToken, type UserTokenPurpose } from '../../auth/user-tokens.js';
import type { Database, Executor } from '../../db/client.js';
import {
  countries,
  groupPermissions,
  groups,
  permissions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema/index.js';
import { forbidden, HttpError, notFound, validationFailed } from '../../http/errors.js';
import { presentAdminUsers } from './admin-users.presenter.js';
import { sendInvitation, sendPasswordReset, type MailContext } from './admin-users.mails.js';
import { permissionIds, permissionModels } from './permission-choices.js';

/** The group options and the permission picker of the users and groups forms. */
export async function userChoices(db: Executor): Promise<TAdminUserChoices> {
  const [options, models] = await Promise.all([
    db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),
    permissionModels(db),
  ]);
  return { groups: options, permissions: models };
}

/** Codenames a set of groups grants. */
async function groupCodenames(db: Executor, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(inArray(groupPermissions.groupId, groupIds));
  return rows.map((row) => row.codename);
}

/** The user's current groups and direct codenames (what a change starts from). */
async function currentGrants(db: Executor, userId: number) {
  const [memberOf, direct] = await Promise.all([
    db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId)),
    db
      .select({ codename: permissions.codename })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)),
  ]);
  return { groups: memberOf.map((row) => row.id), permissions: direct.map((row) => row.codename) };
}

/**
 * The rules of a user change beyond the body's shape, all reported at once: the address is fixed, a
 * user cannot demote, deactivate or turn themselves into a client, only superusers touch superuser
 * status and superuser accounts, and others grant only what they hold themselves (no escalation).
 */
export async function checkUserChange(
  tx: Executor,
  input: TAdminUserBody,
  { actor, before }: Pick<ChangeContext<UserRow>, 'actor' | 'before'>,
): Promise<void> {
  const principal = await loadPrincipal(tx, actor.userId);
  if (!principal) throw forbidden();
  const actorIsSuperuser = principal.user.isSuperuser;
  if (before?.isSuperuser && !actorIsSuperuser) throw new HttpError(403, adminUserTexts.superuserAccount);

  const errors: Record<string, string> = {};
  if (before && before.email.toLowerCase() !== input.email.toLowerCase())
    errors.email = adminUserTexts.emailFixed;
  if (input.is_superuser !== (before?.isSuperuser ?? false) && !actorIsSuperuser)
    errors.is_superuser = adminUserTexts.superuserOnly;
  if (before?.id === actor.userId) {
    if (before.isSuperuser && !input.is_superuser) errors.is_superuser = adminUserTexts.ownSuperuser;
    if (!input.is_active) errors.is_active = adminUserTexts.ownActive;
    if (before.isStaff && input.account_type === 'client')
      errors.account_type = adminUserTexts.ownAccountType;
  }
  if (input.country) {
    const [country] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.country));
    if (!country) errors.country = 'Select a valid country.';
  }
  const wantedGroups = [...new Set(input.groups)];
  const known = wantedGroups.length
    ? await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, wantedGroups))
    : [];
  if (known.length !== wantedGroups.length) errors.groups = adminUserTexts.unknownGroup;

  if (!actorIsSuperuser) {
    const held = new Set(principal.permissions);
    const current = before ? await currentGrants(tx, before.id) : { groups: [], permissions: [] };
    const addedPermissions = input.permissions.filter((name) => !current.permissions.includes(name));
    if (addedPermissions.some((name) => !held.has(name))) errors.permissions = adminUserTexts.grantBeyondOwn;
    const addedGroups = wantedGroups.filter((id) => !current.groups.includes(id));
    if ((await groupCodenames(tx, addedGroups)).some((name) => !held.has(name)))
      errors.groups = adminUserTexts.grantBeyondOwn;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Replaces the user's groups and direct permissions; a deactivated account is signed out everywhere. */
export async function writeUserLinks(tx: Executor, row: UserRow, input: TAdminUserBody): Promise<void> {
  const permissionRows = await permissionIds(tx, input.permissions, 'permissions');
  await tx.delete(userGroups).where(eq(userGroups.userId, row.id));
  const groupIds = [...new Set(input.groups)];
  if (groupIds.length)
    await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: row.id, groupId })));
  await tx.delete(userPermissions).where(eq(userPermissions.userId, row.id));
  if (permissionRows.length)
    await tx
      .insert(userPermissions)
      .values(permissionRows.map((permissionId) => ({ userId: row.id, permissionId })));
  if (!row.isActive) await deleteUserSessions(tx, row.id);
}

/** Issues a one-time link and mails it; audited as `action` in the same transaction. */
async function mailLink(
  db: Database,
  mail: MailContext,
  actor: Actor,
  userId: number,
  purpose: Extract<UserTokenPurpose, 'invite' | 'reset'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound();
    if (user.isSuperuser && !(await loadPrincipal(tx, actor.userId))?.user.isSuperuser)
      throw new HttpError(403, adminUserTexts.superuserAccount);
    if (!user.isActive) throw new HttpError(409, adminUserTexts.inactive);
    if (purpose === 'invite' && user.passwordHash) throw new HttpError(409, adminUserTexts.hasPassword);
    const [item] = await presentAdminUsers(tx, [user]);
    const form = (item ?? null) as Record<string, unknown> | null;
    const token = await issueUserToken(tx, user.id, purpose);
    await writeAudit(tx, {
      actor,
      action: purpose === 'invite' ? 'invite' : 'password_reset',
      model: 'auth.user',
      objectId: user.id,
      before: form,
      after: form,
    });
    // Queued inside the transaction: the mail exists exactly when its audit row does (sent by the worker).
    if (purpose === 'invite') await sendInvitation(mail, tx, user, token);
    else await sendPasswordReset(mail, tx, user, token);
  });
}

/** Mails a password reset link to an active account (staff action). */
export const mailPasswordReset = (db: Database, mail: MailContext, actor: Actor, userId: number) =>
  mailLink(db, mail, actor, userId, 'reset');

/** Mails a fresh invitation to an active account that has no password yet. */
export const mailInvitation = (db: Database, mail: MailContext, actor: Actor, userId: number) =>
  mailLink(db, mail, actor, userId, 'invite');

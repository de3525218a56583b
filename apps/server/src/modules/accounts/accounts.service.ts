import type { TRegisterClient } from '@stp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { countries, users } from '../../db/schema/index.js';
import { passwordProblem } from '../../auth/password-strength.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { loadPrincipal, type Principal, type UserRow } from '../../auth/principal.js';
import { deleteUserSessions } from '../../auth/sessions.js';
import {
  consumeUserToken,
  issueUserToken,
  peekUserToken,
  type UserTokenPurpose,
} from '../../auth/user-tokens.js';
import { validationFailed } from '../../http/errors.js';
import type { Outbox } from '../../jobs/outbox.js';
import { confirmationMail, passwordResetMail } from '../../mail/templates.js';

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
const nameOf = (user: UserRow) => user.firstName || user.displayName || user.email;
const localeOf = (user: UserRow) => (user.locale === 'fr' ? 'fr' : 'en');

/** The active user with these credentials, or null (same time and answer for every failure). */
export async function authenticate(db: Database, email: string, password: string): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!ok || !user?.isActive) return null;
  return loadPrincipal(db, user.id);
}

interface LinkContext {
  db: Database;
  outbox: Outbox;
  publicUrl: string;
}

/** A new confirmation link and its mail, queued in one transaction: a mail server outage fails nothing. */
async function sendConfirmation(ctx: LinkContext, tx: Executor, user: UserRow) {
  const token = await issueUserToken(tx, user.id, 'confirm');
  const link = `${ctx.publicUrl}/auth/register/confirm/${token}`;
  const mail = confirmationMail(user.email, nameOf(user), link, localeOf(user));
  await ctx.outbox.mail(tx, mail, { kind: 'registration', sensitive: true });
}

/** A new reset link and its mail, queued in one transaction. */
async function sendReset(ctx: LinkContext, tx: Executor, user: UserRow) {
  const token = await issueUserToken(tx, user.id, 'reset');
  const link = `${ctx.publicUrl}/auth/register/reset?token=${token}`;
  const mail = passwordResetMail(user.email, nameOf(user), link, localeOf(user));
  await ctx.outbox.mail(tx, mail, { kind: 'reset', sensitive: true });
}

/**
 * Client registration. The answer never tells whether the address was known: a new address gets a
 * confirmation link, an unconfirmed one a fresh link, a confirmed one a password reset link.
 */
export async function registerClient(ctx: LinkContext, input: TRegisterClient): Promise<void> {
  const [country] = await ctx.db.select().from(countries).where(eq(countries.code, input.country)).limit(1);
  if (!country) throw validationFailed({ country: 'Select a valid country.' });

  const [existing] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  if (existing) {
    if (!existing.isActive) return;
    const unconfirmed = !existing.passwordHash && !existing.emailConfirmedAt;
    await ctx.db.transaction((tx) =>
      unconfirmed ? sendConfirmation(ctx, tx, existing) : sendReset(ctx, tx, existing),
    );
    return;
  }

  await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? '',
        countryCode: input.country,
        locale: input.locale,
        isStaff: false,
      })
      .returning();
    if (!created) throw new Error('User insert returned nothing');
    await sendConfirmation(ctx, tx, created);
  });
}

/** Who a confirmation or invitation link is for, if it is still valid. */
export async function describeConfirmation(
  db: Database,
  token: string,
): Promise<{ email: string; first_name: string } | null> {
  const userId = await peekUserToken(db, token, ['confirm', 'invite']);
  if (userId === null) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ? { email: user.email, first_name: user.firstName } : null;
}

/**
 * The holder of a still-valid link, once the password suits that account; 422 on `new_password` when it
 * does not (the link stays usable).
 */
async function linkHolderFor(db: Database, token: string, purposes: UserTokenPurpose[], password: string) {
  const userId = await peekUserToken(db, token, purposes);
  if (userId === null) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const problem = await passwordProblem(password, user);
  if (problem) throw validationFailed({ new_password: problem });
  return user;
}

/** Complete Registration: uses the link up, sets the password and confirms the address, in one transaction. */
export async function completeRegistration(
  db: Database,
  token: string,
  password: string,
): Promise<Principal | null> {
  if (!(await linkHolderFor(db, token, ['confirm', 'invite'], password))) return null;
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const id = await consumeUserToken(tx, token, ['confirm', 'invite']);
    if (id === null) return null;
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isActive, true)));
    return id;
  });
  return userId === null ? null : loadPrincipal(db, userId);
}

/** Sends a reset link to an active account with that address; silent otherwise. */
export async function requestPasswordReset(ctx: LinkContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user?.isActive) return;
  await ctx.db.transaction((tx) => sendReset(ctx, tx, user));
}

/** Sets the new password and signs the account out everywhere; false when the link is not valid. */
export async function resetPassword(db: Database, token: string, password: string): Promise<boolean> {
  if (!(await linkHolderFor(db, token, ['reset'], password))) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, ['reset']);
    if (userId === null) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
    return true;
  });
}

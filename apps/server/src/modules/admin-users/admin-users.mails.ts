import type { UserRow } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import type { Outbox } from '../../jobs/outbox.js';
import { linkMail, passwordResetMail, type LinkMail } from '../../mail/templates.js';

/** What sending a link needs: the outbox and the portal's public address. */
export interface MailContext {
  outbox: Outbox;
  publicUrl: string;
}

const invitation: LinkMail = {
  subject: {
    en: 'Your Services Trade Portal staff account',
    fr: 'Votre compte du personnel du Portail du commerce des services',
  },
  intro: {
    en: 'An administrator has created a staff account for you on the Services Trade Portal. Choose your password with the link below, then sign in with your e-mail address.',
    fr: 'Un administrateur vous a créé un compte du personnel sur le Portail du commerce des services. Choisissez votre mot de passe avec le lien ci-dessous, puis connectez-vous avec votre adresse e-mail.',
  },
  action: { en: 'Choose your password', fr: 'Choisir votre mot de passe' },
  outro: {
    en: 'The link is valid for 7 days. If you did not expect this account, ignore this message.',
    fr: "Le lien est valable 7 jours. Si vous n'attendiez pas ce compte, ignorez ce message.",
  },
};

const nameOf = (user: UserRow) => user.firstName || user.displayName || user.email;
const localeOf = (user: UserRow) => (user.locale === 'fr' ? 'fr' : 'en');

/** Queues the invitation in `tx`: the link opens Complete Registration (`/auth/register/confirm/{token}`). */
export async function sendInvitation(
  ctx: MailContext,
  tx: Executor,
  user: UserRow,
  token: string,
): Promise<void> {
  const link = `${ctx.publicUrl}/auth/register/confirm/${token}`;
  const mail = linkMail(invitation, user.email, nameOf(user), link, localeOf(user));
  await ctx.outbox.mail(tx, mail, { kind: 'invitation', sensitive: true });
}

/** Queues a password reset link in `tx`, the one the Reset Password screen takes. */
export async function sendPasswordReset(
  ctx: MailContext,
  tx: Executor,
  user: UserRow,
  token: string,
): Promise<void> {
  const link = `${ctx.publicUrl}/auth/register/reset?token=${token}`;
  const mail = passwordResetMail(user.email, nameOf(user), link, localeOf(user));
  await ctx.outbox.mail(tx, mail, { kind: 'reset', sensitive: true });
}

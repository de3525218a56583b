import { composeMail, type Locale } from './compose.js';
import type { MailMessage } from './mailer.js';

/** The texts of a mail that carries one link, in both languages. */
export interface LinkMail {
  subject: Record<Locale, string>;
  intro: Record<Locale, string>;
  action: Record<Locale, string>;
  outro: Record<Locale, string>;
}

/** A mail with a greeting, an introduction, one link and a closing line. */
export function linkMail(
  template: LinkMail,
  to: string,
  name: string,
  link: string,
  locale: Locale,
): MailMessage {
  return composeMail({
    to,
    locale,
    subject: template.subject[locale],
    name,
    paragraphs: [template.intro[locale]],
    link: { label: template.action[locale], url: link },
    closing: [template.outro[locale]],
  });
}

const confirmation: LinkMail = {
  subject: {
    en: 'Confirm your Services Trade Portal account',
    fr: 'Confirmez votre compte du Portail du commerce des services',
  },
  intro: {
    en: 'Thank you for registering. Confirm your e-mail address and choose your password with the link below.',
    fr: 'Merci de votre inscription. Confirmez votre adresse e-mail et choisissez votre mot de passe avec le lien ci-dessous.',
  },
  action: { en: 'Complete your registration', fr: 'Terminer votre inscription' },
  outro: {
    en: 'The link is valid for 3 days. If you did not register, ignore this message.',
    fr: 'Le lien est valable 3 jours. Si vous ne vous êtes pas inscrit, ignorez ce message.',
  },
};

const reset: LinkMail = {
  subject: {
    en: 'Reset your Services Trade Portal password',
    fr: 'Réinitialisez votre mot de passe du Portail du commerce des services',
  },
  intro: {
    en: 'Someone asked to reset the password of your account. Choose a new password with the link below.',
    fr: 'Une réinitialisation du mot de passe de votre compte a été demandée. Choisissez un nouveau mot de passe avec le lien ci-dessous.',
  },
  action: { en: 'Choose a new password', fr: 'Choisir un nouveau mot de passe' },
  outro: {
    en: 'The link is valid for 2 hours. If you did not ask for this, ignore this message: your password stays as it is.',
    fr: "Le lien est valable 2 heures. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  },
};

/** Mail with the link to `/auth/register/confirm/{token}`. */
export const confirmationMail = (to: string, name: string, link: string, locale: Locale) =>
  linkMail(confirmation, to, name, link, locale);

/** Mail with the password reset link. */
export const passwordResetMail = (to: string, name: string, link: string, locale: Locale) =>
  linkMail(reset, to, name, link, locale);

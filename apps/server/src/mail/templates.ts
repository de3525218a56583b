import type { MailMessage } from './mailer.js';

type Locale = 'en' | 'fr';

/** The texts of a mail that carries one link, in both languages. */
export interface LinkMail {
  subject: Record<Locale, string>;
  intro: Record<Locale, string>;
  action: Record<Locale, string>;
  outro: Record<Locale, string>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const portal = { en: 'Services Trade Portal', fr: 'Portail du commerce des services' };

/** A mail with a greeting, an introduction, one link and a closing line. */
export function linkMail(
  template: LinkMail,
  to: string,
  name: string,
  link: string,
  locale: Locale,
): MailMessage {
  const greeting = locale === 'fr' ? `Bonjour ${name},` : `Hello ${name},`;
  const text = [
    greeting,
    '',
    template.intro[locale],
    '',
    `${template.action[locale]}: ${link}`,
    '',
    template.outro[locale],
    '',
    portal[locale],
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(template.intro[locale])}</p><p><a href="${escapeHtml(link)}">${escapeHtml(template.action[locale])}</a></p><p>${escapeHtml(template.outro[locale])}</p><p>${portal[locale]}</p>`;
  return { to, subject: template.subject[locale], text, html };
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

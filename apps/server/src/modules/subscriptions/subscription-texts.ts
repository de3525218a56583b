import type { Locale, SubscriptionFrequency } from '@stp/shared';

// The alerts' own words in English and French (the mails' and the manage list's).

interface SubscriptionTexts {
  followBrowse: (filters: string) => string;
  followRestriction: (title: string) => string;
  followNotifications: (country: string) => string;
  frequency: Record<SubscriptionFrequency, string>;
  subscriber: string;
  confirmSubject: string;
  confirmIntro: (what: string, frequency: string) => string;
  confirmLink: string;
  confirmClosing: (days: number) => string;
  digestSubject: (count: number, frequency: SubscriptionFrequency) => string;
  digestIntro: (what: string) => string;
  added: string;
  changed: string;
  archived: string;
  restored: string;
  notification: string;
  manageLink: string;
  unsubscribeClosing: (url: string) => string;
}

export const subscriptionTexts: Record<Locale, SubscriptionTexts> = {
  en: {
    followBrowse: (filters) => (filters ? `Restrictions: ${filters}` : 'All restrictions'),
    followRestriction: (title) => `Restriction: ${title}`,
    followNotifications: (country) => `Notifications of ${country}`,
    frequency: { immediate: 'as it happens', daily: 'a daily digest', weekly: 'a weekly digest' },
    subscriber: 'subscriber',
    confirmSubject: 'Confirm your alert',
    confirmIntro: (what, frequency) =>
      `Someone, probably you, asked the Services Trade Portal to mail this address the changes to “${what}”, ${frequency}. Nothing is sent until you confirm.`,
    confirmLink: 'Confirm the alert',
    confirmClosing: (days) =>
      `If you did not ask for it, ignore this mail: the request is forgotten after ${days} days.`,
    digestSubject: (count, frequency) =>
      `${frequency === 'immediate' ? 'Alert' : frequency === 'daily' ? 'Daily digest' : 'Weekly digest'}: ${count} ${count === 1 ? 'change' : 'changes'}`,
    digestIntro: (what) => `Changes to “${what}” since the last mail:`,
    added: 'Added',
    changed: 'Changed',
    archived: 'Archived',
    restored: 'Restored',
    notification: 'Notification',
    manageLink: 'Manage your alerts',
    unsubscribeClosing: (url) => `To stop these mails, open ${url} and press the button.`,
  },
  fr: {
    followBrowse: (filters) => (filters ? `Restrictions\u202f: ${filters}` : 'Toutes les restrictions'),
    followRestriction: (title) => `Restriction\u202f: ${title}`,
    followNotifications: (country) => `Notifications\u202f: ${country}`,
    frequency: {
      immediate: 'dès qu’elles ont lieu',
      daily: 'en un récapitulatif quotidien',
      weekly: 'en un récapitulatif hebdomadaire',
    },
    subscriber: 'abonné(e)',
    confirmSubject: 'Confirmez votre alerte',
    confirmIntro: (what, frequency) =>
      `Quelqu’un, sans doute vous, a demandé au Portail du commerce des services d’envoyer à cette adresse les modifications de «\u202f${what}\u202f», ${frequency}. Rien n’est envoyé avant votre confirmation.`,
    confirmLink: 'Confirmer l’alerte',
    confirmClosing: (days) =>
      `Si vous n’avez rien demandé, ignorez ce message\u202f: la demande est oubliée après ${days} jours.`,
    digestSubject: (count, frequency) =>
      `${frequency === 'immediate' ? 'Alerte' : frequency === 'daily' ? 'Récapitulatif quotidien' : 'Récapitulatif hebdomadaire'}\u202f: ${count} ${count === 1 ? 'modification' : 'modifications'}`,
    digestIntro: (what) => `Modifications de «\u202f${what}\u202f» depuis le dernier message :`,
    added: 'Ajoutée',
    changed: 'Modifiée',
    archived: 'Archivée',
    restored: 'Rétablie',
    notification: 'Notification',
    manageLink: 'Gérer vos alertes',
    unsubscribeClosing: (url) =>
      `Pour ne plus recevoir ces messages, ouvrez ${url} et appuyez sur le bouton.`,
  },
};

import type { Locale, SubscriptionFrequency } from '@stp/shared';
import { composeMail } from '../../mail/compose.js';
import { mailSafe } from '../../mail/mail-text.js';
import type { MailMessage } from '../../mail/mailer.js';
import { subscriptionTexts } from './subscription-texts.js';

/** Days an unconfirmed subscription waits for its confirmation before it is forgotten. */
export const confirmDays = 3;

/** To a visitor's address: the double opt-in link. Nothing else is ever sent before it is followed. */
export function confirmationMail(
  to: string,
  lang: Locale,
  facts: { what: string; frequency: SubscriptionFrequency; confirmUrl: string },
): MailMessage {
  const texts = subscriptionTexts[lang];
  return composeMail({
    to,
    locale: lang,
    subject: texts.confirmSubject,
    name: texts.subscriber,
    paragraphs: [texts.confirmIntro(mailSafe(facts.what), texts.frequency[facts.frequency])],
    link: { label: texts.confirmLink, url: facts.confirmUrl },
    closing: [texts.confirmClosing(confirmDays)],
  });
}

/** One line of a digest: what happened, to what, and the page that shows it. */
export interface DigestLine {
  label: string;
  url: string;
}

/**
 * A digest (or an immediate alert): the changes in the order added, changed, archived, each a line
 * with its link; the unsubscribe and manage links; the RFC 8058 headers of one-click unsubscribing.
 */
export function digestMail(
  to: { address: string; name: string },
  lang: Locale,
  facts: {
    what: string;
    frequency: SubscriptionFrequency;
    lines: DigestLine[];
    manageUrl: string;
    unsubscribePageUrl: string;
    oneClickUrl: string;
  },
): MailMessage {
  const texts = subscriptionTexts[lang];
  const mail = composeMail({
    to: to.address,
    locale: lang,
    subject: texts.digestSubject(facts.lines.length, facts.frequency),
    name: to.name || texts.subscriber,
    paragraphs: [texts.digestIntro(mailSafe(facts.what))],
    // The lines' record texts went through `mailSafe` where they were put together (subscription-changes.ts).
    items: facts.lines,
    link: { label: texts.manageLink, url: facts.manageUrl },
    closing: [texts.unsubscribeClosing(facts.unsubscribePageUrl)],
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${facts.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

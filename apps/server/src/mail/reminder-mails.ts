import { composeMail, type Locale } from './compose.js';
import type { MailMessage } from './mailer.js';

type Stage = 'regulator' | 'regional' | 'council';

const stageReviews: Record<Stage, Record<Locale, string>> = {
  regulator: { en: 'regulator review', fr: 'examen du régulateur' },
  regional: { en: 'regional review', fr: 'examen régional' },
  council: { en: 'council review', fr: 'examen du Conseil' },
};

/** One complaint of a reviewer's digest. */
export interface DigestItem {
  reference: string;
  country: string;
  stage: Stage;
  dueAt: Date;
  /** Absolute address of the complaint's staff page. */
  link: string;
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** To a reviewer, once a day: the complaints of their queue due within `withinDays` days or overdue, soonest first. */
export function reviewerDigestMail(
  to: string,
  name: string,
  locale: Locale,
  facts: { items: DigestItem[]; now: Date; withinDays: number; queueLink: string },
): MailMessage {
  const fr = locale === 'fr';
  const { items, now } = facts;
  const overdue = items.filter((item) => item.dueAt.getTime() < now.getTime()).length;
  const subject = fr
    ? `Plaintes à examiner : ${items.length} à échéance proche ou dépassée`
    : `Complaints to review: ${items.length} due soon or overdue`;
  const intro = fr
    ? `Ces plaintes de votre file d'examen arrivent à échéance dans les ${facts.withinDays} jours ou l'ont dépassée (${overdue} en retard) :`
    : `These complaints in your review queue are due within ${facts.withinDays} days or overdue (${overdue} overdue):`;
  const label = (item: DigestItem) => {
    const late = item.dueAt.getTime() < now.getTime();
    const when = fr
      ? late
        ? `en retard depuis le ${day(item.dueAt)}`
        : `échéance le ${day(item.dueAt)}`
      : late
        ? `overdue since ${day(item.dueAt)}`
        : `due by ${day(item.dueAt)}`;
    return `${item.reference} (${item.country}, ${stageReviews[item.stage][locale]}) – ${when}`;
  };
  return composeMail({
    to,
    locale,
    subject,
    name,
    paragraphs: [intro],
    items: items.map((item) => ({ label: label(item), url: item.link })),
    link: { label: fr ? "Ouvrir votre file d'examen" : 'Open your review queue', url: facts.queueLink },
    closing: [
      fr
        ? 'Vous recevez ce récapitulatif au plus une fois par jour, seulement quand une plainte de votre file arrive à échéance.'
        : 'You receive this summary at most once a day, only when a complaint in your queue is due.',
    ],
  });
}

/** To the applicant: a request for more information has waited `afterDays` days without an answer. */
export function informationReminderMail(
  to: string,
  name: string,
  locale: Locale,
  facts: { reference: string; requestedAt: Date; afterDays: number; link: string },
): MailMessage {
  const fr = locale === 'fr';
  const ref = facts.reference;
  const subject = fr
    ? `Plainte ${ref} : votre réponse est attendue`
    : `Complaint ${ref}: your answer is awaited`;
  const body = fr
    ? [
        `Le ${day(facts.requestedAt)}, l'examinateur de votre plainte ${ref} vous a demandé des informations complémentaires. Nous n'avons pas reçu de réponse depuis ${facts.afterDays} jours, et l'examen attend votre réponse.`,
        'Répondez depuis la page de la plainte ; vous pouvez y joindre des documents.',
      ]
    : [
        `On ${day(facts.requestedAt)}, the reviewer of your complaint ${ref} asked you for more information. No answer has arrived in ${facts.afterDays} days, and the review is waiting for it.`,
        'Answer from the complaint page; you can attach documents there.',
      ];
  const label = fr ? 'Voir votre plainte' : 'View your complaint';
  return composeMail({ to, locale, subject, name, paragraphs: body, link: { label, url: facts.link } });
}

import { composeMail, type Locale } from './compose.js';
import type { MailMessage } from './mailer.js';

type Stage = 'regulator' | 'regional' | 'council';

const stageReviews: Record<Stage, Record<Locale, string>> = {
  regulator: { en: 'regulator review', fr: "l'examen du régulateur" },
  regional: { en: 'regional review', fr: "l'examen régional" },
  council: { en: 'council review', fr: "l'examen du Conseil" },
};

/** A date as the portal's languages write it ("28 January 2027", "28 janvier 2027"), in UTC. */
export const mailDate = (instant: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    instant,
  );

/** To the applicant, with the resolution: is the barrier actually gone? Answered on the complaint's page. */
export function feedbackQuestionMail(
  to: string,
  name: string,
  locale: Locale,
  facts: { reference: string; link: string; answerBy: Date },
): MailMessage {
  const fr = locale === 'fr';
  const ref = facts.reference;
  const until = mailDate(facts.answerBy, locale);
  const subject = fr
    ? `Plainte ${ref} : l'obstacle a-t-il disparu ?`
    : `Complaint ${ref}: is the barrier gone?`;
  const paragraphs = fr
    ? [
        `Votre plainte ${ref} a été résolue. L'obstacle a-t-il vraiment disparu ?`,
        `Répondez « Réglé » ou « Non réglé » sur la page de la plainte jusqu'au ${until}. Si vous répondez « Non réglé », dites pourquoi : la plainte est rouverte à l'étape qui l'a résolue et ses examinateurs lisent votre raison.`,
      ]
    : [
        `Your complaint ${ref} has been resolved. Is the barrier actually gone?`,
        `Answer "Fixed" or "Not fixed" on the complaint's page until ${until}. If you answer "Not fixed", say why: the complaint is reopened at the stage that resolved it and its reviewers read your reason.`,
      ];
  const label = fr ? 'Répondre sur la page de la plainte' : "Answer on the complaint's page";
  return composeMail({ to, locale, subject, name, paragraphs, link: { label, url: facts.link } });
}

/** To the applicant: their "not fixed" reopened the complaint at `stage`. */
export function complaintReopenedMail(
  to: string,
  name: string,
  locale: Locale,
  facts: { reference: string; link: string; stage: Stage },
): MailMessage {
  const fr = locale === 'fr';
  const ref = facts.reference;
  const subject = fr ? `Plainte ${ref} rouverte` : `Complaint ${ref} reopened`;
  const paragraphs = [
    fr
      ? `Vous avez répondu que l'obstacle n'a pas disparu : votre plainte ${ref} est rouverte pour ${stageReviews[facts.stage].fr}, avec votre raison dans son historique.`
      : `You answered that the barrier is not gone: your complaint ${ref} is reopened for the ${stageReviews[facts.stage].en}, with your reason in its history.`,
  ];
  const label = fr ? 'Voir votre plainte' : 'View your complaint';
  return composeMail({ to, locale, subject, name, paragraphs, link: { label, url: facts.link } });
}

import { composeMail, type Locale } from './compose.js';
import type { MailMessage } from './mailer.js';

/** What both merge mails say: the duplicate, the complaint kept, and the recipient's page. */
export interface MergeMailFacts {
  duplicate: string;
  kept: string;
  link: string;
}

/** To the applicant of the duplicate: their case goes on in the kept complaint, their text with it. */
export function mergedAwayMail(to: string, name: string, locale: Locale, facts: MergeMailFacts): MailMessage {
  const fr = locale === 'fr';
  const subject = fr
    ? `Plainte ${facts.duplicate} fusionnée avec ${facts.kept}`
    : `Complaint ${facts.duplicate} merged into ${facts.kept}`;
  const paragraphs = fr
    ? [
        `Les examinateurs ont constaté que votre plainte ${facts.duplicate} porte sur le même obstacle que la plainte ${facts.kept}. Elles ont été fusionnées : l'examen se poursuit dans la plainte ${facts.kept}.`,
        'Votre description et vos documents y figurent comme déclaration à l’appui, visible des seuls examinateurs.',
      ]
    : [
        `The reviewers found that your complaint ${facts.duplicate} is about the same barrier as complaint ${facts.kept}. They have been merged: the review goes on in complaint ${facts.kept}.`,
        'Your description and documents are there as a supporting statement, seen by the reviewers only.',
      ];
  const label = fr ? 'Voir votre plainte' : 'View your complaint';
  return composeMail({ to, locale, subject, name, paragraphs, link: { label, url: facts.link } });
}

/** To the applicant of the kept complaint: another trader's case was added to it (never who). */
export function mergedIntoMail(to: string, name: string, locale: Locale, facts: MergeMailFacts): MailMessage {
  const fr = locale === 'fr';
  const subject = fr
    ? `Plainte ${facts.kept} : une plainte similaire y a été jointe`
    : `Complaint ${facts.kept}: a similar complaint was joined to it`;
  const paragraphs = fr
    ? [
        `Les examinateurs ont joint la plainte ${facts.duplicate}, qui porte sur le même obstacle, à votre plainte ${facts.kept}. L'examen de votre plainte se poursuit comme avant.`,
      ]
    : [
        `The reviewers joined complaint ${facts.duplicate}, about the same barrier, to your complaint ${facts.kept}. The review of your complaint goes on as before.`,
      ];
  const label = fr ? 'Voir votre plainte' : 'View your complaint';
  return composeMail({ to, locale, subject, name, paragraphs, link: { label, url: facts.link } });
}

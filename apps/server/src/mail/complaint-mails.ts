import { identityWithheldLabel, identityWithheldLabelFr } from '@stp/shared';
import { composeMail, type Locale, type Paragraph } from './compose.js';
import { userText } from './mail-text.js';
import type { MailMessage } from './mailer.js';

type Stage = 'regulator' | 'regional' | 'council';

const stageNames: Record<Stage, Record<Locale, string>> = {
  regulator: { en: 'regulator', fr: 'du régulateur' },
  regional: { en: 'regional', fr: 'régional' },
  council: { en: 'council', fr: 'du Conseil' },
};

export interface ComplaintMailFacts {
  reference: string;
  /** Absolute address of the complaint's page for the recipient. */
  link: string;
}

/** To the applicant: the complaint is registered under its reference. */
export function complaintLodgedMail(to: string, name: string, locale: Locale, facts: ComplaintMailFacts) {
  const subject =
    locale === 'fr' ? `Plainte ${facts.reference} enregistrée` : `Complaint ${facts.reference} registered`;
  const body =
    locale === 'fr'
      ? [
          `Votre plainte a été enregistrée sous le numéro de référence ${facts.reference}.`,
          'Elle sera examinée successivement par le régulateur national, les examinateurs régionaux et, si nécessaire, le Conseil. Vous serez informé(e) de chaque étape.',
        ]
      : [
          `Your complaint has been registered under the reference number ${facts.reference}.`,
          'It will be reviewed by the national regulator, then if needed by the regional reviewers and the Council. You will be told of each step.',
        ];
  const label = locale === 'fr' ? 'Suivre votre plainte' : 'Follow your complaint';
  return composeMail({ to, locale, subject, name, paragraphs: body, link: { label, url: facts.link } });
}

export type ApplicantEvent =
  | { kind: 'forward'; stage: Stage }
  | { kind: 'resolve' | 'reject'; comments: string }
  | { kind: 'request_info'; comments: string }
  | { kind: 'resumed'; stage: Stage };

/** To the applicant: a stage change or a decision on their complaint. */
export function complaintUpdateMail(
  to: string,
  name: string,
  locale: Locale,
  facts: ComplaintMailFacts,
  event: ApplicantEvent,
): MailMessage {
  const ref = facts.reference;
  const fr = locale === 'fr';
  let subject: string;
  let body: Paragraph[];
  switch (event.kind) {
    case 'forward':
      subject = fr ? `Plainte ${ref} : étape suivante` : `Complaint ${ref}: next review stage`;
      body = [
        fr
          ? `Votre plainte ${ref} a été transmise pour l'examen ${stageNames[event.stage].fr}.`
          : `Your complaint ${ref} has been forwarded to the ${stageNames[event.stage].en} review.`,
      ];
      break;
    case 'resumed':
      subject = fr ? `Plainte ${ref} : examen repris` : `Complaint ${ref}: review resumed`;
      body = [
        fr
          ? `Merci pour votre réponse. L'examen ${stageNames[event.stage].fr} de votre plainte ${ref} reprend.`
          : `Thank you for your answer. The ${stageNames[event.stage].en} review of your complaint ${ref} has resumed.`,
      ];
      break;
    case 'resolve':
      subject = fr ? `Plainte ${ref} résolue` : `Complaint ${ref} resolved`;
      body = [fr ? `Votre plainte ${ref} a été résolue.` : `Your complaint ${ref} has been resolved.`];
      if (event.comments) body.push(userText(event.comments));
      break;
    case 'reject':
      subject = fr ? `Plainte ${ref} rejetée` : `Complaint ${ref} rejected`;
      body = [fr ? `Votre plainte ${ref} a été rejetée.` : `Your complaint ${ref} has been rejected.`];
      if (event.comments) body.push(userText(event.comments));
      break;
    case 'request_info':
      subject = fr
        ? `Plainte ${ref} : informations complémentaires demandées`
        : `Complaint ${ref}: more information needed`;
      body = [
        fr
          ? `L'examinateur de votre plainte ${ref} vous demande des informations complémentaires :`
          : `The reviewer of your complaint ${ref} asks you for more information:`,
        userText(event.comments),
        fr
          ? 'Répondez depuis la page de la plainte ; vous pouvez y joindre des documents.'
          : 'Answer from the complaint page; you can attach documents there.',
      ];
      break;
  }
  const label = fr ? 'Voir votre plainte' : 'View your complaint';
  return composeMail({ to, locale, subject, name, paragraphs: body, link: { label, url: facts.link } });
}

/** To a reviewer: a complaint entered their queue at `stage`. */
export function complaintQueuedMail(
  to: string,
  name: string,
  locale: Locale,
  facts: ComplaintMailFacts & {
    stage: Stage;
    country: string;
    dueAt: Date | null;
    brief: string;
    /** The applicant's identity is withheld from this reviewer (modules/complaints/confidentiality.ts). */
    withheld?: boolean;
  },
): MailMessage {
  const fr = locale === 'fr';
  const due = facts.dueAt ? facts.dueAt.toISOString().slice(0, 10) : '';
  const subject = fr
    ? `Plainte ${facts.reference} à examiner (${facts.country})`
    : `Complaint ${facts.reference} to review (${facts.country})`;
  const body = [
    fr
      ? `La plainte ${facts.reference} (${facts.country}) attend votre examen ${stageNames[facts.stage].fr}${due ? `, avant le ${due}` : ''}.`
      : `Complaint ${facts.reference} (${facts.country}) is waiting for your ${stageNames[facts.stage].en} review${due ? `, due by ${due}` : ''}.`,
    userText(facts.brief),
  ];
  if (facts.withheld) body.push(fr ? `${identityWithheldLabelFr}.` : `${identityWithheldLabel}.`);
  const label = fr ? 'Examiner la plainte' : 'Review the complaint';
  return composeMail({ to, locale, subject, name, paragraphs: body, link: { label, url: facts.link } });
}

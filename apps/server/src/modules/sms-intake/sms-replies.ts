import { complaintStatus } from '@stp/shared';

export type SmsLocale = 'en' | 'fr';

// French-speaking partner states: replies to their numbers go out in French unless the sender's
// account says otherwise.
const frenchCountries = new Set(['BI', 'CD']);

/** The language of a reply: the sender's account locale, else the country's, else English. */
export function replyLocale(country: string | null, userLocale?: string | null): SmsLocale {
  if (userLocale === 'fr' || userLocale === 'en') return userLocale;
  return country && frenchCountries.has(country) ? 'fr' : 'en';
}

const stageLabels: Record<string, Record<SmsLocale, string>> = {
  regulator: { en: 'national regulator', fr: 'régulateur national' },
  regional: { en: 'regional review', fr: 'examen régional' },
  council: { en: 'Council', fr: 'Conseil' },
};

const exampleReference = 'CMP-2026-000123';

/** Every reply the intake sends, in English and French (docs/sms.md lists them). */
export const smsReplies = {
  received: (locale: SmsLocale, reference: string) =>
    locale === 'fr'
      ? `Votre plainte a été reçue. Référence : ${reference}. Pour la suivre, envoyez STATUS ${reference}.`
      : `Your complaint was received. Reference: ${reference}. To follow it, send STATUS ${reference}.`,
  status: (locale: SmsLocale, reference: string, status: string, stage: string | null) => {
    const statusLabel = complaintStatus.find((choice) => choice.value === status)?.label[locale] ?? status;
    const stageLabel = stage ? (stageLabels[stage]?.[locale] ?? stage) : null;
    if (locale === 'fr')
      return `Plainte ${reference} : ${statusLabel}.${stageLabel ? ` Étape : ${stageLabel}.` : ''}`;
    return `Complaint ${reference}: ${statusLabel}.${stageLabel ? ` Stage: ${stageLabel}.` : ''}`;
  },
  notFound: (locale: SmsLocale) =>
    locale === 'fr'
      ? 'Aucune plainte portant cette référence n’a été trouvée pour ce numéro.'
      : 'No complaint with that reference was found for this number.',
  statusUsage: (locale: SmsLocale) =>
    locale === 'fr'
      ? `Envoyez STATUS suivi de la référence de la plainte, par exemple STATUS ${exampleReference}.`
      : `Send STATUS followed by the complaint reference, e.g. STATUS ${exampleReference}.`,
  describe: (locale: SmsLocale, keyword: string) =>
    locale === 'fr'
      ? `Envoyez ${keyword} suivi d’une brève description de l’obstacle, du lieu et de votre nom.`
      : `Send ${keyword} followed by a short description of the barrier, the place and your name.`,
  help: (locale: SmsLocale, service: { keyword: string; shortCode: string } | null) => {
    if (locale === 'fr')
      return service
        ? `Pour signaler un obstacle, envoyez ${service.keyword} suivi d’une brève description au ${service.shortCode}. Pour suivre une plainte, envoyez STATUS suivi de sa référence.`
        : 'Pour signaler un obstacle, envoyez le mot-clé du service SMS de votre pays suivi d’une brève description. Pour suivre une plainte, envoyez STATUS suivi de sa référence.';
    return service
      ? `To report a barrier, send ${service.keyword} followed by a short description to ${service.shortCode}. To follow a complaint, send STATUS followed by its reference.`
      : "To report a barrier, send your country's SMS service keyword followed by a short description. To follow a complaint, send STATUS followed by its reference.";
  },
};

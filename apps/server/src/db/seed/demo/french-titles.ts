// French titles of the generated restrictions (issue 33 item 5): one per English title template, with the
// French words of its parameters. No random draw here: the English data stays the same for a seed.

import type { LawKey } from './sector-labels.js';

/** The French words a title needs: the country, its adjective in each form, the service, the profession. */
export interface FrenchParams {
  /** 'au Kenya', 'en Tanzanie'. */
  countryIn: string;
  /** Adjective: masculine singular, feminine singular, masculine plural ('kényan', 'kényane', 'kényans'). */
  demonym: { m: string; f: string; mp: string };
  /** The service as a noun phrase ('services juridiques'). */
  service: string;
  /** 'de services juridiques', "d'assurance". */
  serviceOf: string;
  practitioners: string;
}

const demonyms: Record<string, FrenchParams['demonym']> = {
  KE: { m: 'kényan', f: 'kényane', mp: 'kényans' },
  TZ: { m: 'tanzanien', f: 'tanzanienne', mp: 'tanzaniens' },
  UG: { m: 'ougandais', f: 'ougandaise', mp: 'ougandais' },
  RW: { m: 'rwandais', f: 'rwandaise', mp: 'rwandais' },
  BI: { m: 'burundais', f: 'burundaise', mp: 'burundais' },
  SS: { m: 'sud-soudanais', f: 'sud-soudanaise', mp: 'sud-soudanais' },
  CD: { m: 'congolais', f: 'congolaise', mp: 'congolais' },
  SO: { m: 'somalien', f: 'somalienne', mp: 'somaliens' },
};

/** The adjective of a partner state; a country without one reads "national". */
export const frenchDemonym = (code: string) =>
  demonyms[code] ?? { m: 'national', f: 'nationale', mp: 'nationaux' };

const practitioners: Partial<Record<LawKey, string>> = {
  legal: 'avocats',
  accounting: 'experts-comptables',
  tax: 'conseillers fiscaux',
  architecture: 'architectes',
  engineering: 'ingénieurs',
  medical: 'médecins',
  nursing: 'infirmiers et sages-femmes',
  veterinary: 'vétérinaires',
  realestate: 'agents immobiliers',
  ict: 'informaticiens',
  security: 'responsables de sécurité',
  telecom: 'ingénieurs des télécommunications',
  broadcasting: 'journalistes et producteurs',
  construction: 'entrepreneurs du bâtiment',
  education: 'enseignants',
  insurance: 'professionnels de l’assurance',
  banking: 'cadres bancaires',
  securities: 'conseillers en investissement',
  payments: 'gestionnaires de services de paiement',
  health: 'professionnels de santé',
  tourism: 'guides et gérants d’hôtel',
  maritime: 'officiers et agents maritimes',
  air: 'pilotes et mécaniciens d’aéronefs',
  road: 'chauffeurs et gestionnaires de transport',
  rail: 'ingénieurs ferroviaires',
  freight: 'commissionnaires en douane',
  mining: 'ingénieurs des mines',
};

export const frenchPractitioners = (family: LawKey) => practitioners[family] ?? 'professionnels';

/**
 * W/120 names that do not stand alone in a title ("Autres", "Se rapportant aux navires") or are too long
 * for one (a definition more than a name): the parent's is used.
 */
const notALabel = /^(autres|se rapportant|à forfait|services connexes|services annexes)/i;

/** A French label for titles from the W/120 names of a node and its ancestors (nearest first). */
export function frenchServiceLabel(namesUp: readonly string[]): string | null {
  // A closing parenthesis qualifies the name ("(autres que les services audiovisuels)"): not for titles.
  const names = namesUp.map((candidate) => candidate.replace(/\s*\([^)]*\)\s*$/, ''));
  const name =
    names.find((candidate) => candidate && candidate.length <= 70 && !notALabel.test(candidate)) ??
    (names.at(-1) ? 'autres services' : undefined);
  if (!name) return null;
  const second = name.charAt(1);
  return second && second === second.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** "de services", "d'assurance": the preposition elided before a vowel or a mute h. */
export const frenchOf = (label: string) => (/^[aeiouyéèêàâîôûh]/i.test(label) ? `d’${label}` : `de ${label}`);

/** The percent sign as French sets it: after a narrow no-break space. */
const pc = (n: number) => `${n}\u202f%`;

interface TitleNumbers {
  pct: number;
  localPct: number;
  staffPct: number;
  years: number;
  count: number;
  workPermitFee: string;
}

type FrenchTitle = (fr: FrenchParams, n: TitleNumbers) => string;

/** The French of each English title template, keyed by the English template with its placeholders. */
export const frenchTitles: Record<string, FrenchTitle> = {
  'Separate licence required for foreign ${service} suppliers': (f) =>
    `Licence distincte exigée des prestataires étrangers ${f.serviceOf}`,
  'Discretionary licensing of ${service}': (f) => `Octroi discrétionnaire des licences ${f.serviceOf}`,
  'Annual licence renewal required for ${service}': (f) =>
    `Renouvellement annuel obligatoire des licences ${f.serviceOf}`,
  'Higher minimum capital for foreign-owned ${service} suppliers': (f) =>
    `Capital minimum plus élevé pour les prestataires ${f.serviceOf} à capitaux étrangers`,
  'Foreign qualifications in ${service} recognised only after a local examination': (f) =>
    `Qualifications étrangères (${f.service}) reconnues seulement après un examen local`,
  'Local practical training required for foreign-trained ${practitioners}': (f) =>
    `Stage pratique local exigé des ${f.practitioners} formés à l’étranger`,
  'Membership of the national professional body required for ${service}': (f) =>
    `Adhésion à l’ordre professionnel national exigée pour les prestataires ${f.serviceOf}`,
  'Number of ${service} licences capped at ${count}': (f, n) =>
    `Nombre de licences ${f.serviceOf} plafonné à ${n.count}`,
  'Moratorium on new ${service} licences': (f) => `Moratoire sur les nouvelles licences ${f.serviceOf}`,
  'Quota on foreign ${service} suppliers': (f) => `Quota de prestataires étrangers ${f.serviceOf}`,
  'Economic needs test for new ${service} suppliers': (f) =>
    `Examen des besoins économiques pour les nouveaux prestataires ${f.serviceOf}`,
  'Market assessment required before licensing ${service}': (f) =>
    `Étude de marché exigée avant l’octroi de licences ${f.serviceOf}`,
  'Joint venture with a ${demonym} partner required for ${service}': (f) =>
    `Coentreprise avec un partenaire ${f.demonym.m} exigée pour les prestataires ${f.serviceOf}`,
  'Local association required for foreign firms bidding for public ${service} contracts': (f) =>
    `Association locale exigée des entreprises étrangères soumissionnant aux marchés publics ${f.serviceOf}`,
  'Work permits for foreign ${practitioners} limited to ${years} years': (f, n) =>
    `Permis de travail des ${f.practitioners} étrangers limités à ${n.years} ans`,
  'Labour market test required before hiring foreign staff in ${service}': (f) =>
    `Examen du marché du travail exigé avant l’embauche de personnel étranger (${f.service})`,
  'Understudy requirement for expatriate staff in ${service}': (f) =>
    `Obligation de former un homologue local pour le personnel expatrié (${f.service})`,
  'Foreign staff in ${service} capped at ${staffPct}% of the workforce': (f, n) =>
    `Personnel étranger plafonné à ${pc(n.staffPct)} des effectifs (${f.service})`,
  'Higher licence fee for foreign ${service} suppliers': (f) =>
    `Redevance de licence plus élevée pour les prestataires étrangers ${f.serviceOf}`,
  'Work permit fee of ${money.workPermitFee} for foreign ${practitioners}': (f, n) =>
    `Frais de permis de travail de ${n.workPermitFee} pour les ${f.practitioners} étrangers`,
  'Additional levy on foreign ${service} suppliers': (f) =>
    `Prélèvement supplémentaire sur les prestataires étrangers ${f.serviceOf}`,
  'Public procurement preference for local ${service} suppliers': (f) =>
    `Préférence aux prestataires locaux ${f.serviceOf} dans les marchés publics`,
  'Data localisation requirement for ${service}': (f) =>
    `Obligation de localisation des données (${f.service})`,
  'Prior approval required to repatriate fees earned from ${service}': (f) =>
    `Autorisation préalable exigée pour rapatrier les honoraires perçus (${f.service})`,
  'Subcontracting in ${service} reserved to ${demonym}-owned firms': (f) =>
    `Sous-traitance réservée aux entreprises à capitaux ${f.demonym.mp} (${f.service})`,
  'Foreign equity in ${service} limited to ${pct}%': (f, n) =>
    `Participation étrangère limitée à ${pc(n.pct)} (${f.service})`,
  'Minimum ${localPct}% ${demonym} ownership required for ${service} licensees': (f, n) =>
    `Participation ${f.demonym.f} d’au moins ${pc(n.localPct)} exigée des titulaires de licence (${f.service})`,
  'Foreign shareholding in ${service} providers capped at ${pct}%': (f, n) =>
    `Actionnariat étranger des prestataires ${f.serviceOf} plafonné à ${pc(n.pct)}`,
  'Only ${demonym} citizens may be licensed to provide ${service}': (f) =>
    `Licences ${f.serviceOf} réservées aux citoyens ${f.demonym.mp}`,
  'Majority of directors of ${service} firms must be ${demonym} citizens': (f) =>
    `Majorité d’administrateurs ${f.demonym.mp} exigée dans les entreprises ${f.serviceOf}`,
  'Chief executive of ${service} providers must be a ${demonym} national': (f) =>
    `Directeur général des prestataires ${f.serviceOf} obligatoirement de nationalité ${f.demonym.f}`,
  'Residence requirement for ${practitioners} supplying ${service}': (f) =>
    `Condition de résidence pour les ${f.practitioners} (${f.service})`,
  'Principal officer of ${service} companies must reside in ${country}': (f) =>
    `Le dirigeant principal des sociétés ${f.serviceOf} doit résider ${f.countryIn}`,
  '${years}-year prior residence required for registration in ${service}': (f, n) =>
    `Résidence préalable de ${n.years} ans exigée pour l’immatriculation (${f.service})`,
  'Local incorporation required to supply ${service}': (f) =>
    `Constitution d’une société locale exigée (${f.service})`,
  'Cross-border supply of ${service} requires a local office': (f) =>
    `La fourniture transfrontière ${f.serviceOf} exige un bureau local`,
  'Foreign ${service} suppliers must register a local branch': (f) =>
    `Les prestataires étrangers ${f.serviceOf} doivent immatriculer une succursale locale`,
};

/** The template of a title function's source: `(p) => \`Foreign ${p.service} …\`` → 'Foreign ${service} …'. */
export function templateOf(title: (...args: never[]) => string): string {
  const source = title.toString();
  const body = source.slice(source.indexOf('`') + 1, source.lastIndexOf('`'));
  return body.replace(/\$\{\w+\.([\w.]+)\}/g, (_all, name: string) => `\${${name}}`);
}

const articles: Record<string, string> = {
  KE: 'le Kenya',
  TZ: 'la Tanzanie',
  UG: 'l’Ouganda',
  RW: 'le Rwanda',
  BI: 'le Burundi',
  SS: 'le Soudan du Sud',
  CD: 'la RD Congo',
  SO: 'la Somalie',
};

/** A partner state as the subject of a French sentence, with its article ('le Kenya', 'l’Ouganda'). */
export const frenchSubject = (code: string, nameFr: string) => articles[code] ?? nameFr;

// Weights, pickers and sentence builders used by the restriction generator.

import type { RestrictionType } from '@stp/shared';
import { regulationTitle, type CountryProfile, type Law } from './country-profile.js';
import { chance, randInt, WeightedPicker, type Rng } from './random.js';
import { agencyFr, agree, by, lawFr, of, type NounPhrase } from './french-words.js';
import type { FrenchTextParams, TemplateParams, Variant } from './restriction-templates.js';
import type { LawKey } from './sector-labels.js';

export const countryWeights: Record<string, number> = {
  KE: 20,
  TZ: 18,
  UG: 17,
  RW: 15,
  BI: 9,
  SS: 7,
  CD: 8,
  SO: 6,
};
export const sectorWeights: Record<string, number> = {
  '1': 22,
  '2': 10,
  '3': 6,
  '4': 6,
  '5': 5,
  '6': 3,
  '7': 14,
  '8': 5,
  '9': 7,
  '10': 3,
  '11': 14,
  '12': 2,
};

export const baseTypeWeights: Record<RestrictionType, number> = {
  foreign_equity_limit: 12,
  nationality_requirement: 9,
  residency_requirement: 6,
  local_presence: 8,
  licensing: 12,
  qualification: 7,
  quantitative_limit: 6,
  economic_needs_test: 5,
  joint_venture: 6,
  work_permit: 12,
  discriminatory_fee: 7,
  other: 8,
};

type Boost = Partial<Record<RestrictionType, number>>;
const professional: Boost = {
  qualification: 3,
  nationality_requirement: 2,
  residency_requirement: 2,
  foreign_equity_limit: 0.5,
  quantitative_limit: 0.3,
  economic_needs_test: 0.3,
};
const financial: Boost = { foreign_equity_limit: 2, local_presence: 2, licensing: 1.5, qualification: 0.3 };
const network: Boost = {
  foreign_equity_limit: 2.5,
  licensing: 1.5,
  quantitative_limit: 1.5,
  qualification: 0.3,
};
const transport: Boost = { foreign_equity_limit: 1.5, quantitative_limit: 2, nationality_requirement: 1.5 };
export const familyBoosts: Partial<Record<LawKey, Boost>> = {
  legal: professional,
  accounting: professional,
  tax: professional,
  architecture: professional,
  engineering: professional,
  medical: professional,
  nursing: professional,
  veterinary: professional,
  insurance: financial,
  banking: financial,
  securities: financial,
  payments: financial,
  telecom: network,
  broadcasting: network,
  maritime: transport,
  air: transport,
  road: transport,
  rail: transport,
  freight: transport,
  inland_water: transport,
  construction: { joint_venture: 3, discriminatory_fee: 1.5, other: 1.5, qualification: 0.5 },
  distribution: { economic_needs_test: 2.5, nationality_requirement: 1.5, qualification: 0.3 },
  tourism: { nationality_requirement: 2, discriminatory_fee: 1.5 },
  education: { economic_needs_test: 1.5, licensing: 1.5 },
  ict: { other: 2.5, local_presence: 2 },
};

const policyTopics: Partial<Record<LawKey, string>> = {
  telecom: 'ICT',
  ict: 'ICT',
  broadcasting: 'Media',
  insurance: 'Financial Sector Development',
  banking: 'Financial Sector Development',
  securities: 'Financial Sector Development',
  payments: 'Financial Sector Development',
  construction: 'Construction Industry',
  tourism: 'Tourism',
  education: 'Higher Education',
  health: 'Health',
  medical: 'Health',
  nursing: 'Health',
  maritime: 'Transport',
  air: 'Transport',
  road: 'Transport',
  rail: 'Transport',
  freight: 'Transport',
  legal: 'Legal Sector',
  environment: 'Environment',
  mining: 'Local Content',
  pipeline: 'Local Content',
  immigration: 'Labour Migration',
  labour: 'Labour Migration',
};

export type MeasureType = 'law' | 'regulation' | 'administrative_practice' | 'policy' | 'licence_condition';
export const measurePicker = new WeightedPicker<MeasureType>([
  ['law', 45],
  ['regulation', 25],
  ['administrative_practice', 12],
  ['policy', 6],
  ['licence_condition', 12],
]);

export const nonComplianceDiscriminatory = new WeightedPicker<string>([
  ['discriminatory_practice', 3],
  ['inconsistent_with_commitment', 3],
  ['not_scheduled', 2],
  ['standstill_breach', 1.5],
  ['other', 0.5],
]);
export const nonComplianceOther = new WeightedPicker<string>([
  ['inconsistent_with_commitment', 2],
  ['not_scheduled', 2],
  ['standstill_breach', 1],
  ['other', 1],
]);

/** A remark in English and in French, drawn once (the same year in both). */
export const remarksPool: readonly ((
  p: TemplateParams,
  f: FrenchTextParams,
  rng: Rng,
) => readonly [en: string, fr: string])[] = [
  (_p, _f, rng) => {
    const year = randInt(rng, 2016, 2024);
    return [
      `Identified in the EAC services regulatory audit of ${year}.`,
      `Mesure relevée lors de l’audit réglementaire des services de la CAE de ${year}.`,
    ];
  },
  (_p, _f, rng) => {
    const year = randInt(rng, 2018, 2025);
    return [
      `Raised by the private sector at the ${year} regional consultation on non-tariff barriers.`,
      `Mesure signalée par le secteur privé lors de la consultation régionale de ${year} sur les obstacles non tarifaires.`,
    ];
  },
  () => [
    'The partner state has indicated that the measure is under review.',
    'L’État partenaire a indiqué que la mesure est en cours de réexamen.',
  ],
  (p, f, rng) => {
    const year = randInt(rng, 2022, 2025);
    return [
      `Information verified with the ${p.agency} in ${year}.`,
      `Informations vérifiées auprès ${of(f.agency)} en ${year}.`,
    ];
  },
  () => [
    'The measure also affects suppliers from third countries.',
    'La mesure touche également les prestataires de pays tiers.',
  ],
  (p, f) => [
    `Listed in the ${p.country} country report to the Sectoral Council on Trade, Industry, Finance and Investment.`,
    `Mesure inscrite dans le rapport national ${f.country.of} au Conseil sectoriel du commerce, de l’industrie, des finances et de l’investissement.`,
  ],
];

const articlePattern = /^(Law|Decree|Ordinance|Framework|Ministerial)/;
export function actRef(act: string): string {
  return articlePattern.test(act) ? act : `the ${act}`;
}

interface Citation {
  cite: string;
  under: string;
  /** The same in French: the subject in lower case ("l’article 7 de …"), the clause ("En vertu de …,"). */
  citeFr: string;
  underFr: string;
}

/** French names of the national policies' topics ("Politique nationale des TIC 2019"). */
const policyTopicsFr: Record<string, string> = {
  ICT: 'des TIC',
  Media: 'des médias',
  'Financial Sector Development': 'de développement du secteur financier',
  'Construction Industry': 'de l’industrie de la construction',
  Tourism: 'du tourisme',
  'Higher Education': 'de l’enseignement supérieur',
  Health: 'de la santé',
  Transport: 'des transports',
  'Legal Sector': 'du secteur juridique',
  Environment: 'de l’environnement',
  'Local Content': 'du contenu local',
  'Labour Migration': 'de la migration de main-d’œuvre',
  Trade: 'du commerce',
};

/** "l’arrêté ministériel n° 12/2015 portant mesures d’application de la loi n° 1/24 du …" (civil-law states). */
function regulationFr(profile: CountryProfile, law: Law, year: number, number: number): NounPhrase {
  if (profile.code === 'RW')
    return { article: 'le', name: `règlement n° ${number}/${year} ${of(agencyFr(law[2]))}`, gender: 'm' };
  return {
    article: 'l’',
    name: `arrêté ministériel n° ${number}/${year} portant mesures d’application ${of(lawFr(law[0]))}`,
    gender: 'm',
  };
}

/** The legal basis of a measure in English and French (the same draws: the English stays the same for a seed). */
export function citation(
  rng: Rng,
  profile: CountryProfile,
  law: Law,
  basis: LawKey,
  measureType: MeasureType,
  variant: Variant,
  year: number,
): Citation {
  const n = randInt(rng, 3, 98);
  const agency = agencyFr(law[2]);
  let cite: string;
  let citeFr: string;
  switch (measureType) {
    case 'regulation': {
      const number = randInt(rng, 1, 60);
      const title = regulationTitle(profile, law, variant.regulationTopic, year, number);
      if (profile.citation === 'section') {
        cite = `Regulation ${n} of the ${title}`;
        citeFr = `l’article ${n} des ${title}`;
      } else {
        cite = `Article ${n} of ${title}`;
        citeFr = `l’article ${n} ${of(regulationFr(profile, law, year, number))}`;
      }
      break;
    }
    case 'administrative_practice':
      return {
        cite: `The licensing practice of the ${law[2]}`,
        under: `In the established practice of the ${law[2]},`,
        citeFr: `la pratique ${of(agency)} en matière de licences`,
        underFr: `Selon la pratique établie ${of(agency)},`,
      };
    case 'policy': {
      const topic = policyTopics[basis] ?? 'Trade';
      const name = `National ${topic} Policy ${year}`;
      const nameFr = `Politique nationale ${policyTopicsFr[topic] ?? policyTopicsFr.Trade} ${year}`;
      return {
        cite: `The ${name}`,
        under: `Under the ${name},`,
        citeFr: `la ${nameFr}`,
        underFr: `Aux termes de la ${nameFr},`,
      };
    }
    case 'licence_condition': {
      const condition = randInt(rng, 2, 24);
      cite = `Condition ${condition} of the standard licence issued by the ${law[2]}`;
      citeFr = `la condition ${condition} de la licence type délivrée ${by(agency)}`;
      break;
    }
    default: {
      const unit = profile.citation === 'section' ? 'Section' : 'Article';
      const act = lawFr(law[0]);
      cite = `${unit} ${n} of ${actRef(law[0])}`;
      citeFr = `l’article ${n} ${of(act)}`;
      if (year > law[1] + 1) {
        cite += `, as amended in ${year},`;
        const such = act.gender === 'f' ? 'telle' : act.gender === 'p' ? 'tels' : 'tel';
        citeFr += `, ${such} que ${agree(act, 'modifié')} en ${year},`;
      }
    }
  }
  // "Section 7 of the X Act, as amended in 2019," reads well both as a subject and after "Under".
  return {
    cite,
    under: cite.endsWith(',') ? `Under ${cite}` : `Under ${cite},`,
    citeFr,
    underFr: citeFr.endsWith(',') ? `En vertu de ${citeFr}` : `En vertu de ${citeFr},`,
  };
}

export function commitmentsText(rng: Rng, p: TemplateParams, profile: CountryProfile): string {
  if (profile.accession > 2010) {
    return chance(rng, 0.6)
      ? `${p.country} joined the Community in ${profile.accession} and has not yet submitted a schedule of commitments for ${p.service}.`
      : `No commitment: the schedule of ${p.country} under the Common Market Protocol is still being negotiated.`;
  }
  const r = rng();
  if (r < 0.3) {
    return `${p.country} committed to liberalise ${p.service} in modes 1, 2 and 3 by ${chance(rng, 0.6) ? 2010 : 2015} under the Schedule of Commitments on the Progressive Liberalisation of Services (Annex V to the Common Market Protocol).`;
  }
  if (r < 0.55)
    return `Mode 3 bound subject to ${actRef(p.act)}; mode 4 unbound except as indicated in the horizontal commitments.`;
  if (r < 0.75) return `Unbound: ${p.country} made no commitment for ${p.service}.`;
  if (r < 0.9)
    return 'Full commitment in modes 1 to 3 since 2010; the measure is not listed as a limitation.';
  return '';
}

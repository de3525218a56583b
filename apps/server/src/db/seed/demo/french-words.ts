// The French words of the generated texts of measure (issue 33 item 5): laws and regulators as French
// noun phrases (article, contractions, agreement), amounts as French sets them, the country in its forms.
// Names of common-law statutes and English-named regulators stay as cited; a civil-law statute is cited
// by its kind, number and date ("la loi n° 1/24 du 10 septembre 2008"), as French legal texts do.

import type { CountryProfile, Law } from './country-profile.js';
import { frenchDemonym, frenchSubject } from './french-titles.js';

/** A noun phrase with its article, for "de", "à" and "par" to contract with. */
export interface NounPhrase {
  article: 'le' | 'la' | 'l’' | 'les';
  name: string;
  /** For agreement: masculine, feminine, plural. */
  gender: 'm' | 'f' | 'p';
}

const vowelStart = /^[aeiouyàâéèêëîïôûœh]/i;

function phrase(name: string, gender: NounPhrase['gender']): NounPhrase {
  const article = gender === 'p' ? 'les' : vowelStart.test(name) ? 'l’' : gender === 'f' ? 'la' : 'le';
  return { article, name, gender };
}

const join = (article: string, name: string) =>
  article.endsWith('’') ? article + name : `${article} ${name}`;

/** "la Banque", "l’Office". */
export const the = (np: NounPhrase) => join(np.article, np.name);
/** "du Conseil", "de la Banque", "de l’Office", "des Regulations". */
export const of = (np: NounPhrase) =>
  np.article === 'le'
    ? `du ${np.name}`
    : np.article === 'les'
      ? `des ${np.name}`
      : join(`de ${np.article}`, np.name);
/** "au Conseil", "à la Banque", "aux …". */
export const to = (np: NounPhrase) =>
  np.article === 'le'
    ? `au ${np.name}`
    : np.article === 'les'
      ? `aux ${np.name}`
      : join(`à ${np.article}`, np.name);
/** "par le Conseil". */
export const by = (np: NounPhrase) => `par ${the(np)}`;
/** A sentence's first letter in capitals. */
export const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "modifié", "modifiée", "modifiés": a past participle agreeing with its noun. */
export const agree = (np: NounPhrase, masculine: string) =>
  np.gender === 'f' ? `${masculine}e` : np.gender === 'p' ? `${masculine}s` : masculine;

/** The official French names of the regulators of the francophone partner states. */
const frenchAgencies: Record<string, [string, NounPhrase['gender']]> = {
  'Burundi Development Agency': ['Agence de développement du Burundi', 'f'],
  'General Commissariat for Migration': ['Commissariat général des migrations', 'm'],
  'Ministry of Public Service, Labour and Employment': [
    'ministère de la Fonction publique, du Travail et de l’Emploi',
    'm',
  ],
  'Bar of the Court of Appeal of Bujumbura': ['Barreau près la Cour d’appel de Bujumbura', 'm'],
  'Order of Professional Accountants of Burundi': ['Ordre des professionnels comptables du Burundi', 'm'],
  'Ministry of Public Health and the Fight against AIDS': [
    'ministère de la Santé publique et de la Lutte contre le sida',
    'm',
  ],
  'Telecommunications Regulation and Control Agency (ARCT)': [
    'Agence de régulation et de contrôle des télécommunications (ARCT)',
    'f',
  ],
  'National Communication Council': ['Conseil national de la communication', 'm'],
  'Ministry of Infrastructure, Equipment and Social Housing': [
    'ministère des Infrastructures, de l’Équipement et des Logements sociaux',
    'm',
  ],
  'National Commission for Higher Education': ['Commission nationale de l’enseignement supérieur', 'f'],
  'Burundi Office for Environmental Protection': [
    'Office burundais pour la protection de l’environnement',
    'm',
  ],
  'Insurance Regulation and Control Agency (ARCA)': [
    'Agence de régulation et de contrôle des assurances (ARCA)',
    'f',
  ],
  'Bank of the Republic of Burundi': ['Banque de la République du Burundi', 'f'],
  'Burundi National Tourism Office': ['Office national du tourisme', 'm'],
  'Burundi Civil Aviation Authority': ['Autorité de l’aviation civile du Burundi', 'f'],
  'Maritime, Port and Railway Authority': ['Autorité maritime, portuaire et ferroviaire', 'f'],
  'Ministry of Commerce, Transport, Industry and Tourism': [
    'ministère du Commerce, du Transport, de l’Industrie et du Tourisme',
    'm',
  ],
  'Ministry of Hydraulics, Energy and Mines': ['ministère de l’Hydraulique, de l’Énergie et des Mines', 'm'],
  'National Agency for Investment Promotion (ANAPI)': [
    'Agence nationale pour la promotion des investissements (ANAPI)',
    'f',
  ],
  'Directorate General of Migration': ['Direction générale de migration', 'f'],
  'National Commission for the Employment of Foreigners': [
    'Commission nationale de l’emploi des étrangers',
    'f',
  ],
  'Authority for the Regulation of Subcontracting in the Private Sector': [
    'Autorité de régulation de la sous-traitance dans le secteur privé',
    'f',
  ],
  'National Bar Council': ['Conseil national de l’Ordre des avocats', 'm'],
  'National Order of Chartered Accountants': ['Ordre national des experts-comptables', 'm'],
  'National Council of the Order of Physicians': ['Conseil national de l’Ordre des médecins', 'm'],
  'Ministry of Public Health, Hygiene and Prevention': [
    'ministère de la Santé publique, Hygiène et Prévention',
    'm',
  ],
  'Post and Telecommunications Regulatory Authority (ARPTC)': [
    'Autorité de régulation de la poste et des télécommunications (ARPTC)',
    'f',
  ],
  'Higher Council for Broadcasting and Communication': [
    'Conseil supérieur de l’audiovisuel et de la communication',
    'm',
  ],
  'Ministry of Infrastructure and Public Works': ['ministère des Infrastructures et Travaux publics', 'm'],
  'Ministry of National Economy': ['ministère de l’Économie nationale', 'm'],
  'Ministry of Higher and University Education': [
    'ministère de l’Enseignement supérieur et universitaire',
    'm',
  ],
  'Congolese Environment Agency': ['Agence congolaise de l’environnement', 'f'],
  'Insurance Regulation and Control Authority (ARCA)': [
    'Autorité de régulation et de contrôle des assurances (ARCA)',
    'f',
  ],
  'Central Bank of the Congo': ['Banque centrale du Congo', 'f'],
  'Ministry of Tourism': ['ministère du Tourisme', 'm'],
  'Civil Aviation Authority': ['Autorité de l’aviation civile', 'f'],
  'Multimodal Freight Management Office (OGEFREM)': ['Office de gestion du fret multimodal (OGEFREM)', 'm'],
  'Mining Cadastre (CAMI)': ['Cadastre minier (CAMI)', 'm'],
};

/** English head nouns of regulators' names and their French gender ("la Kenya Revenue Authority"). */
const feminineHeads = /^(authority|agency|commission|bank|corporation|association|institution|directorate)$/i;

/** The head noun of an English name: the word before "of"/"for", else the last one (acronyms left out). */
function headOf(name: string): string {
  const plain = name.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+–.*$/, '');
  const before = /^(.*?)\s+(?:of|for)\s/.exec(plain)?.[1] ?? plain;
  const words = before.split(/\s+/);
  if (/^directorate$/i.test(words[0] ?? '')) return 'Directorate';
  return words.at(-1) ?? '';
}

/** A regulator as a French noun phrase: its French name where it has one, else the name as cited. */
export function agencyFr(name: string): NounPhrase {
  const french = frenchAgencies[name];
  if (french) return phrase(french[0], french[1]);
  // An English-named ministry reads as what it is, with its name as cited.
  if (/^Ministry\b|^State Department\b/.test(name)) return phrase(`ministère compétent (${name})`, 'm');
  return phrase(name, feminineHeads.test(headOf(name)) ? 'f' : 'm');
}

const months: Record<string, string> = {
  January: 'janvier',
  February: 'février',
  March: 'mars',
  April: 'avril',
  May: 'mai',
  June: 'juin',
  July: 'juillet',
  August: 'août',
  September: 'septembre',
  October: 'octobre',
  November: 'novembre',
  December: 'décembre',
};

const civilKinds: [RegExp, string, NounPhrase['gender']][] = [
  [/^Framework Law/, 'loi-cadre', 'f'],
  [/^Ordinance-Law/, 'ordonnance-loi', 'f'],
  [/^Decree-Law/, 'décret-loi', 'm'],
  [/^Decree/, 'décret', 'm'],
  [/^Ordinance/, 'ordonnance', 'f'],
  [/^Law/, 'loi', 'f'],
];

/**
 * A law as a French noun phrase. Civil-law statutes ("Law No. 1/24 of 10 September 2008 on …") by their
 * kind, number and date; other titles as cited, with the article of their kind ("l’Advocates Act").
 */
export function lawFr(title: string): NounPhrase {
  for (const [pattern, kind, gender] of civilKinds) {
    if (!pattern.test(title)) continue;
    const numbered =
      /N(?:o\.|°)\s*([\w/-]+)(?:\s+of\s+(\d{1,2}\/\d{2}\/\d{4}|\d{1,2} \w+ \d{4}|\d{4}))?/.exec(title);
    if (!numbered) break;
    const date = numbered[2]
      ? /^\d{4}$/.test(numbered[2])
        ? ` de ${numbered[2]}`
        : ` du ${numbered[2].replace(/ (\w+) /, (_all, month: string) => ` ${months[month] ?? month} `).replace(/^1 /, '1er ')}`
      : '';
    return phrase(`${kind} n° ${numbered[1]}${date}`, gender);
  }
  const head =
    title
      .replace(/\s*\(.*$/, '')
      .replace(/\s+\d{4}$/, '')
      .split(/\s+/)
      .at(-1) ?? '';
  return phrase(title, /^Regulations$/.test(head) ? 'p' : /^Law$/.test(head) ? 'f' : 'm');
}

const bigNumbers: Record<string, [string, string]> = {
  million: ['million', 'millions'],
  billion: ['milliard', 'milliards'],
};

/**
 * An amount as French sets it: "KES 1,000,000" → "1 000 000 KES" (narrow no-break spaces between
 * thousands, a no-break space before the currency), "TZS 1 billion" → "1 milliard TZS".
 */
export function moneyFr(amount: string): string {
  const match = /^([A-Z]{3}) ([\d,.]+)(?: (million|billion))?$/.exec(amount);
  if (!match) return amount;
  const [, currency, digits, scale] = match;
  const number = digits!.replace(/,/g, '\u202f').replace('.', ',');
  if (!scale) return `${number}\u00a0${currency}`;
  const [one, many] = bigNumbers[scale]!;
  return `${number}\u00a0${number === '1' ? one : many} ${currency}`;
}

const ministers: Record<string, string> = {
  'the Cabinet Secretary responsible for the sector': 'le secrétaire du Cabinet chargé du secteur',
  'the Minister responsible for the sector': 'le ministre chargé du secteur',
  'the Minister in charge of the sector': 'le ministre ayant le secteur dans ses attributions',
};

/** The member of government who signs waivers, in French. */
export const ministerFr = (minister: string) => ministers[minister] ?? 'le ministre compétent';

/** The country in the forms a French sentence needs. */
export interface FrenchCountry {
  /** 'le Kenya', 'l’Ouganda' (subject). */
  subject: string;
  /** 'au Kenya', 'en Tanzanie'. */
  in: string;
  /** 'du Kenya', 'de la Tanzanie', 'de l’Ouganda'. */
  of: string;
  /** 'à Nairobi', 'dans la capitale'. */
  inCapital: string;
  demonym: { m: string; f: string; mp: string; fp: string };
}

/** The French forms of a partner state. */
export function countryFr(profile: CountryProfile): FrenchCountry {
  const subject = frenchSubject(profile.code, profile.nameFr);
  const demonym = frenchDemonym(profile.code);
  const ofCountry = subject.startsWith('le ')
    ? `du ${subject.slice(3)}`
    : subject.startsWith('la ') || subject.startsWith('l’')
      ? `de ${subject}`
      : `de ${subject}`;
  return {
    subject,
    in: profile.inFr,
    of: ofCountry,
    inCapital: profile.capital === 'the capital' ? 'dans la capitale' : `à ${profile.capital}`,
    demonym: { ...demonym, fp: `${demonym.f}s` },
  };
}

/** A law's act and agency as French noun phrases. */
export const lawPhrases = (law: Law) => ({ act: lawFr(law[0]), agency: agencyFr(law[2]) });

/** The percent sign as French sets it: after a narrow no-break space. */
export const pc = (n: number) => `${n}\u202f%`;

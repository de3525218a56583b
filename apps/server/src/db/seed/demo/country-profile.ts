// What the demo generator knows about each partner state: names, money amounts, and the laws and regulators
// that govern each family of services. Laws are [title, year enacted, responsible agency].

import type { LawKey } from './sector-labels.js';
import { lawFallback } from './sector-labels.js';

export type Law = readonly [act: string, year: number, agency: string];

type GeneralLaws = Record<'investment' | 'immigration' | 'labour' | 'procurement' | 'companies', Law>;

export interface CountryProfile {
  code: string;
  name: string;
  nameFr: string;
  /** "in <country>" in French, with the right preposition: 'au Kenya', 'en Tanzanie'. */
  inFr: string;
  demonym: string;
  /** 'section' for common-law statutes, 'article' for civil-law ones. */
  citation: 'section' | 'article';
  capital: string;
  borderPosts: readonly string[];
  /** The year the country joined the Common Market Protocol (2010 for the founding five). */
  accession: number;
  /** Pre-formatted amounts: formatting per row would slow down the benchmark generator. */
  money: {
    fine: string;
    feeLocal: string;
    feeForeign: string;
    workPermitFee: string;
    minCapital: string;
    minCapitalForeign: string;
    threshold: string;
  };
  /** Who signs ministerial waivers, e.g. 'the Cabinet Secretary for Trade'. */
  minister: string;
  laws: GeneralLaws & Partial<Record<LawKey, Law>>;
}

/** The law of the given family in a country, following the fallback chain to the investment law. */
export function lawFor(profile: CountryProfile, key: LawKey): Law {
  let current: LawKey | undefined = key;
  for (let guard = 0; current && guard < 8; guard++) {
    const law = profile.laws[current];
    if (law) return law;
    current = lawFallback[current];
  }
  return profile.laws.investment;
}

/** Regulations made under an act have a title derived from it, e.g. 'Insurance (Licensing) Regulations 2015'. */
export function regulationTitle(
  profile: CountryProfile,
  law: Law,
  topic: string,
  year: number,
  number: number,
): string {
  if (profile.citation === 'article') {
    return profile.code === 'RW'
      ? `Regulation N° ${number}/${year} of the ${law[2]}`
      : `Ministerial Order No. ${number}/${year} implementing ${law[0]}`;
  }
  const base = law[0].replace(/\s*\(Cap\. [^)]+\)/, '').replace(/\s+(Act|Law|Code)\b.*$/, '');
  return `${base} (${topic}) Regulations ${year}`;
}

/** A fallback for codes the generator has no profile for (benchmark contexts with other countries). */
export function genericProfile(code: string): CountryProfile {
  const law = (act: string, agency: string): Law => [act, 2000, agency];
  return {
    code,
    name: code,
    nameFr: code,
    inFr: `en ${code}`,
    demonym: 'national',
    citation: 'section',
    capital: 'the capital',
    borderPosts: ['the main border post'],
    accession: 2010,
    money: {
      fine: 'USD 10,000',
      feeLocal: 'USD 500',
      feeForeign: 'USD 2,500',
      workPermitFee: 'USD 2,000',
      minCapital: 'USD 100,000',
      minCapitalForeign: 'USD 500,000',
      threshold: 'USD 50,000',
    },
    minister: 'the responsible minister',
    laws: {
      investment: law('Investment Act', 'Investment Authority'),
      immigration: law('Immigration Act', 'Department of Immigration'),
      labour: law('Employment Act', 'Ministry of Labour'),
      procurement: law('Public Procurement Act', 'Public Procurement Authority'),
      companies: law('Companies Act', 'Registrar of Companies'),
    },
  };
}

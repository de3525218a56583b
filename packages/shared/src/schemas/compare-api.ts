// The zod-free half of the comparison of partner states (issue 34, item 6): paths, limits, messages
// and the answer's types. The web page imports these; the query's zod schema is in compare.ts.
import type { TCommitment, TCountryRef, TPolicyRef, TSectorRef } from './restrictions.js';

export const compareApiPaths = { compare: '/compare/' } as const;

/** How many partner states one comparison takes, and how many titles a cell lists before "more". */
export const compareLimits = { minCountries: 2, maxCountries: 5, titlesPerCell: 5 } as const;

/** The messages of a comparison the API refuses (422 on `countries` or `sector`); en/fr in the web. */
export const compareTexts = {
  countriesCount: 'Choose from 2 to 5 partner states.',
  countryUnknown: 'Choose partner states from the list.',
  sectorRequired: 'Choose a sector.',
  sectorUnknown: 'Choose a sector from the list.',
} as const;

/** A restriction named in a cell: the link to its view and its title in both languages. */
export interface TCompareRestriction {
  slug: string;
  title: string;
  /** Null when not translated (the web shows the English title, marked). */
  title_fr: string | null;
}

/** How many visible restrictions fall in a cell, and the first few of them by title. */
export interface TCompareCell {
  count: number;
  restrictions: TCompareRestriction[];
}

/** The restrictiveness index of one state for the sector, as the indicators compute it. */
export interface TCompareIndex {
  /** Average index of the measures in force with an index, 3 decimals; null when none has one. */
  value: number | null;
  /** How many measures the average is over. */
  measures: number;
}

/** One row of the comparison: a value per chosen state (in `countries` order), and whether they differ. */
export interface TCompareRow<T> {
  differs: boolean;
  values: T[];
}

/** `GET /api/compare/?countries=KE,TZ&sector=…` */
export interface TCompareResponse {
  sector: TSectorRef;
  /** The chosen partner states, in the reference order: the columns. */
  countries: TCountryRef[];
  titles_per_cell: number;
  /** Visible restrictions of the sector (its sub-sectors and specific services too). */
  total: TCompareRow<TCompareCell>;
  index: TCompareRow<TCompareIndex>;
  /**
   * The state's commitment for the sector; for a sub-sector or specific service without one of its
   * own, the commitment recorded for the nearest sector above it (its `sector` says which).
   */
  commitment: TCompareRow<TCommitment | null>;
  /** The four modes of supply, in order; a measure affecting several modes counts in each. */
  by_mode: (TCompareRow<TCompareCell> & { mode: string })[];
  /** The policy areas with a restriction in any chosen state; null: not classified. */
  by_policy: (TCompareRow<TCompareCell> & { policy: TPolicyRef | null })[];
}

/**
 * The chosen states of a comparison's address: a comma list (`KE,TZ`) or a repeated key (what a plain
 * form sends: `countries=KE&countries=TZ`), upper-cased, each once, in the order given.
 */
export function compareCountryList(value: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof value === 'string' ? [value] : (value ?? []))
    .flatMap((part) => part.split(','))
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part.length > 0);
  return [...new Set(parts)];
}

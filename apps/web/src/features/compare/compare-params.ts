import { compareCountryList, languageParameter } from '@stp/shared';
import { useSearchParams } from 'react-router';

/** The comparison's address. */
export const comparePath = '/public/compare';

/**
 * The comparison of these states in this sector: `?countries=KE,TZ&sector=…` (commas kept readable).
 * The restriction view and the indicators link here; the form goes here once sent.
 */
export function compareHref(countries: readonly string[], sector: string, lang?: string | null): string {
  const search = new URLSearchParams();
  if (countries.length > 0) search.set('countries', countries.join(','));
  if (sector) search.set('sector', sector);
  if (lang) search.set(languageParameter, lang);
  const query = search.toString().replace(/%2C/gi, ',');
  return query ? `${comparePath}?${query}` : comparePath;
}

/** The chosen states and sector in the address (a plain form repeats `countries`; a link has a comma list). */
export function useCompareParams() {
  const [search] = useSearchParams();
  return {
    countries: compareCountryList(search.getAll('countries')),
    sector: search.get('sector')?.trim() ?? '',
    lang: search.get(languageParameter),
    asked: search.has('countries') || search.has('sector'),
  };
}

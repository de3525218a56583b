import type { choiceLists } from '@stp/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppData } from '../../session/app-data.js';
import { useRenderTimeZone } from '../../ssr/page-render.js';

export type ChoiceListName = keyof typeof choiceLists;
export type Language = 'en' | 'fr';

/** Labels of the cached constants and sectors in the interface language (spec 3 client-side cache). */
export function useCatalogueLabels() {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const constants = useAppData((state) => state.constants);
  const sectors = useAppData((state) => state.cache.sectorList);
  // Date-times in the zone the page was rendered in until it has hydrated, then the browser's.
  const timeZone = useRenderTimeZone();
  return useMemo(() => {
    const sectorsById = new Map(sectors.map((sector) => [sector.id, sector]));
    const sectorsBySlug = new Map(sectors.map((sector) => [sector.slug, sector]));
    const countries = new Map((constants?.countries ?? []).map((country) => [country.code, country]));
    return {
      language,
      timeZone,
      constants,
      sectors,
      sectorsById,
      sectorsBySlug,
      /** The label of a constant's value; the value itself when the list does not know it. */
      choice(list: ChoiceListName, value: string | null | undefined): string {
        if (!value) return '';
        const found = constants?.[list].find((item) => item.value === value);
        return found ? found.label[language] : value;
      },
      /** The choices of a constants list as select options. */
      options(list: ChoiceListName): { value: string; label: string }[] {
        return (constants?.[list] ?? []).map((item) => ({ value: item.value, label: item.label[language] }));
      },
      country(code: string | null | undefined): string {
        if (!code) return '';
        return countries.get(code)?.name[language] ?? code;
      },
      /** The partner states, sorted by name in the interface language. */
      partnerStates(): { value: string; label: string }[] {
        return (constants?.countries ?? [])
          .filter((country) => country.partner_state)
          .map((country) => ({ value: country.code, label: country.name[language] }))
          .sort((a, b) => a.label.localeCompare(b.label, language));
      },
    };
  }, [language, timeZone, constants, sectors]);
}

export type CatalogueLabels = ReturnType<typeof useCatalogueLabels>;

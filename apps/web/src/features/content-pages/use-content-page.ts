import { contentApiPaths, type TContentPage } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../api/query.js';
import { useLang } from './bilingual.js';

/** The published page `slug` in the interface language (asked again when the language changes). */
export function useContentPage(slug: string) {
  const lang = useLang();
  return useQuery({
    ...apiQuery<TContentPage>(contentApiPaths.page(slug), { lang }),
    // The other language's page stays on screen while this one loads.
    placeholderData: keepPreviousData,
  });
}

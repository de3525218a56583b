import { insightsApiPaths, type THome } from '@stp/shared';
import { startTransition, useEffect, useState } from 'react';
import { api } from '../../api/api.js';
import { registerTexts } from '../../i18n/index.js';
import { usePageRead } from '../../ssr/page-render.js';
import en from './i18n/en.json';

// The home page's own texts travel with its chunk (not the entry, which every page loads); the French in
// a chunk of its own, fetched when French is first needed (the JavaScript budget, issue 30).
registerTexts({ en, fr: () => import('./i18n/fr.json').then((module) => module.default) });

export type HomeState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; home: THome };

/**
 * The one `GET /api/home/` call of the home page, with the plain API client: TanStack Query would add
 * its weight to the first load, which has a 200 KB budget.
 */
export function useHomeData(): HomeState {
  // A server-rendered home page comes with its answer (ssr/page-render.tsx): no call for it.
  const rendered = usePageRead<THome | null>(insightsApiPaths.home);
  const [state, setState] = useState<HomeState>(() =>
    rendered === undefined
      ? { status: 'loading' }
      : rendered
        ? { status: 'ready', home: rendered }
        : { status: 'failed' },
  );
  const hadAnswer = state.status !== 'loading';
  useEffect(() => {
    if (hadAnswer) return;
    const controller = new AbortController();
    api
      .request<THome>(insightsApiPaths.home, { signal: controller.signal })
      .then((home) => {
        // A transition: React renders the page's sections in slices, so a slow phone stays responsive.
        if (!controller.signal.aborted)
          startTransition(() => setState(home ? { status: 'ready', home } : { status: 'failed' }));
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
    // Only on mount: a page rendered with its answer asks for none.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

const enMonths = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const frMonths = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
const enOrdinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
};

/**
 * A `yyyy-mm-dd` date in the language's date format (`dateFormats` of @stp/shared), as date-fns writes
 * it, without date-fns and its locales in the first load.
 */
export function formatDay(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  if (language === 'fr') return `${day === 1 ? '1er' : day} ${frMonths.format(date)} ${year}`;
  return `${enMonths.format(date)} ${enOrdinal(day)}, ${year}`;
}

import { apiPaths, apiPrefix, browsePageSize, insightsApiPaths, restrictionApiPaths } from '@stp/shared';

const api = (path: string) => `${apiPrefix}${path.replace(/^\//, '')}`;

/** What every screen reads first: the constants and the sector list (the startup calls of spec 7). */
export const everyScreen = [api(apiPaths.constants), api(apiPaths.allSectors)];

/**
 * The screens whose script chunks the host page preloads, by path, as the web build's manifest names
 * their modules (the loaders of apps/web/src/app/routes.ts). Not Browse Restrictions: its chunks are
 * about half the entry's size again, and loading them beside the entry delayed the first paint by
 * about a second on Lighthouse's slow link (docs/accessibility-budgets.md).
 */
const screenModules: [RegExp, string][] = [
  [/^\/$/, 'src/features/home/home-screen.tsx'],
  [/^\/public\/restriction\/[^/]+$/, 'src/features/catalogue/restriction-screen.tsx'],
];

/** What the host page preloads for a path: API reads (`as="fetch"`) and the screen's script chunks. */
export interface Preloads {
  fetches: string[];
  /** The screen's module in the web build's manifest, or null. */
  screen: string | null;
}

/**
 * The host page's preloads for a URL (docs/decisions.md, "Data preloads"): the browser fetches the first
 * screen's data and chunks while it loads the entry script instead of after it, a round trip or two
 * fewer before the content on a slow link. The script chunks are the same for everyone.
 */
export function preloadsFor(url: string, signedIn: boolean): Preloads {
  const [pathName = '/', query] = url.split('?', 2);
  const path = pathName.replace(/\/+$/, '') || '/';
  const screen = screenModules.find(([pattern]) => pattern.test(path))?.[1] ?? null;
  return { fetches: signedIn ? [] : fetchesFor(path, query), screen };
}

/**
 * The API reads a visitor's first screen starts with. Each URL is exactly the one the web app asks
 * for, or the browser would fetch it twice (e2e/specs/public-shell.spec.ts checks this). Only for
 * visitors: a signed-in user's calls carry a token, and their answers may differ.
 */
function fetchesFor(path: string, query: string | undefined): string[] {
  if (path === '/') return [...everyScreen, api(insightsApiPaths.home)];
  // The unfiltered browse list only: a filtered one's API query is the web app's to build. Not the
  // policies: the filter panel reads them, and a phone renders it only once it is opened.
  if (path === '/public/browse' && !query)
    return [...everyScreen, `${api(restrictionApiPaths.list)}?page=1&page_size=${browsePageSize}`];
  const slug = /^\/public\/restriction\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug);
    } catch {
      return everyScreen;
    }
    return [...everyScreen, api(restrictionApiPaths.detail(decoded))];
  }
  return everyScreen;
}

import { apiPaths, apiPrefix, browsePageSize, insightsApiPaths, restrictionApiPaths } from '@stp/shared';

const api = (path: string) => `${apiPrefix}${path.replace(/^\//, '')}`;

/** What every screen reads first: the constants and the sector list. */
const everyScreen = [api(apiPaths.constants), api(apiPaths.allSectors)];

/**
 * The API reads a visitor's first screen starts with, for `<link rel="preload" as="fetch">` in the host
 * page: the browser fetches them while it loads the scripts instead of after (one round trip fewer
 * before the content on a slow link; docs/decisions.md, "Data preloads"). Each URL is exactly the one
 * the web app asks for, or the browser would fetch it twice (e2e/specs/public-shell.spec.ts checks
 * this). Only for visitors: a signed-in user's calls carry a token, and their answers may differ.
 */
export function preloadsFor(url: string, signedIn: boolean): string[] {
  if (signedIn) return [];
  const [pathName = '/', query] = url.split('?', 2);
  const path = pathName.replace(/\/+$/, '') || '/';
  if (path === '/') return [...everyScreen, api(insightsApiPaths.home)];
  // The unfiltered browse list only: a filtered one's API query is the web app's to build.
  if (path === '/public/browse' && !query)
    return [
      ...everyScreen,
      `${api(restrictionApiPaths.list)}?page=1&page_size=${browsePageSize}`,
      api(restrictionApiPaths.policies),
    ];
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

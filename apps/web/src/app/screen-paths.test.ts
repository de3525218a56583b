import { isScreenPath, screenPaths } from '@stp/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router.js';

/** Every path pattern of the router's tree, the not-found catch-alls excepted. */
function routePatterns(routes: RouteObject[], into: string[] = []): string[] {
  for (const route of routes) {
    if (route.index) into.push('');
    else if (route.path !== undefined && !route.path.endsWith('*')) into.push(route.path);
    if (route.children) routePatterns(route.children, into);
  }
  return into;
}

/** What React Router decides for a URL: a screen, or one of the not-found catch-alls. */
function routerOpensScreen(url: string): boolean {
  const matches = matchRoutes(appRoutes, url) ?? [];
  const leaf = matches.at(-1)?.route;
  return leaf !== undefined && !leaf.path?.endsWith('*');
}

/** URLs made from each pattern (a sample value for each parameter, with and without the optional ones). */
const screenUrls = Object.values(screenPaths).flatMap((pattern) => {
  const full = `/${pattern.replace(/:(\w+)\??/g, 'sample-$1')}`;
  const short = `/${pattern.replace(/\/:\w+\?/g, '').replace(/:(\w+)/g, 'sample-$1')}`;
  return [full, short, full === '/' ? full : `${full}/`, full.toUpperCase()];
});

const otherUrls = [
  '/no/such',
  '/public',
  '/public/restriction',
  '/public/restriction/one/two',
  '/public/browse/banking/more',
  '/public/complaints/list/more',
  '/public/page',
  '/auth/nope',
  '/auth/manage',
  '/auth/manage/complaints/3/edit',
  '/static',
  '/index.html',
];

describe('the screens the server knows (shared screenPaths)', () => {
  it('are exactly the router’s paths', () => {
    expect(routePatterns(appRoutes).sort()).toEqual(Object.values(screenPaths).sort());
  });

  it('agree with React Router on every pattern and on near misses', () => {
    const disagreements = [...screenUrls, ...otherUrls].filter(
      (url) => isScreenPath(url) !== routerOpensScreen(url),
    );
    expect(disagreements).toEqual([]);
  });

  it('open a screen for each pattern and not for the others', () => {
    expect(screenUrls.every(isScreenPath)).toBe(true);
    expect(otherUrls.some(isScreenPath)).toBe(false);
  });
});

// The zod-free half of the restrictions contract: the catalogue screens import these paths, and a module
// with zod schemas at its top level would bring zod (about 25 KB gzip) into their chunks.

/**
 * API paths of the public restrictions catalogue, relative to the `/api/` prefix (issue 4).
 * `list` and `export` take the same filters (ZRestrictionListQuerySchema).
 */
export const restrictionApiPaths = {
  list: '/restrictions/',
  export: '/restrictions/export/',
  /** The Atom feed of the changes to the restrictions the browse filters select (docs/feeds.md). */
  feed: '/feeds/restrictions/',
  detail: (slug: string) => `/restrictions/${encodeURIComponent(slug)}/`,
  sectorTree: '/sectors/tree/',
  sector: (slug: string) => `/sectors/${encodeURIComponent(slug)}/`,
  commitments: '/commitments/',
  policies: '/policies/',
} as const;

/** The page size of Browse Restrictions (the web app's list, and the host page's preload of its first page). */
export const browsePageSize = 20;

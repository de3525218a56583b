import { languageParameter, supportedLocales, type Locale } from '@stp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  publicIndicator,
  publicPage,
  publicPageTemplate,
  publicPublication,
  publicRestriction,
  publicSector,
} from '../db/public-visibility.js';
import { indicators, pages, pageTemplates, publications, restrictions, sectors } from '../db/schema/index.js';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A public page's address in one language: its path and query with `lang` set (docs/decisions.md,
 * "Server rendering": the address without `lang` follows the visitor's choice or browser, x-default).
 */
export function addressIn(publicUrl: string, url: string, locale: Locale | null): string {
  const parsed = new URL(url, 'http://portal.invalid');
  parsed.searchParams.delete(languageParameter);
  if (locale) parsed.searchParams.set(languageParameter, locale);
  return `${publicUrl}${parsed.pathname}${parsed.search}`;
}

const ogLocales: Record<Locale, string> = { en: 'en_GB', fr: 'fr_FR' };

/** The portal's name in each language (apps/web/src/i18n, `app.name`): Open Graph's site name, the feeds' author. */
export const siteNames: Record<Locale, string> = {
  en: 'Services Trade Portal',
  fr: 'Portail du commerce des services',
};

/** What a rendered page's head says about it. */
export interface PageMeta {
  publicUrl: string;
  url: string;
  locale: Locale;
  title: string;
  description: string;
  siteName: string;
  /** A 404 page is no page of the site: no canonical address, no alternates. */
  status: number;
  /** The page's Atom feed (a path on this site): an alternate link of type application/atom+xml. */
  feed?: { href: string; title: string };
}

/** The head tags of a public page: canonical address, hreflang alternates, Open Graph. */
export function headTags(meta: PageMeta): string {
  const tags: string[] = [];
  if (meta.status === 200) {
    const canonical = addressIn(meta.publicUrl, meta.url, meta.locale);
    tags.push(`<link rel="canonical" href="${escapeXml(canonical)}">`);
    for (const locale of supportedLocales)
      tags.push(
        `<link rel="alternate" hreflang="${locale}" href="${escapeXml(addressIn(meta.publicUrl, meta.url, locale))}">`,
      );
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeXml(addressIn(meta.publicUrl, meta.url, null))}">`,
    );
    tags.push(`<meta property="og:url" content="${escapeXml(canonical)}">`);
    if (meta.feed?.href.startsWith('/'))
      tags.push(
        `<link rel="alternate" type="application/atom+xml" title="${escapeXml(meta.feed.title)}" href="${escapeXml(`${meta.publicUrl}${meta.feed.href}`)}">`,
      );
  } else {
    tags.push('<meta name="robots" content="noindex">');
  }
  tags.push(
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeXml(meta.siteName)}">`,
    `<meta property="og:title" content="${escapeXml(meta.title)}">`,
    `<meta property="og:description" content="${escapeXml(meta.description)}">`,
    `<meta property="og:locale" content="${ogLocales[meta.locale]}">`,
    ...supportedLocales
      .filter((locale) => locale !== meta.locale)
      .map((locale) => `<meta property="og:locale:alternate" content="${ogLocales[locale]}">`),
  );
  return tags.join('');
}

/** The public screens without a record: their paths. */
const screenPathsListed = [
  '/',
  '/public/browse',
  '/public/page/sectors',
  '/public/notifications',
  '/public/indicators',
  '/public/about',
  '/public/about/sms-how-to',
  '/public/about/sectors',
  '/public/publications',
  '/public/complaints/list',
  '/public/complaints/performance',
  '/public/compare',
  '/public/open-data',
];

/**
 * Every public page's path: the screens, then each record the public-visibility rule lets a visitor
 * see (db/public-visibility.ts): restrictions, sectors (browse by sector), publications, content pages
 * with a public template, indicators.
 */
export async function publicPaths(db: Database): Promise<{ path: string; updated?: Date }[]> {
  const [restrictionRows, sectorRows, publicationRows, pageRows, indicatorRows] = await Promise.all([
    db
      .select({ slug: restrictions.slug, updated: restrictions.updatedAt })
      .from(restrictions)
      .where(publicRestriction)
      .orderBy(asc(restrictions.id)),
    db
      .select({ slug: sectors.slug })
      .from(sectors)
      .where(publicSector)
      .orderBy(asc(sectors.sortOrder), asc(sectors.id)),
    db
      .select({ slug: publications.slug, updated: publications.updatedAt })
      .from(publications)
      .where(publicPublication)
      .orderBy(asc(publications.id)),
    db
      .select({ slug: pages.slug, updated: pages.updatedAt })
      .from(pages)
      .innerJoin(pageTemplates, eq(pageTemplates.id, pages.templateId))
      .where(and(publicPage, publicPageTemplate))
      .orderBy(asc(pages.id)),
    db.select({ slug: indicators.slug }).from(indicators).where(publicIndicator).orderBy(asc(indicators.id)),
  ]);
  const record = (prefix: string) => (row: { slug: string; updated?: Date }) => ({
    path: `${prefix}${encodeURIComponent(row.slug)}`,
    updated: row.updated,
  });
  return [
    ...screenPathsListed.map((path) => ({ path })),
    ...restrictionRows.map(record('/public/restriction/')),
    ...sectorRows.map(record('/public/browse/')),
    ...publicationRows.map(record('/public/publication/')),
    ...pageRows.filter((row) => row.slug !== 'sectors').map(record('/public/page/')),
    ...indicatorRows.map(record('/public/indicator/')),
  ];
}

/** `sitemap.xml`: each public page in each language, with its alternates. */
export function sitemapXml(publicUrl: string, paths: { path: string; updated?: Date }[]): string {
  const urls = paths.flatMap(({ path, updated }) => {
    const alternates = supportedLocales
      .map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(addressIn(publicUrl, path, locale))}"/>`,
      )
      .join('');
    const lastmod = updated ? `<lastmod>${updated.toISOString().slice(0, 10)}</lastmod>` : '';
    return supportedLocales.map(
      (locale) =>
        `<url><loc>${escapeXml(addressIn(publicUrl, path, locale))}</loc>${lastmod}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `robots.txt`: the public pages (and the scripts and styles they use) may be crawled; the API and the signed-in area not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

import {
  choiceLists,
  contentApiPaths,
  inLanguage,
  ZLangQuerySchema,
  ZNotificationListQuerySchema,
  type Locale,
} from '@stp/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { countries, notifications } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { addressIn } from '../../web/seo.js';
import { listConditions } from '../notifications/notifications.service.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { atomXml, feedUpdated, type AtomEntry } from './atom.js';
import { feedTexts } from './feed-texts.js';
import { canonicalQuery, feedSize, portalAuthor, tagUri, withQuery } from './feed-http.js';
import { clip } from './restriction-feed.js';

/** The notifications feed's path under /api. */
export const notificationFeedPath = contentApiPaths.notificationsFeed;

/** The public notifications list's filters (its own schema) and the feed's language. */
export const ZNotificationFeedQuerySchema = ZNotificationListQuerySchema.safeExtend(ZLangQuerySchema.shape);
export type TNotificationFeedQuery = z.infer<typeof ZNotificationFeedQuerySchema>;

/** The notifications the list's filters select, the last published or changed first. */
function feedRows(db: Database, query: TNotificationFeedQuery) {
  return db
    .select({
      id: notifications.id,
      slug: notifications.slug,
      reference: notifications.reference,
      status: notifications.status,
      countryEn: countries.nameEn,
      countryFr: countries.nameFr,
      notificationDate: notifications.notificationDate,
      description: notifications.descriptionOfMeasure,
      descriptionFr: notifications.descriptionOfMeasureFr,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .innerJoin(countries, eq(countries.code, notifications.countryCode))
    .where(and(...listConditions(query)))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(feedSize);
}

const statusLabel = (status: string, lang: Locale) =>
  choiceLists.notificationStatus.find((choice) => choice.value === status)?.label[lang] ?? status;

/** A calendar date (YYYY-MM-DD) in words: 15 March 2024, 15 mars 2024. */
const longDate = (date: string, lang: Locale) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * `GET /api/feeds/notifications/`: the notifications of the public list's filters (a partner state's,
 * or all) as Atom, one entry per notification, updated when staff change it. A country that is not one
 * of the portal's is a 422, as the catalogue's filters answer.
 */
export async function notificationFeed(db: Database, query: TNotificationFeedQuery, publicUrl: string) {
  const reference = await catalogueReference(db);
  const country = query.country ? reference.countries.get(query.country) : undefined;
  if (query.country && !country) throw validationFailed({ country: 'Select a valid country.' });
  const lang = query.lang;
  const texts = feedTexts[lang];
  const rows = await feedRows(db, query);
  const entries = rows.map((row): AtomEntry => {
    const description = inLanguage(row.description, row.descriptionFr, lang);
    const shown = description.fallback ? `${description.text} (${texts.englishOnly})` : description.text;
    const countryName = lang === 'fr' ? row.countryFr : row.countryEn;
    return {
      id: tagUri(publicUrl, `notification/${row.id}`),
      title: texts.colon(row.reference, `${countryName} · ${statusLabel(row.status, lang)}`),
      updated: row.updatedAt,
      published: row.createdAt,
      link: addressIn(publicUrl, `/public/notifications?notification=${encodeURIComponent(row.slug)}`, lang),
      summary: `${longDate(row.notificationDate, lang)}. ${clip(shown)}`,
      author: portalAuthor(publicUrl, lang),
      category: { term: row.status, label: statusLabel(row.status, lang) },
    };
  });
  const what = [
    ...(country ? [country.name[lang]] : []),
    ...(query.status ? [statusLabel(query.status, lang)] : []),
    ...(query.from ? [texts.from(longDate(query.from, lang))] : []),
    ...(query.to ? [texts.until(longDate(query.to, lang))] : []),
    ...(query.q ? [texts.search(query.q)] : []),
  ].join(' · ');
  const filters = canonicalQuery({ ...query, lang: undefined });
  const xml = atomXml({
    id: tagUri(publicUrl, withQuery('feeds/notifications', canonicalQuery(query))),
    lang,
    title: what ? texts.colon(texts.notificationsTitle, what) : texts.notificationsTitle,
    subtitle: texts.notificationsSubtitle,
    self: withQuery(`${publicUrl}/api${notificationFeedPath}`, canonicalQuery(query)),
    alternate: addressIn(publicUrl, withQuery('/public/notifications', filters), lang),
    author: portalAuthor(publicUrl, lang),
    entries,
  });
  return { xml, updated: feedUpdated(entries) };
}

import type { TNotificationListQuery } from '@stp/shared';
import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { publicIndicator, publicNotification } from '../../db/public-visibility.js';
import { countries, indicators, notifications, sectors } from '../../db/schema/index.js';
import { pageWindow, sortOrder } from '../../http/pagination.js';

const sortColumns = {
  notification_date: notifications.notificationDate,
  reference: notifications.reference,
  status: notifications.status,
  country: countries.nameEn,
};

const listColumns = {
  slug: notifications.slug,
  reference: notifications.reference,
  status: notifications.status,
  countryCode: notifications.countryCode,
  countryEn: countries.nameEn,
  countryFr: countries.nameFr,
  notificationDate: notifications.notificationDate,
  descriptionOfMeasure: notifications.descriptionOfMeasure,
  descriptionOfMeasureFr: notifications.descriptionOfMeasureFr,
};

export type NotificationRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['notNull'] extends true
    ? (typeof listColumns)[K]['_']['data']
    : (typeof listColumns)[K]['_']['data'] | null;
};

/** The filters of the public list as SQL conditions (its feed's too: modules/feeds). */
export function listConditions(query: TNotificationListQuery): SQL[] {
  const conditions: SQL[] = [publicNotification];
  if (query.status) conditions.push(eq(notifications.status, query.status));
  if (query.country) conditions.push(eq(notifications.countryCode, query.country));
  if (query.from) conditions.push(gte(notifications.notificationDate, query.from));
  if (query.to) conditions.push(lte(notifications.notificationDate, query.to));
  if (query.q)
    // The generated `search` column holds both configurations; match either (websearch syntax: quotes, OR, -).
    conditions.push(
      sql`(${notifications.search} @@ websearch_to_tsquery('english', ${query.q}) or ${notifications.search} @@ websearch_to_tsquery('french', ${query.q}))`,
    );
  return conditions;
}

/** One page of the public notifications and the total that matched. */
export async function listNotifications(db: Database, query: TNotificationListQuery) {
  const where = and(...listConditions(query));
  const order = sortOrder(query.sort, sortColumns, '-notification_date', notifications.id);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(notifications)
      .innerJoin(countries, eq(countries.code, notifications.countryCode))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { rows: rows as NotificationRow[], count: total?.value ?? 0 };
}

/** One visible notification with its sector and indicator, or undefined. */
export async function findNotification(db: Database, slug: string) {
  const [row] = await db
    .select({
      ...listColumns,
      applicability: notifications.applicability,
      requirement: notifications.requirement,
      updatedAt: notifications.updatedAt,
      sectorId: sectors.id,
      sectorEn: sectors.nameEn,
      sectorFr: sectors.nameFr,
      indicatorSlug: indicators.slug,
      indicatorEn: indicators.titleEn,
      indicatorFr: indicators.titleFr,
      indicatorVisible: sql<boolean>`${publicIndicator}`,
    })
    .from(notifications)
    .innerJoin(countries, eq(countries.code, notifications.countryCode))
    .leftJoin(sectors, eq(sectors.id, notifications.sectorId))
    .leftJoin(indicators, eq(indicators.id, notifications.indicatorId))
    .where(and(publicNotification, eq(notifications.slug, slug)));
  return row;
}

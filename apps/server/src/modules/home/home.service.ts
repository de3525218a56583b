import type { THome } from '@stp/shared';
import { and, asc, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  publicComplaint,
  publicFeaturedInsight,
  publicNotification,
  publicReport,
  publicRestriction,
  publicSector,
} from '../../db/public-visibility.js';
import {
  complaints,
  countries,
  featuredInsights,
  notifications,
  reports,
  restrictions,
  sectors,
} from '../../db/schema/index.js';
import { presentReport } from '../reports/reports.presenter.js';
import { reportDataOf } from '../reports/reports.service.js';

const count = sql<number>`count(*)::int`;

const excerpt = (text: string, max = 180) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The figures count what the public lists show: each resource's rule of db/public-visibility.ts. */
async function headlineFigures(db: Executor, now: Date): Promise<THome['figures']> {
  const [inForce] = await db
    .select({ n: count })
    .from(restrictions)
    .where(and(publicRestriction, eq(restrictions.status, 'in_force')));
  // The sectors of the public tree that hold a visible restriction.
  const [covered] = await db
    .select({ n: countDistinct(restrictions.sectorId) })
    .from(restrictions)
    .innerJoin(sectors, and(eq(sectors.id, restrictions.sectorId), publicSector))
    .where(publicRestriction);
  const [partners] = await db.select({ n: count }).from(countries).where(eq(countries.isPartnerState, true));
  const [notified] = await db
    .select({ n: count })
    .from(notifications)
    .where(and(publicNotification, gte(notifications.notificationDate, `${now.getUTCFullYear()}-01-01`)));
  const [resolved] = await db
    .select({ n: count })
    .from(complaints)
    .where(and(publicComplaint, eq(complaints.status, 'resolved')));
  return {
    restrictions_in_force: inForce?.n ?? 0,
    partner_states: partners?.n ?? 0,
    sectors_covered: Number(covered?.n ?? 0),
    notifications_this_year: notified?.n ?? 0,
    complaints_resolved: resolved?.n ?? 0,
  };
}

/** Everything the home page shows, in one answer: figures, featured insights, notifications, entry points. */
export async function loadHome(db: Executor, now = new Date()): Promise<THome> {
  const figures = await headlineFigures(db, now);
  const featured = await db
    .select({ insight: featuredInsights, report: reports })
    .from(featuredInsights)
    .leftJoin(reports, and(eq(reports.id, featuredInsights.reportId), publicReport))
    .where(publicFeaturedInsight)
    .orderBy(asc(featuredInsights.index), asc(featuredInsights.id));
  const latest = await db
    .select({ notification: notifications, countryEn: countries.nameEn, countryFr: countries.nameFr })
    .from(notifications)
    .innerJoin(countries, eq(countries.code, notifications.countryCode))
    .where(publicNotification)
    .orderBy(desc(notifications.notificationDate), desc(notifications.id))
    .limit(5);
  const sectorRows = await db
    .select({ slug: sectors.slug, en: sectors.nameEn, fr: sectors.nameFr })
    .from(sectors)
    .where(and(eq(sectors.level, 1), publicSector))
    .orderBy(asc(sectors.sortOrder), asc(sectors.code));
  const partnerRows = await db
    .select({ code: countries.code, en: countries.nameEn, fr: countries.nameFr })
    .from(countries)
    .where(eq(countries.isPartnerState, true))
    .orderBy(asc(countries.sortOrder), asc(countries.nameEn));
  // Each featured report's data travels with the page, drawn at once (and on the server) with no request
  // of its own; one that cannot be computed is null and the page says so in its place.
  const reportData = await Promise.all(
    featured.map(({ report }) =>
      report ? reportDataOf(db, report).catch(() => null) : Promise.resolve(null),
    ),
  );
  return {
    figures,
    featured: featured.map(({ insight, report }, i) => ({
      id: insight.id,
      title: { en: insight.titleEn, fr: insight.titleFr },
      summary: { en: insight.summaryEn, fr: insight.summaryFr },
      published_on: insight.publishedOn,
      link_url: insight.linkUrl,
      report: report ? presentReport(report) : null,
      report_data: reportData[i] ?? null,
    })),
    notifications: latest.map(({ notification, countryEn, countryFr }) => ({
      slug: notification.slug,
      reference: notification.reference,
      country: { en: countryEn, fr: countryFr },
      notification_date: notification.notificationDate,
      description: excerpt(notification.descriptionOfMeasure),
    })),
    sectors: sectorRows.map((row) => ({ slug: row.slug, name: { en: row.en, fr: row.fr } })),
    countries: partnerRows.map((row) => ({ code: row.code, name: { en: row.en, fr: row.fr } })),
  };
}

import {
  adminNotificationTexts,
  ZNotificationAdminListQuerySchema,
  ZNotificationInputSchema,
  type TNotificationAdminItem,
  type TNotificationAdminListQuery,
  type TNotificationBody,
} from '@stp/shared';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import { access, staffMay } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { publicNotification } from '../../db/public-visibility.js';
import { countries, indicators, notifications, sectors } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { clearHomeCache } from '../home/home.routes.js';
import { uniqueSlug } from '../reports-admin/unique-slug.js';

type NotificationRow = typeof notifications.$inferSelect;

/** Any one of these lets a signed-in user see drafts and archived notifications in the manage list. */
export const notificationPermissions = ['view', 'add', 'change', 'delete'].map(
  (action) => `restrictions.${action}_notification`,
);

/** Without a notification permission, a reader sees what the public sees (no drafts, nothing archived). */
function readScope(request: FastifyRequest): SQL | undefined {
  // Staff only, as on every staff route: a client holding a notification codename reads the public view.
  return staffMay(request.principal, { permissions: notificationPermissions, mode: 'OR' })
    ? undefined
    : publicNotification;
}

/** Names of the related records of a page of notifications (one query per kind). */
async function namesOf(db: Executor, rows: NotificationRow[]) {
  const ids = <K extends 'countryCode' | 'sectorId' | 'indicatorId'>(key: K) =>
    [...new Set(rows.map((row) => row[key]).filter((value) => value !== null))] as NonNullable<
      NotificationRow[K]
    >[];
  const [countryRows, sectorRows, indicatorRows] = await Promise.all([
    ids('countryCode').length
      ? db
          .select()
          .from(countries)
          .where(inArray(countries.code, ids('countryCode')))
      : [],
    ids('sectorId').length
      ? db
          .select()
          .from(sectors)
          .where(inArray(sectors.id, ids('sectorId')))
      : [],
    ids('indicatorId').length
      ? db
          .select()
          .from(indicators)
          .where(inArray(indicators.id, ids('indicatorId')))
      : [],
  ]);
  return {
    country: new Map(countryRows.map((row) => [row.code, { en: row.nameEn, fr: row.nameFr }])),
    sector: new Map(sectorRows.map((row) => [row.id, { en: row.nameEn, fr: row.nameFr }])),
    indicator: new Map(indicatorRows.map((row) => [row.id, { en: row.titleEn, fr: row.titleFr }])),
  };
}

/** Checks that the country, sector and indicator named by a body exist (422 on the field). */
async function checkRelations(tx: Executor, input: TNotificationBody) {
  const [country] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, input.country_code));
  if (!country) throw validationFailed({ country_code: adminNotificationTexts.invalidCountry });
  if (input.sector_id !== null) {
    const [sector] = await tx.select({ id: sectors.id }).from(sectors).where(eq(sectors.id, input.sector_id));
    if (!sector) throw validationFailed({ sector_id: adminNotificationTexts.invalidSector });
  }
  if (input.indicator_id !== null) {
    const [indicator] = await tx
      .select({ id: indicators.id })
      .from(indicators)
      .where(eq(indicators.id, input.indicator_id));
    if (!indicator) throw validationFailed({ indicator_id: adminNotificationTexts.invalidIndicator });
  }
}

/**
 * Manage notifications (spec 2 `/auth/manage/notifications`, no permission named): any signed-in user
 * reads the list (narrowed to what the public sees without a notification permission); acting needs
 * `restrictions.add_/change_/delete_notification`.
 */
export const notificationsAdminResource: AdminResource<
  NotificationRow,
  TNotificationBody,
  TNotificationAdminItem
> = {
  name: 'notifications',
  app: 'restrictions',
  model: 'notification',
  table: notifications,
  id: notifications.id,
  archived: notifications.archived,
  viewAccess: access.signedIn(),
  readScope,
  listQuery: ZNotificationAdminListQuerySchema,
  where: (raw) => {
    const query = raw as TNotificationAdminListQuery;
    return [
      searchAny(query.q, [
        notifications.reference,
        notifications.descriptionOfMeasure,
        notifications.descriptionOfMeasureFr,
      ]),
      query.status ? eq(notifications.status, query.status) : undefined,
      query.country ? eq(notifications.countryCode, query.country.toUpperCase()) : undefined,
    ];
  },
  sorts: {
    notification_date: notifications.notificationDate,
    reference: notifications.reference,
    status: notifications.status,
    country: notifications.countryCode,
    updated_at: notifications.updatedAt,
  },
  defaultSort: '-notification_date',
  input: ZNotificationInputSchema,
  async values(input, { tx, actor, before }) {
    await checkRelations(tx, input);
    const slugSource = { table: notifications, slug: notifications.slug, id: notifications.id };
    return {
      // Made once from the reference: the public address stays when the reference is corrected.
      slug:
        before?.slug ??
        (await uniqueSlug(tx, slugSource, input.reference.replace(/[^\p{L}\p{N}]+/gu, ' '), 'notification')),
      reference: input.reference,
      status: input.status,
      countryCode: input.country_code,
      sectorId: input.sector_id,
      notificationDate: input.notification_date,
      applicability: input.applicability,
      requirement: input.requirement,
      descriptionOfMeasure: input.description_of_measure,
      descriptionOfMeasureFr: input.description_of_measure_fr ?? null,
      indicatorId: input.indicator_id,
      ...(before ? {} : { createdById: actor.userId }),
    };
  },
  async present(db, rows) {
    const names = await namesOf(db, rows);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      reference: row.reference,
      status: row.status,
      country_code: row.countryCode,
      country: names.country.get(row.countryCode) ?? { en: row.countryCode, fr: row.countryCode },
      sector_id: row.sectorId,
      sector: row.sectorId === null ? null : (names.sector.get(row.sectorId) ?? null),
      notification_date: row.notificationDate,
      applicability: row.applicability,
      requirement: row.requirement,
      description_of_measure: row.descriptionOfMeasure,
      description_of_measure_fr: row.descriptionOfMeasureFr,
      indicator_id: row.indicatorId,
      indicator: row.indicatorId === null ? null : (names.indicator.get(row.indicatorId) ?? null),
      archived: row.archived,
      archived_at: row.archivedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  onDuplicate: async () => validationFailed({ reference: adminNotificationTexts.referenceTaken }),
  afterChange: (db) => clearHomeCache(db),
};

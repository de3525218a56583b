import type { TNotificationDetail, TNotificationListItem } from '@stp/shared';
import type { findNotification, NotificationRow } from './notifications.service.js';

/** A row of the public list. */
export function presentNotification(row: NotificationRow): TNotificationListItem {
  return {
    slug: row.slug,
    reference: row.reference,
    status: row.status,
    country: { code: row.countryCode, name: { en: row.countryEn, fr: row.countryFr } },
    notification_date: row.notificationDate,
    description_of_measure: row.descriptionOfMeasure,
    description_of_measure_fr: row.descriptionOfMeasureFr,
  };
}

/** Every field of spec 3, with the linked indicator only when it is itself public. */
export function presentNotificationDetail(
  row: NonNullable<Awaited<ReturnType<typeof findNotification>>>,
): TNotificationDetail {
  return {
    ...presentNotification(row),
    applicability: row.applicability,
    requirement: row.requirement,
    sector:
      row.sectorId !== null && row.sectorEn !== null && row.sectorFr !== null
        ? { id: row.sectorId, name: { en: row.sectorEn, fr: row.sectorFr } }
        : null,
    indicator:
      row.indicatorSlug && row.indicatorVisible
        ? { slug: row.indicatorSlug, title: { en: row.indicatorEn ?? '', fr: row.indicatorFr ?? '' } }
        : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

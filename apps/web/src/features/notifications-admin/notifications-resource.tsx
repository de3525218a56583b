import Box from '@mui/material/Box';
import { notificationStatus, ZNotificationInputSchema, type TNotificationAdminItem } from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { phoneOnly } from '../../components/list/cell-styles.js';
import { formatDate } from '../../lib/format.js';
import { NotificationFields } from './notification-fields.js';
import { notificationsAdminTexts } from './texts.js';
import { breakAfter } from '../../components/text-breaks.js';

void notificationsAdminTexts;

const statusLabel = (value: string, language: 'en' | 'fr') =>
  notificationStatus.find((choice) => choice.value === value)?.label[language] ?? value;

/**
 * Manage notifications (spec 2 `/auth/manage/notifications`, no permission): any signed-in user reads
 * the list; the create, edit, archive and purge buttons follow `restrictions.*_notification`.
 */
export const notificationsResource: AdminResourceConfig<
  TNotificationAdminItem,
  typeof ZNotificationInputSchema
> = {
  name: 'notifications',
  app: 'restrictions',
  model: 'notification',
  texts: {
    title: 'routes.manageNotifications',
    intro: 'notificationsAdmin.intro',
    create: 'notificationsAdmin.create',
    edit: 'notificationsAdmin.edit',
    caption: 'notificationsAdmin.caption',
    empty: 'notificationsAdmin.empty',
  },
  label: (item) => item.reference,
  columns: (t, language) => [
    {
      key: 'reference',
      label: t('notificationsAdmin.reference'),
      sortKey: 'reference',
      render: (item) => (
        <>
          <Box sx={{ fontWeight: 500 }}>{breakAfter(item.reference, '/')}</Box>
          {/* On a phone the country and date columns are hidden: they show under the reference. */}
          <Box sx={{ ...phoneOnly, color: 'text.secondary', fontSize: '0.875rem' }}>
            {item.country[language]} · {formatDate(item.notification_date, language)}
          </Box>
        </>
      ),
    },
    {
      key: 'country',
      label: t('notificationsAdmin.country'),
      sortKey: 'country',
      hideBelow: 'md',
      render: (item) => item.country[language],
    },
    {
      key: 'status',
      label: t('notificationsAdmin.status'),
      sortKey: 'status',
      hideBelow: 'sm',
      render: (item) => statusLabel(item.status, language),
    },
    {
      key: 'notification_date',
      label: t('notificationsAdmin.date'),
      sortKey: 'notification_date',
      hideBelow: 'sm',
      render: (item) => formatDate(item.notification_date, language),
    },
  ],
  filters: (t, language) => [
    {
      key: 'status',
      label: t('notificationsAdmin.status'),
      options: notificationStatus.map((choice) => ({ value: choice.value, label: choice.label[language] })),
    },
  ],
  defaultSort: '-notification_date',
  archivable: true,
  schema: ZNotificationInputSchema,
  emptyValues: {
    reference: '',
    status: 'draft',
    country_code: '',
    sector_id: '',
    notification_date: '',
    applicability: '',
    requirement: '',
    description_of_measure: '',
    description_of_measure_fr: '',
    indicator_id: '',
  },
  toFormValues: (item) => ({
    reference: item.reference,
    status: item.status as 'draft',
    country_code: item.country_code,
    sector_id: item.sector_id === null ? '' : String(item.sector_id),
    notification_date: item.notification_date,
    applicability: item.applicability,
    requirement: item.requirement,
    description_of_measure: item.description_of_measure,
    description_of_measure_fr: item.description_of_measure_fr ?? '',
    indicator_id: item.indicator_id === null ? '' : String(item.indicator_id),
  }),
  Fields: NotificationFields,
  dialogWidth: 'md',
};

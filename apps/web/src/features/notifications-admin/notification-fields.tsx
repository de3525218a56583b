import Box from '@mui/material/Box';
import type { ZNotificationInputSchema } from '@stp/shared';
import {
  adminNotificationsApiPaths,
  notificationStatus,
  type TIndicatorOption,
  type TNotificationAdminItem,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { useAdminAccess } from '../../components/admin/use-admin.js';
import { CountryField } from '../../components/form/choice-fields.js';
import { BilingualTextField } from '../../components/form/bilingual-text-field.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { DatePickerField } from '../../components/date-picker.js';
import { useAppData } from '../../session/app-data.js';
import { notificationsAdminTexts } from './texts.js';

void notificationsAdminTexts;

export type NotificationInput = (typeof ZNotificationInputSchema)['_zod']['input'];

/** The indicators a notification may point to; readers (no permission) see only the record's own. */
function useIndicatorOptions(item: TNotificationAdminItem | null, enabled: boolean) {
  const query = useQuery({
    ...apiQuery<{ results: TIndicatorOption[] }>(adminNotificationsApiPaths.indicatorOptions),
    enabled,
  });
  if (query.data) return query.data.results;
  return item?.indicator && item.indicator_id !== null
    ? [{ id: item.indicator_id, title: item.indicator }]
    : [];
}

/** Every field of spec 3's Notification: status, applicability, requirement, date, reference, measure, indicator. */
export function NotificationFields({
  control,
  readOnly,
  item,
}: AdminFieldsProps<NotificationInput, TNotificationAdminItem>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const access = useAdminAccess({ app: 'restrictions', model: 'notification' });
  const indicators = useIndicatorOptions(item, access.canAdd || access.canChange);
  const sectors = useAppData((state) => state.cache.sectorList);
  const input = { readOnly };
  const label = (name: string) => t(`notificationsAdmin.fields.${name}`);
  const chosen = { select: { displayEmpty: true }, inputLabel: { shrink: true } };
  const long = (name: 'applicability' | 'requirement', required = false) => (
    <FormTextField
      control={control}
      name={name}
      label={label(name)}
      fullWidth
      multiline
      minRows={2}
      required={required}
      slotProps={{ input, htmlInput: { 'data-testid': `field-${name}` } }}
    />
  );
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField
          control={control}
          name="reference"
          label={label('reference')}
          required
          slotProps={{ input, htmlInput: { 'data-testid': 'field-reference' } }}
        />
        <FormSelectField
          control={control}
          name="status"
          label={label('status')}
          required
          options={notificationStatus.map((choice) => ({
            value: choice.value,
            label: choice.label[language],
          }))}
          slotProps={{ input, htmlInput: { 'data-testid': 'field-status' } }}
        />
        <CountryField
          control={control}
          name="country_code"
          label={label('country_code')}
          required
          slotProps={{ input, htmlInput: { 'data-testid': 'field-country_code' } }}
        />
        <DatePickerField
          control={control}
          name="notification_date"
          label={label('notification_date')}
          required
          readOnly={readOnly}
        />
        <FormSelectField
          control={control}
          name="sector_id"
          label={label('sector_id')}
          options={[
            { value: '', label: t('notificationsAdmin.noSector') },
            ...sectors.map((sector) => ({
              value: String(sector.id),
              label: `${'\u2003'.repeat(sector.level - 1)}${sector.code} ${sector.name[language]}`,
            })),
          ]}
          slotProps={{ input, ...chosen, htmlInput: { 'data-testid': 'field-sector_id' } }}
        />
        <FormSelectField
          control={control}
          name="indicator_id"
          label={label('indicator_id')}
          options={[
            { value: '', label: t('notificationsAdmin.noIndicator') },
            ...indicators.map((indicator) => ({
              value: String(indicator.id),
              label: indicator.title[language],
            })),
          ]}
          slotProps={{ input, ...chosen, htmlInput: { 'data-testid': 'field-indicator_id' } }}
        />
      </Box>
      <BilingualTextField
        control={control}
        english="description_of_measure"
        french="description_of_measure_fr"
        label={label('description_of_measure')}
        required
        rows={4}
        readOnly={readOnly}
      />
      {long('applicability')}
      {long('requirement')}
    </>
  );
}

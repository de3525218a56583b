import Box from '@mui/material/Box';
import { ZHolidayInputSchema, type THolidayAdminItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type {
  AdminFieldsProps,
  AdminResourceConfig,
  Language,
} from '../../components/admin/admin-resource.js';
import { DatePickerField } from '../../components/date-picker.js';
import { FormTextField } from '../../components/form/form-fields.js';
import { formatDate } from '../../lib/format.js';
import { PartnerStateField } from '../commitments/catalogue-fields.js';
import { holidaysAdminTexts } from './texts.js';

void holidaysAdminTexts;

type HolidayInput = (typeof ZHolidayInputSchema)['_zod']['input'];

const nameOf = (item: THolidayAdminItem, language: Language) =>
  language === 'fr' ? item.name_fr : item.name_en;

/** The day of the week of a `yyyy-MM-dd` date, in the interface language. */
export const weekdayOf = (date: string, language: Language) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(language === 'fr' ? 'fr-FR' : 'en-GB', {
    weekday: 'long',
    timeZone: 'UTC',
  });

/** The holiday form: partner state, date and its name in both languages. */
function HolidayFields({ control, readOnly }: AdminFieldsProps<HolidayInput, THolidayAdminItem>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <PartnerStateField
        control={control}
        name="country_code"
        label={t('holidaysAdmin.fields.country_code')}
        required
        fullWidth
        disabled={readOnly}
        data-testid="field-country_code"
      />
      <DatePickerField
        control={control}
        name="date"
        label={t('holidaysAdmin.fields.date')}
        required
        fullWidth
        readOnly={readOnly}
      />
      {(['name_en', 'name_fr'] as const).map((name) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={t(`holidaysAdmin.fields.${name}`)}
          required
          fullWidth
          slotProps={{
            input: { readOnly },
            htmlInput: { lang: name.slice(-2), 'data-testid': `field-${name}` },
          }}
        />
      ))}
    </Box>
  );
}

/** Public holidays (`/auth/config/holidays`, `complaints.view_publicholiday`): no archive, delete after confirmation. */
export const holidaysResource: AdminResourceConfig<THolidayAdminItem, typeof ZHolidayInputSchema> = {
  name: 'holidays',
  app: 'complaints',
  model: 'publicholiday',
  texts: {
    title: 'routes.holidays',
    intro: 'holidaysAdmin.intro',
    create: 'holidaysAdmin.create',
    edit: 'holidaysAdmin.edit',
    caption: 'holidaysAdmin.caption',
    empty: 'holidaysAdmin.empty',
  },
  label: (item, language) =>
    `${nameOf(item, language)} (${item.country[language]}, ${formatDate(item.date, language)})`,
  columns: (t, language) => [
    {
      key: 'date',
      label: t('holidaysAdmin.columns.date'),
      sortKey: 'date',
      render: (item) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(item.date, language)}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85em' }}>
            {weekdayOf(item.date, language)}
          </Box>
        </Box>
      ),
    },
    {
      key: 'country',
      label: t('holidaysAdmin.columns.country'),
      sortKey: 'country',
      hideBelow: 'sm',
      render: (item) => item.country[language],
    },
    {
      key: 'name',
      label: t('holidaysAdmin.columns.name'),
      sortKey: language === 'fr' ? 'name_fr' : 'name',
      render: (item) => <Box sx={{ fontWeight: 500 }}>{nameOf(item, language)}</Box>,
    },
  ],
  defaultSort: 'date',
  archivable: false,
  schema: ZHolidayInputSchema,
  emptyValues: { country_code: '', date: '', name_en: '', name_fr: '' },
  toFormValues: (item) => ({
    country_code: item.country_code,
    date: item.date,
    name_en: item.name_en,
    name_fr: item.name_fr,
  }),
  Fields: HolidayFields,
};

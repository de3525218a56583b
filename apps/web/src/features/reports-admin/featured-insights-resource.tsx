import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ZFeaturedInsightInputSchema, type TFeaturedInsightAdminItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps, AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { DatePickerField } from '../../components/date-picker.js';
import { formatDate } from '../../lib/format.js';
import { reportsAdminTexts } from './texts.js';
import { useReportOptions } from './use-options.js';
import { Breakable } from '../../components/list/breakable.js';
import { phoneOnly } from '../../components/list/cell-styles.js';

void reportsAdminTexts;

type InsightInput = (typeof ZFeaturedInsightInputSchema)['_zod']['input'];
type Fields = AdminFieldsProps<InsightInput, TFeaturedInsightAdminItem>;

/** The featured insight form: texts in both languages, a report or a link, index and publication day. */
function FeaturedInsightFields({ control, readOnly, item }: Fields) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const options = useReportOptions();
  const reports =
    options.data?.results ?? (item?.report ? [{ id: item.report.id, name: item.report.title }] : []);
  const label = (name: string) => t(`reportsAdmin.insights.fields.${name}`);
  const text = (name: 'title_en' | 'title_fr' | 'summary_en' | 'summary_fr') => (
    <FormTextField
      control={control}
      name={name}
      label={label(name)}
      fullWidth
      required={name.startsWith('title')}
      multiline={name.startsWith('summary')}
      minRows={name.startsWith('summary') ? 2 : undefined}
      slotProps={{ input: { readOnly }, htmlInput: { lang: name.slice(-2), 'data-testid': `field-${name}` } }}
    />
  );
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {text('title_en')}
        {text('title_fr')}
      </Box>
      {text('summary_en')}
      {text('summary_fr')}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormSelectField
          control={control}
          name="report_id"
          label={label('report_id')}
          helperText={t('reportsAdmin.insights.reportOrLinkHelp')}
          options={[
            { value: '', label: t('reportsAdmin.insights.noReport') },
            ...reports.map((report) => ({ value: String(report.id), label: report.name[language] })),
          ]}
          slotProps={{
            input: { readOnly },
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'field-report_id' },
          }}
        />
        <FormTextField
          control={control}
          name="link_url"
          type="url"
          label={label('link_url')}
          slotProps={{ input: { readOnly }, htmlInput: { 'data-testid': 'field-link_url' } }}
        />
        <FormTextField
          control={control}
          name="index"
          type="number"
          label={label('index')}
          slotProps={{ input: { readOnly }, htmlInput: { min: 0, max: 9999 } }}
        />
        <DatePickerField
          control={control}
          name="published_on"
          label={label('published_on')}
          required
          readOnly={readOnly}
        />
      </Box>
    </>
  );
}

/** The admin Featured Insights (`/auth/config/featured-insights`): the home page's list, edited in a dialog. */
export const featuredInsightsResource: AdminResourceConfig<
  TFeaturedInsightAdminItem,
  typeof ZFeaturedInsightInputSchema
> = {
  name: 'featured-insights',
  app: 'core',
  model: 'featuredinsight',
  texts: {
    title: 'routes.featuredInsights',
    intro: 'reportsAdmin.insights.intro',
    create: 'reportsAdmin.insights.create',
    edit: 'reportsAdmin.insights.edit',
    caption: 'reportsAdmin.insights.caption',
    empty: 'reportsAdmin.insights.empty',
  },
  label: (item, language) => (language === 'fr' ? item.title_fr : item.title_en),
  columns: (t, language) => [
    {
      key: 'title',
      label: t('reportsAdmin.insights.title'),
      sortKey: 'title',
      render: (item) => (
        <>
          <Box sx={{ fontWeight: 500 }}>{language === 'fr' ? item.title_fr : item.title_en}</Box>
          {/* On a phone the date column is hidden (the title's words keep the width): it shows here. */}
          <Box sx={{ ...phoneOnly, color: 'text.secondary', fontSize: '0.875rem' }}>
            {formatDate(item.published_on, language)}
          </Box>
        </>
      ),
    },
    {
      key: 'shows',
      label: t('reportsAdmin.insights.shows'),
      hideBelow: 'sm',
      render: (item) =>
        item.report ? (
          item.report.title[language]
        ) : (
          <Link href={item.link_url} target="_blank" rel="noopener noreferrer">
            <Breakable>{item.link_url}</Breakable>
          </Link>
        ),
    },
    {
      key: 'index',
      label: t('reportsAdmin.insights.index'),
      sortKey: 'index',
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.index,
    },
    {
      key: 'published_on',
      label: t('reportsAdmin.insights.publishedOn'),
      sortKey: 'published_on',
      hideBelow: 'sm',
      render: (item) => formatDate(item.published_on, language),
    },
  ],
  defaultSort: 'index',
  archivable: true,
  schema: ZFeaturedInsightInputSchema,
  emptyValues: {
    title_en: '',
    title_fr: '',
    summary_en: '',
    summary_fr: '',
    report_id: '',
    link_url: '',
    index: 0,
    published_on: new Date().toISOString().slice(0, 10),
  },
  toFormValues: (item) => ({
    title_en: item.title_en,
    title_fr: item.title_fr,
    summary_en: item.summary_en,
    summary_fr: item.summary_fr,
    report_id: item.report_id === null ? '' : String(item.report_id),
    link_url: item.link_url,
    index: item.index,
    published_on: item.published_on,
  }),
  Fields: FeaturedInsightFields,
  dialogWidth: 'md',
};

import Box from '@mui/material/Box';
import { ZReportTagInputSchema, type TReportTagAdminItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps, AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { FormTextField } from '../../components/form/form-fields.js';
import { formatDate } from '../../lib/format.js';
import { reportsAdminTexts } from './texts.js';
import { Breakable } from '../../components/list/breakable.js';

void reportsAdminTexts;

type TagInput = (typeof ZReportTagInputSchema)['_zod']['input'];

/** The report tag form: its name in both languages (the slug follows the English name). */
function ReportTagFields({ control, readOnly }: AdminFieldsProps<TagInput, TReportTagAdminItem>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {(['name_en', 'name_fr'] as const).map((name) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={t(`reportsAdmin.tags.fields.${name}`)}
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

/** Report tags (spec 2 `/auth/config/report-tags`): no archive, a purge removes the tag from its reports. */
export const reportTagsResource: AdminResourceConfig<TReportTagAdminItem, typeof ZReportTagInputSchema> = {
  name: 'report-tags',
  app: 'core',
  model: 'reporttag',
  texts: {
    title: 'routes.reportTags',
    intro: 'reportsAdmin.tags.intro',
    create: 'reportsAdmin.tags.create',
    edit: 'reportsAdmin.tags.edit',
    caption: 'reportsAdmin.tags.caption',
    empty: 'reportsAdmin.tags.empty',
  },
  label: (item, language) => (language === 'fr' ? item.name_fr : item.name_en),
  columns: (t, language) => [
    {
      key: 'name',
      label: t('reportsAdmin.tags.name'),
      sortKey: language === 'fr' ? 'name_fr' : 'name',
      render: (item) => <Box sx={{ fontWeight: 500 }}>{language === 'fr' ? item.name_fr : item.name_en}</Box>,
    },
    {
      key: 'slug',
      label: t('reportsAdmin.tags.slug'),
      hideBelow: 'sm',
      render: (item) => (
        <Box sx={{ fontFamily: 'monospace' }}>
          <Breakable>{item.slug}</Breakable>
        </Box>
      ),
    },
    {
      key: 'reports',
      label: t('reportsAdmin.tags.reportCount'),
      align: 'right',
      render: (item) => item.report_count.toLocaleString(language),
    },
    {
      key: 'created_at',
      label: t('reportsAdmin.tags.createdAt'),
      sortKey: 'created_at',
      hideBelow: 'sm',
      render: (item) => formatDate(item.created_at, language),
    },
  ],
  defaultSort: 'name',
  archivable: false,
  schema: ZReportTagInputSchema,
  emptyValues: { name_en: '', name_fr: '' },
  toFormValues: (item) => ({ name_en: item.name_en, name_fr: item.name_fr }),
  Fields: ReportTagFields,
};

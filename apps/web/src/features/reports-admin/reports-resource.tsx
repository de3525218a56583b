import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { reportDisplayTypes, ZReportInputSchema, type TReportAdminItem } from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { formatDate } from '../../lib/format.js';
import { FeaturedToggle } from './featured-toggle.js';
import { ReportFields } from './report-fields.js';
import { emptyReportValues, reportFormValues } from './report-form-values.js';
import { reportsAdminTexts } from './texts.js';

void reportsAdminTexts;

const titleOf = (item: TReportAdminItem, language: 'en' | 'fr') =>
  language === 'fr' ? item.title_fr : item.title_en;

/** Reports (spec 2 `/auth/config/reports`): edited in a wide dialog with the live preview beside. */
export const reportsResource: AdminResourceConfig<TReportAdminItem, typeof ZReportInputSchema> = {
  name: 'reports',
  app: 'core',
  model: 'report',
  texts: {
    title: 'routes.reports',
    intro: 'reportsAdmin.reports.intro',
    create: 'reportsAdmin.reports.create',
    edit: 'reportsAdmin.reports.edit',
    caption: 'reportsAdmin.reports.caption',
    empty: 'reportsAdmin.reports.empty',
  },
  label: titleOf,
  columns: (t, language) => [
    {
      key: 'title',
      label: t('reportsAdmin.reports.title'),
      sortKey: 'title',
      render: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ fontWeight: 500 }}>{titleOf(item, language)}</Box>
          {item.tags.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {item.tags.map((tag) => (
                <Chip key={tag.id} size="small" variant="outlined" label={tag.name[language]} />
              ))}
            </Box>
          )}
          <FeaturedToggle item={item} name={titleOf(item, language)} underTitle />
        </Box>
      ),
    },
    {
      key: 'display_type',
      label: t('reportsAdmin.reports.displayType'),
      sortKey: 'display_type',
      hideBelow: 'sm',
      render: (item) =>
        reportDisplayTypes.find((choice) => choice.value === item.display_type)?.label[language] ??
        item.display_type,
    },
    {
      key: 'index',
      label: t('reportsAdmin.reports.index'),
      sortKey: 'index',
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.index,
    },
    {
      key: 'featured',
      label: t('reportsAdmin.reports.featured'),
      sortKey: 'featured',
      hideBelow: 'sm',
      render: (item) => <FeaturedToggle item={item} name={titleOf(item, language)} />,
    },
    {
      key: 'updated_at',
      label: t('reportsAdmin.reports.updatedAt'),
      sortKey: 'updated_at',
      hideBelow: 'lg',
      render: (item) => formatDate(item.updated_at, language),
    },
  ],
  filters: (t, language) => [
    {
      key: 'display_type',
      label: t('reportsAdmin.reports.displayType'),
      options: reportDisplayTypes.map((choice) => ({ value: choice.value, label: choice.label[language] })),
    },
    {
      key: 'featured',
      label: t('reportsAdmin.reports.featured'),
      options: [
        { value: 'yes', label: t('reportsAdmin.reports.yes') },
        { value: 'no', label: t('reportsAdmin.reports.no') },
      ],
    },
  ],
  defaultSort: 'index',
  archivable: true,
  schema: ZReportInputSchema,
  emptyValues: emptyReportValues as never,
  toFormValues: (item) => reportFormValues(item) as never,
  Fields: ReportFields as never,
  dialogWidth: 'lg',
};

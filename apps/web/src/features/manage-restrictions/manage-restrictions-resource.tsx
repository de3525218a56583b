import Box from '@mui/material/Box';
import { choiceLists, type TRestrictionAdminItem } from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { phoneOnly } from '../../components/list/cell-styles.js';
import { formatDate } from '../../lib/format.js';
import { appData } from '../../session/app-data.js';
import { RestrictionFields } from './restriction-fields.js';
import { emptyRestrictionValues, restrictionFormValues, ZRestrictionFormSchema } from './restriction-form.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

const listRoute = '/auth/manage/restrictions';

/** Manage restrictions (spec 2 `/auth/manage/restrictions`): a list, and each record on its own page. */
export const manageRestrictionsResource: AdminResourceConfig<
  TRestrictionAdminItem,
  typeof ZRestrictionFormSchema
> = {
  name: 'restrictions',
  app: 'restrictions',
  model: 'restriction',
  texts: {
    title: 'routes.manageRestrictions',
    intro: 'manageRestrictions.intro',
    create: 'manageRestrictions.create',
    edit: 'manageRestrictions.edit',
    caption: 'manageRestrictions.caption',
    empty: 'manageRestrictions.empty',
  },
  label: (item) => item.title,
  columns: (t, language) => [
    {
      key: 'title',
      label: t('catalogue.fields.title'),
      sortKey: 'title',
      render: (item) => (
        <>
          <Box sx={{ fontWeight: 500 }}>{item.title}</Box>
          {/* On a phone the country column is hidden: the country goes under the title. */}
          <Box sx={{ ...phoneOnly, color: 'text.secondary', fontSize: '0.875rem' }}>
            {item.country.name[language]}
          </Box>
        </>
      ),
    },
    {
      key: 'country',
      label: t('catalogue.fields.country'),
      sortKey: 'country',
      hideBelow: 'sm',
      render: (item) => item.country.name[language],
    },
    {
      key: 'sector',
      label: t('catalogue.fields.sector'),
      hideBelow: 'sm',
      render: (item) => (item.specific_service ?? item.sub_sector ?? item.sector).name[language],
    },
    {
      key: 'status',
      label: t('catalogue.fields.status'),
      sortKey: 'status',
      hideBelow: 'sm',
      render: (item) =>
        choiceLists.restrictionStatus.find((status) => status.value === item.status)?.label[language] ??
        item.status,
    },
    {
      key: 'updated_at',
      label: t('manageRestrictions.updatedAt'),
      sortKey: 'updated_at',
      hideBelow: 'lg',
      render: (item) => formatDate(item.updated_at, language),
    },
  ],
  filters: (t, language) => {
    const { constants, cache } = appData.getState();
    return [
      {
        key: 'country',
        label: t('catalogue.fields.country'),
        options: (constants?.countries ?? [])
          .filter((country) => country.partner_state)
          .map((country) => ({ value: country.code, label: country.name[language] })),
      },
      {
        key: 'sector',
        label: t('catalogue.fields.sector'),
        options: cache.sectorList
          .filter((sector) => sector.level === 1)
          .map((sector) => ({ value: String(sector.id), label: `${sector.code} ${sector.name[language]}` })),
      },
      {
        key: 'status',
        label: t('catalogue.fields.status'),
        options: choiceLists.restrictionStatus.map((status) => ({
          value: status.value,
          label: status.label[language],
        })),
      },
    ];
  },
  defaultSort: '-updated_at',
  archivable: true,
  schema: ZRestrictionFormSchema,
  emptyValues: emptyRestrictionValues,
  toFormValues: restrictionFormValues,
  Fields: RestrictionFields,
  itemRoute: (id) => `${listRoute}/${id}`,
  listRoute,
};

import Box from '@mui/material/Box';
import { ZSectorInputSchema, type TSectorAdminItem } from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { appData } from '../../session/app-data.js';
import { sectorOptions } from '../commitments/catalogue-fields.js';
import { SectorFields } from './sector-fields.js';
import { sectorsConfigTexts } from './texts.js';

void sectorsConfigTexts;

const nameOf = (item: TSectorAdminItem, language: 'en' | 'fr') =>
  language === 'fr' ? item.name_fr : item.name_en;

/** The W/120 tree (spec 2 `/auth/config/sectors`): an indented list in tree order, edited in a dialog. */
export const sectorsResource: AdminResourceConfig<TSectorAdminItem, typeof ZSectorInputSchema> = {
  name: 'sectors',
  app: 'restrictions',
  model: 'sector',
  texts: {
    title: 'routes.sectorsConfig',
    intro: 'sectorsConfig.intro',
    create: 'sectorsConfig.create',
    edit: 'sectorsConfig.edit',
    caption: 'sectorsConfig.caption',
    empty: 'sectorsConfig.empty',
  },
  label: (item, language) => `${item.code} ${nameOf(item, language)}`,
  columns: (t, language) => [
    {
      key: 'name',
      label: t('sectorsConfig.fields.name'),
      sortKey: 'tree',
      render: (item) => (
        <Box
          sx={{ pl: { xs: (item.level - 1) * 1.5, sm: (item.level - 1) * 3 }, overflowWrap: 'break-word' }}
        >
          <Box
            component="span"
            sx={{ color: 'text.secondary', mr: 0.75, fontVariantNumeric: 'tabular-nums' }}
          >
            {item.code}
          </Box>
          <Box component="span" sx={{ fontWeight: item.level === 1 ? 600 : 400 }}>
            {nameOf(item, language)}
          </Box>
        </Box>
      ),
    },
    {
      key: 'level',
      label: t('sectorsConfig.fields.level'),
      sortKey: 'level',
      hideBelow: 'sm',
      render: (item) => t(`sectorsConfig.level.${item.level}`),
    },
    {
      key: 'cpc',
      label: t('sectorsConfig.fields.cpc'),
      hideBelow: 'lg',
      render: (item) => item.cpc ?? '—',
    },
    {
      key: 'restrictions',
      label: t('sectorsConfig.restrictionCount'),
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.restriction_count.toLocaleString(language),
    },
    {
      key: 'commitments',
      label: t('sectorsConfig.commitmentCount'),
      align: 'right',
      hideBelow: 'lg',
      render: (item) => item.commitment_count.toLocaleString(language),
    },
  ],
  filters: (t, language) => [
    {
      key: 'level',
      label: t('sectorsConfig.fields.level'),
      options: [1, 2, 3].map((value) => ({ value: String(value), label: t(`sectorsConfig.level.${value}`) })),
    },
    {
      key: 'parent',
      label: t('sectorsConfig.parentFilter'),
      options: sectorOptions(appData.getState().cache.sectorList, language, [1, 2]),
    },
  ],
  defaultSort: 'tree',
  archivable: true,
  schema: ZSectorInputSchema,
  emptyValues: {
    level: '1',
    parent: '',
    code: '',
    cpc: '',
    name_en: '',
    name_fr: '',
    description_en: '',
    description_fr: '',
    sort_order: 0,
  },
  toFormValues: (item) => ({
    level: String(item.level),
    parent: item.parent_id === null ? '' : String(item.parent_id),
    code: item.code,
    cpc: item.cpc ?? '',
    name_en: item.name_en,
    name_fr: item.name_fr,
    description_en: item.description_en,
    description_fr: item.description_fr,
    sort_order: item.sort_order,
  }),
  Fields: SectorFields,
  dialogWidth: 'md',
};

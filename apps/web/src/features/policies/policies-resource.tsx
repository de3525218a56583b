import Box from '@mui/material/Box';
import { ZPolicyInputSchema, type TPolicyAdminItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps, AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { FormTextField } from '../../components/form/form-fields.js';
import { formatDate } from '../../lib/format.js';
import { policiesTexts } from './texts.js';

void policiesTexts;

type PolicyInput = (typeof ZPolicyInputSchema)['_zod']['input'];

/** The policy area form: names and descriptions in both languages, and the order in lists. */
function PolicyFields({ control, readOnly }: AdminFieldsProps<PolicyInput, TPolicyAdminItem>) {
  const { t } = useTranslation();
  const text = (name: keyof PolicyInput, lang: 'en' | 'fr', multiline = false) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`policies.fields.${name}`)}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      required={!multiline}
      slotProps={{ input: { readOnly }, htmlInput: { lang } }}
    />
  );
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {text('name_en', 'en')}
        {text('name_fr', 'fr')}
      </Box>
      {text('description_en', 'en', true)}
      {text('description_fr', 'fr', true)}
      <FormTextField
        control={control}
        name="sort_order"
        type="number"
        label={t('policies.fields.sort_order')}
        helperText={t('policies.sortOrderHelp')}
        sx={{ maxWidth: 240 }}
        slotProps={{ input: { readOnly }, htmlInput: { min: 0, max: 9999 } }}
      />
    </>
  );
}

/** Policy areas (spec 2 `/auth/config/policies`): edited in a dialog over the list. */
export const policiesResource: AdminResourceConfig<TPolicyAdminItem, typeof ZPolicyInputSchema> = {
  name: 'policies',
  app: 'restrictions',
  model: 'policy',
  texts: {
    title: 'routes.policies',
    intro: 'policies.intro',
    create: 'policies.create',
    edit: 'policies.edit',
    caption: 'policies.caption',
    empty: 'policies.empty',
  },
  label: (item, language) => (language === 'fr' ? item.name_fr : item.name_en),
  columns: (t, language) => [
    {
      key: 'name',
      label: t('policies.fields.name'),
      sortKey: 'name',
      render: (item) => <Box sx={{ fontWeight: 500 }}>{language === 'fr' ? item.name_fr : item.name_en}</Box>,
    },
    {
      key: 'restrictions',
      label: t('policies.restrictionCount'),
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.restriction_count.toLocaleString(language),
    },
    {
      key: 'sort_order',
      label: t('policies.fields.sort_order'),
      sortKey: 'sort_order',
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.sort_order,
    },
    {
      key: 'updated_at',
      label: t('policies.updatedAt'),
      sortKey: 'updated_at',
      hideBelow: 'sm',
      render: (item) => formatDate(item.updated_at, language),
    },
  ],
  defaultSort: 'sort_order',
  archivable: true,
  schema: ZPolicyInputSchema,
  emptyValues: { name_en: '', name_fr: '', description_en: '', description_fr: '', sort_order: 0 },
  toFormValues: (item) => ({
    name_en: item.name_en,
    name_fr: item.name_fr,
    description_en: item.description_en,
    description_fr: item.description_fr,
    sort_order: item.sort_order,
  }),
  Fields: PolicyFields,
};

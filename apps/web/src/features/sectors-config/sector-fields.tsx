import Box from '@mui/material/Box';
import { type ZSectorInputSchema, adminApiPath, type Paginated, type TSectorAdminItem } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { apiQuery } from '../../api/query.js';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { BilingualTextField } from '../../components/form/bilingual-text-field.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { sectorLabel } from '../commitments/catalogue-fields.js';
import { sectorsConfigTexts } from './texts.js';

void sectorsConfigTexts;

export type SectorInput = (typeof ZSectorInputSchema)['_zod']['input'];

/** The nodes one level up from the given level, read fresh from the admin list (a new parent shows at once). */
function useParentOptions(level: number, language: 'en' | 'fr') {
  const parents = useQuery({
    ...apiQuery<Paginated<TSectorAdminItem>>(adminApiPath('sectors'), {
      level: level - 1,
      page_size: 100,
      state: 'all',
    }),
    enabled: level > 1,
  });
  return (parents.data?.results ?? []).map((row) => ({
    value: String(row.id),
    label: sectorLabel({ level: 1, code: row.code, name: { en: row.name_en, fr: row.name_fr } }, language),
  }));
}

/** The sector form: its place in the tree (level, parent, code, CPC), names, descriptions and order. */
export function SectorFields({ control, readOnly, item }: AdminFieldsProps<SectorInput, TSectorAdminItem>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const level = Number(useWatch({ control, name: 'level' })) || 1;
  const parentOptions = useParentOptions(level, language);
  const input = { readOnly };
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
        <FormSelectField
          control={control}
          name="level"
          label={t('sectorsConfig.fields.level')}
          required
          options={[1, 2, 3].map((value) => ({
            value: String(value),
            label: `${value} · ${t(`sectorsConfig.level.${value}`)}`,
          }))}
          slotProps={{ input }}
        />
        <FormSelectField
          control={control}
          name="parent"
          label={t('sectorsConfig.fields.parent')}
          required={level > 1}
          disabled={level === 1}
          options={level === 1 ? [{ value: '', label: t('sectorsConfig.noParent') }] : parentOptions}
          slotProps={{ input, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={control}
          name="code"
          label={t('sectorsConfig.fields.code')}
          required
          helperText={item ? t('sectorsConfig.slugHelp', { slug: item.slug }) : undefined}
          slotProps={{ input }}
        />
        <FormTextField
          control={control}
          name="cpc"
          label={t('sectorsConfig.fields.cpc')}
          slotProps={{ input }}
        />
      </Box>
      <BilingualTextField
        control={control}
        english="name_en"
        french="name_fr"
        label={t('sectorsConfig.fields.name')}
        required
        frenchRequired
        readOnly={readOnly}
      />
      <BilingualTextField
        control={control}
        english="description_en"
        french="description_fr"
        label={t('sectorsConfig.fields.description')}
        rows={3}
        readOnly={readOnly}
      />
      <FormTextField
        control={control}
        name="sort_order"
        type="number"
        label={t('sectorsConfig.fields.sort_order')}
        helperText={t('sectorsConfig.sortOrderHelp')}
        sx={{ maxWidth: 240 }}
        slotProps={{ input, htmlInput: { min: 0, max: 9999 } }}
      />
    </>
  );
}

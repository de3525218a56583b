import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormSelectField } from '../../components/form/form-fields.js';
import type { CatalogueLabels } from '../catalogue/labels.js';
import type { TRestrictionFormValues } from './restriction-form.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

type Level = 'sector' | 'sub_sector' | 'specific_service';
const labelKeys: Record<Level, string> = {
  sector: 'sector',
  sub_sector: 'subSector',
  specific_service: 'specificService',
};

/**
 * Sector, Sub Sector and Specific Service as cascading selects over the cached sector tree: each lists
 * the children of the one above, and changing one empties those below.
 */
export function SectorCascade({
  form,
  labels,
  readOnly,
}: {
  form: UseFormReturn<TRestrictionFormValues, unknown, unknown>;
  labels: CatalogueLabels;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [sector, subSector] = useWatch({ control: form.control, name: ['sector', 'sub_sector'] });
  // A user's choice of a sector empties the levels below it (a reset of the form does not).
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'sector') form.setValue('sub_sector', '');
      if (name === 'sector' || name === 'sub_sector') form.setValue('specific_service', '');
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const none = { value: '', label: t('manageRestrictions.none') };
  const childrenOf = (parent: string | null, level: 1 | 2 | 3) =>
    labels.sectors
      .filter((node) => node.level === level && (parent === null || String(node.parent_id) === parent))
      .map((node) => ({ value: String(node.id), label: `${node.code} ${node.name[labels.language]}` }));

  const select = (name: Level, options: { value: string; label: string }[], required = false) => (
    <FormSelectField
      control={form.control}
      name={name}
      label={t(`catalogue.fields.${labelKeys[name]}`)}
      required={required}
      fullWidth
      options={required ? options : [none, ...options]}
      disabled={!readOnly && !required && options.length === 0}
      slotProps={{
        input: { readOnly },
        select: { displayEmpty: !required },
        inputLabel: required ? undefined : { shrink: true },
        htmlInput: { 'data-testid': `field-${name}` },
      }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {select('sector', childrenOf(null, 1), true)}
      {select('sub_sector', sector ? childrenOf(sector, 2) : [])}
      {select('specific_service', subSector ? childrenOf(subSector, 3) : [])}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { restrictionApiPaths, type TPolicyRef, type TRestrictionAdminItem } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Path } from 'react-hook-form';
import { apiQuery } from '../../api/query.js';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { BilingualTextField } from '../../components/form/bilingual-text-field.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { translateMessage } from '../../i18n/index.js';
import { useCatalogueLabels, type ChoiceListName } from '../catalogue/labels.js';
import { restrictionFormValues, type TRestrictionFormValues } from './restriction-form.js';
import { SectorCascade } from './sector-cascade.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

type Props = AdminFieldsProps<TRestrictionFormValues, TRestrictionAdminItem>;
type Name = Path<TRestrictionFormValues>;

/** The catalogue's label key of a form field (`sub_sector` → `subSector`). */
const labelKey = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } };

/** Mode Of Supply Affected: one checkbox per mode, in a labelled group. */
function ModesField({ control, readOnly }: Pick<Props, 'control' | 'readOnly'>) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const { field, fieldState } = useController({ control, name: 'modes_of_supply' });
  const selected = field.value ?? [];
  return (
    // Read-only keeps the boxes at full contrast (a disabled look would fail contrast): changes are ignored.
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend">{t('catalogue.fields.modesOfSupply')}</FormLabel>
      <FormGroup row>
        {labels.options('modeOfSupply').map((mode) => (
          <FormControlLabel
            key={mode.value}
            label={mode.label}
            control={
              <Checkbox
                checked={selected.includes(mode.value)}
                slotProps={{ input: { 'aria-readonly': readOnly || undefined } as object }}
                onChange={(event) =>
                  !readOnly &&
                  field.onChange(
                    event.target.checked
                      ? [...selected, mode.value]
                      : selected.filter((value) => value !== mode.value),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {fieldState.error?.message && (
        <FormHelperText>{translateMessage(fieldState.error.message)}</FormHelperText>
      )}
    </FormControl>
  );
}

/**
 * After a save, archive or unarchive the record comes back with a new version: the form takes it when
 * it holds nothing the record lacks, so the next save is not refused as stale. A newer version with
 * other values (someone else's change) is not taken: saving over it answers 409.
 */
function useAdoptSavedVersion(form: Props['form'], item: TRestrictionAdminItem | null) {
  useEffect(() => {
    if (!item) return;
    const incoming = restrictionFormValues(item);
    const current = form.getValues();
    const fields = Object.keys(incoming).filter((key) => key !== 'version') as (keyof typeof incoming)[];
    const same = fields.every((key) => JSON.stringify(current[key]) === JSON.stringify(incoming[key]));
    if (current.version !== incoming.version && (same || !form.formState.isDirty)) form.reset(incoming);
  }, [form, item]);
}

/** Every field of spec 3 in four sections; read-only without the permission to save. */
export function RestrictionFields({ control, form, readOnly, item }: Props) {
  const { t } = useTranslation();
  useAdoptSavedVersion(form, item);
  const labels = useCatalogueLabels();
  const policies = useQuery(apiQuery<{ results: TPolicyRef[] }>(restrictionApiPaths.policies));
  const none = { value: '', label: t('manageRestrictions.none') };
  const common = (name: Name) => ({
    control,
    name,
    label: t(`catalogue.fields.${labelKey(name)}`),
    fullWidth: true,
    slotProps: { input: { readOnly }, htmlInput: { 'data-testid': `field-${name}` } },
  });
  const text = (name: Name, options: { required?: boolean; rows?: number; type?: string } = {}) => (
    <FormTextField
      {...common(name)}
      required={options.required}
      multiline={Boolean(options.rows)}
      minRows={options.rows}
      type={options.type}
    />
  );
  const choice = (name: Name, list: ChoiceListName, optional = true) => (
    <FormSelectField
      {...common(name)}
      options={optional ? [none, ...labels.options(list)] : labels.options(list)}
      required={!optional}
      slotProps={{
        ...common(name).slotProps,
        select: { displayEmpty: optional },
        inputLabel: optional ? { shrink: true } : undefined,
      }}
    />
  );
  const bilingual = (english: Name, french: Name, options: { required?: boolean; rows?: number } = {}) => (
    <BilingualTextField
      control={control}
      english={english}
      french={french}
      label={t(`catalogue.fields.${labelKey(english)}`)}
      required={options.required}
      rows={options.rows}
      readOnly={readOnly}
    />
  );
  const policyOptions = (policies.data?.results ?? []).map((policy) => ({
    value: String(policy.id),
    label: policy.name[labels.language],
  }));

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Section title={t('manageRestrictions.sections.identification')}>
        {bilingual('title', 'title_fr', { required: true })}
        <Box sx={grid}>
          <FormSelectField {...common('country')} required options={labels.partnerStates()} />
          <FormSelectField
            {...common('policy')}
            options={[none, ...policyOptions]}
            slotProps={{
              ...common('policy').slotProps,
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
            }}
          />
        </Box>
      </Section>
      <Section title={t('manageRestrictions.sections.sector')}>
        <SectorCascade form={form} labels={labels} readOnly={readOnly} />
      </Section>
      <Section title={t('manageRestrictions.sections.classification')}>
        <Box sx={grid}>
          {choice('restriction_type', 'restrictionTypes', false)}
          {choice('status', 'restrictionStatus', false)}
          {choice('market_access', 'yesNo', false)}
          {choice('national_treatment', 'yesNo', false)}
          {choice('non_compliance_type', 'nonComplianceTypes')}
          {choice('discriminative', 'discriminativeList')}
          {choice('measure_type', 'typeOfMeasureList')}
          {text('restrictiveness_indicator', { type: 'text' })}
        </Box>
        <ModesField control={control} readOnly={readOnly} />
      </Section>
      <Section title={t('manageRestrictions.sections.measure')}>
        {bilingual('text_of_measure', 'text_of_measure_fr', { rows: 4 })}
        <Box sx={grid}>
          {text('responsible_agency')}
          {text('other_dates')}
          {text('year_introduced')}
          {text('proposed_removal_year')}
          {text('year_removed_or_amended')}
        </Box>
        {text('commitments_made', { rows: 2 })}
        {bilingual('remarks', 'remarks_fr', { rows: 2 })}
      </Section>
    </Box>
  );
}

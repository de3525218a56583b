import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SectorListItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { useController, type FieldValues } from 'react-hook-form';
import { FormSelectField, type FormFieldProps } from '../../components/form/form-fields.js';
import { appData, useAppData } from '../../session/app-data.js';

type Language = 'en' | 'fr';
export interface Option {
  value: string;
  label: string;
}

/** The partner states of the constants list, named in the interface language. */
export function partnerStateOptions(language: Language): Option[] {
  return (appData.getState().constants?.countries ?? [])
    .filter((country) => country.partner_state)
    .map((country) => ({ value: country.code, label: country.name[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** A sector's label: indented by level, with its W/120 code. */
export const sectorLabel = (sector: Pick<SectorListItem, 'level' | 'code' | 'name'>, language: Language) =>
  `${'\u2003'.repeat(sector.level - 1)}${sector.code} ${sector.name[language]}`;

/** The cached sector tree (display order) as options, limited to the given levels. */
export function sectorOptions(
  list: readonly SectorListItem[],
  language: Language,
  levels: number[],
): Option[] {
  return list
    .filter((sector) => levels.includes(sector.level))
    .map((sector) => ({ value: String(sector.id), label: sectorLabel(sector, language) }));
}

/** A select of the partner states. */
export function PartnerStateField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  useAppData((state) => state.constants);
  return <FormSelectField {...props} options={partnerStateOptions(language)} />;
}

/** A select of the sector tree, indented, at the given levels (all by default). */
export function SectorField<T extends FieldValues>({
  levels = [1, 2, 3],
  emptyLabel,
  ...props
}: FormFieldProps<T> & { levels?: number[]; emptyLabel?: string }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const list = useAppData((state) => state.cache.sectorList);
  const options = sectorOptions(list, language, levels);
  // The chosen sector shows without the list's indentation.
  const renderValue = (value: unknown) =>
    options.find((option) => option.value === String(value))?.label.trimStart() ?? emptyLabel ?? '';
  return (
    <FormSelectField
      {...props}
      options={emptyLabel === undefined ? options : [{ value: '', label: emptyLabel }, ...options]}
      slotProps={{
        ...props.slotProps,
        select: { displayEmpty: emptyLabel !== undefined, renderValue },
        ...(emptyLabel === undefined ? {} : { inputLabel: { shrink: true } }),
      }}
    />
  );
}

/** A yes/no checkbox bound to a react-hook-form field. */
export function FormCheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  readOnly,
}: Pick<FormFieldProps<T>, 'control' | 'name'> & { label: string; readOnly: boolean }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={readOnly}
        />
      }
    />
  );
}

import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { restrictionTypes, type Choice } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { FormSelectField, FormTextField, type FormFieldProps } from '../../components/form/form-fields.js';
import { useAppData } from '../../session/app-data.js';

/** The interface language as a key of the constants' labels. */
export function useLabelLanguage(): 'en' | 'fr' {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'en';
}

/** A choice's label in the interface language, or the raw value when the list does not know it. */
export function choiceLabel(
  list: readonly Choice[],
  value: string | null | undefined,
  language: 'en' | 'fr',
) {
  if (!value) return '';
  return list.find((choice) => choice.value === value)?.label[language] ?? value;
}

/** A country's name in the interface language, from the constants. */
export function useCountryName(): (code: string | null | undefined) => string {
  const language = useLabelLanguage();
  const countries = useAppData((state) => state.constants?.countries ?? []);
  return (code) => (code ? (countries.find((c) => c.code === code)?.name[language] ?? code) : '');
}

/** Type Of Restriction: the constants list `restrictionTypes`. */
export function RestrictionTypeField<T extends FieldValues>(props: FormFieldProps<T>) {
  const language = useLabelLanguage();
  const options = restrictionTypes.map((choice) => ({ value: choice.value, label: choice.label[language] }));
  return <FormSelectField {...props} options={options} />;
}

/** Country Of Occurrence: the partner states first, then every other country, each group by name. */
export function OccurrenceCountryField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { t } = useTranslation();
  const language = useLabelLanguage();
  const countries = useAppData((state) => state.constants?.countries ?? []);
  const sorted = [...countries].sort((a, b) => a.name[language].localeCompare(b.name[language], language));
  const partners = sorted.filter((country) => country.partner_state);
  const others = sorted.filter((country) => !country.partner_state);
  const item = (country: (typeof countries)[number]) => (
    <MenuItem key={country.code} value={country.code}>
      {country.name[language]}
    </MenuItem>
  );
  return (
    <FormTextField {...props} select>
      {partners.length > 0 && <ListSubheader>{t('complaints.form.partnerStates')}</ListSubheader>}
      {partners.map(item)}
      {others.length > 0 && <ListSubheader>{t('complaints.form.otherCountries')}</ListSubheader>}
      {others.map(item)}
    </FormTextField>
  );
}

/** Sector (optional): the sector list of the client cache, sub-sectors indented under their parent. */
export function SectorField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { t } = useTranslation();
  const language = useLabelLanguage();
  const sectors = useAppData((state) => state.cache.sectorList);
  const ordered = [...sectors].sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
  return (
    <FormTextField {...props} select>
      <MenuItem value="">
        <em>{t('complaints.form.noSector')}</em>
      </MenuItem>
      {ordered.map((sector) => (
        <MenuItem key={sector.id} value={String(sector.id)} sx={{ pl: 2 + (sector.level - 1) * 2 }}>
          {sector.name[language]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

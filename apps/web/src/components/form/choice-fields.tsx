import { supportedLocales } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { useAppData } from '../../session/app-data.js';
import { FormSelectField, type FormFieldProps } from './form-fields.js';

/** Country Of Residence and the like: every country of the constants list, named in the interface language. */
export function CountryField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { i18n } = useTranslation();
  const countries = useAppData((state) => state.constants?.countries ?? []);
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const options = countries
    .map((country) => ({ value: country.code, label: country.name[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return <FormSelectField {...props} options={options} />;
}

/** Locale: the supported interface languages (spec 1), each named in its own language. */
export function LocaleField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { t } = useTranslation();
  const options = supportedLocales.map((locale) => ({ value: locale, label: t(`language.name.${locale}`) }));
  return <FormSelectField {...props} options={options} />;
}

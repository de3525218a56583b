import { dateRange, type Locale } from '@stp/shared';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR } from '@mui/x-date-pickers/locales';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { format, isValid, parse } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSupportedLocale, translateMessage } from '../i18n/index.js';
import { dateLocales } from '../lib/date-locales.js';
import { formatDate } from '../lib/format.js';
import './form/texts.js';

/** How a date picker's value is kept in a form: a `yyyy-MM-dd` string, or null for no date. */
export const pickerValueFormat = 'yyyy-MM-dd';

const pickerTexts: Record<Locale, typeof frFR.components.MuiLocalizationProvider.defaultProps.localeText> = {
  en: {},
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
};

const readDay = (value: string) => parse(value, pickerValueFormat, new Date());
const minDate = readDay(dateRange.min);
const maxDate = readDay(dateRange.max);

/** A form value as the picker's date: null when empty or not a `yyyy-MM-dd` date. */
export function fromPickerValue(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = readDay(value);
  return isValid(date) ? date : null;
}

/** Spec 9: a picked date within 1900-01-01 to 2099-12-31 as `yyyy-MM-dd`; anything else is no date. */
export function toPickerValue(date: Date | null): string | null {
  if (!date || !isValid(date)) return null;
  const day = format(date, pickerValueFormat);
  return day >= dateRange.min && day <= dateRange.max ? day : null;
}

export type DatePickerFieldProps<T extends FieldValues> = Omit<
  DatePickerProps,
  'name' | 'value' | 'onChange' | 'onError' | 'minDate' | 'maxDate'
> & {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
};

/**
 * A date picker bound to a react-hook-form field (spec 9: 1900-01-01 to 2099-12-31, weeks from Sunday, in
 * the interface language). The field holds a `yyyy-MM-dd` string or null; an unreadable or out-of-range
 * date is never passed to the form and is flagged on the field.
 */
export function DatePickerField<T extends FieldValues>({
  control,
  name,
  helperText,
  required,
  fullWidth,
  slotProps,
  ...props
}: DatePickerFieldProps<T>) {
  const { t, i18n } = useTranslation();
  const locale: Locale = isSupportedLocale(i18n.language) ? i18n.language : 'en';
  const { field, fieldState } = useController({ control, name });
  // What is typed is kept here: a half-typed date is not a form value, yet must stay on screen.
  const [draft, setDraft] = useState<{ date: Date | null; value: unknown }>(() => ({
    date: fromPickerValue(field.value),
    value: field.value,
  }));
  const [pickerError, setPickerError] = useState<DateValidationError>(null);
  if (draft.value !== field.value) setDraft({ date: fromPickerValue(field.value), value: field.value });

  let message: ReactNode = helperText;
  if (pickerError === 'minDate' || pickerError === 'maxDate')
    message = t('datePicker.outOfRange', {
      min: formatDate(minDate, locale),
      max: formatDate(maxDate, locale),
    });
  else if (pickerError) message = t('datePicker.invalid');
  else if (fieldState.error?.message) message = translateMessage(fieldState.error.message);

  // The empty sections read as the text date fields' placeholder (date-field.tsx): jj/mm/aaaa, dd/mm/yyyy.
  const [day = '', month = '', year = ''] = t('dateField.placeholder').split('/');
  const localeText = {
    ...pickerTexts[locale],
    fieldDayPlaceholder: () => day,
    fieldMonthPlaceholder: () => month,
    fieldYearPlaceholder: () => year,
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateLocales[locale]}
      localeText={localeText}
    >
      <DatePicker
        {...props}
        name={field.name}
        value={draft.date}
        minDate={minDate}
        maxDate={maxDate}
        inputRef={field.ref}
        onError={setPickerError}
        onChange={(date) => {
          const value = toPickerValue(date);
          setDraft({ date, value });
          field.onChange(value);
        }}
        slotProps={{
          ...slotProps,
          textField: {
            required,
            fullWidth,
            onBlur: field.onBlur,
            error: Boolean(pickerError) || Boolean(fieldState.error),
            helperText: message,
          },
        }}
      />
    </LocalizationProvider>
  );
}

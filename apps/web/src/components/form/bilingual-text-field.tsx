import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-fields.js';

/**
 * One bilingual text of a record, edited side by side (stacked on a phone): the English field and its
 * French translation, each labelled with its language and marked with `lang` (spell checking, screen
 * readers). The French one may stay empty: the public side then shows the English text, marked.
 */
export function BilingualTextField<T extends FieldValues>({
  control,
  english,
  french,
  label,
  required = false,
  rows,
  readOnly = false,
  frenchRequired = false,
  frenchHelp = !frenchRequired,
}: {
  control: Control<T, unknown, unknown>;
  english: Path<T>;
  french: Path<T>;
  /** The field's name in the interface language ("Title"). */
  label: string;
  /** The English text is required (the French one never is: it falls back to English). */
  required?: boolean;
  /** Rows of a long text; a one-line field without it. */
  rows?: number;
  readOnly?: boolean;
  /** Names and such the record needs in both languages (a sector's name): French required too. */
  frenchRequired?: boolean;
  /** Shows under the French field that it may stay empty. */
  frenchHelp?: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: Path<T>, lang: 'en' | 'fr') => (
    <FormTextField
      control={control}
      name={name}
      label={t(`language.fieldIn.${lang}`, { field: label })}
      required={lang === 'en' ? required : frenchRequired}
      fullWidth
      multiline={Boolean(rows)}
      minRows={rows}
      helperText={lang === 'fr' && frenchHelp && !readOnly ? t('language.notTranslated') : undefined}
      slotProps={{
        input: { readOnly },
        htmlInput: { lang, 'data-testid': `field-${name}` },
      }}
    />
  );
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`bilingual-${english}`}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}
    >
      {field(english, 'en')}
      {field(french, 'fr')}
    </Box>
  );
}

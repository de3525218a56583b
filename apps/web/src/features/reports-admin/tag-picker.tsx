import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { TReportTagRef } from '@stp/shared';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { useTagOptions } from './use-options.js';

/** The report's tags: a multiple choice among every tag, bound to `tag_ids`. */
export function TagPicker<T extends FieldValues>(props: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  readOnly: boolean;
  /** The record's tags, shown while the options load (and to readers). */
  current: TReportTagRef[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const options = useTagOptions();
  const all = options.data?.results ?? props.current;
  const ids = (field.value ?? []) as number[];
  const value = ids
    .map((id) => all.find((tag) => tag.id === id))
    .filter((tag): tag is TReportTagRef => !!tag);
  const message = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      options={all}
      value={value}
      readOnly={props.readOnly}
      loading={options.isLoading}
      getOptionLabel={(tag) => tag.name[language]}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, tags) => field.onChange(tags.map((tag) => tag.id))}
      onBlur={field.onBlur}
      noOptionsText={t('reportsAdmin.reports.noTags')}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag.name[language]} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('reportsAdmin.reports.fields.tag_ids')}
          error={Boolean(message)}
          helperText={message ? translateMessage(message) : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tag-picker' },
          }}
        />
      )}
    />
  );
}

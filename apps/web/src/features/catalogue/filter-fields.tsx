import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface Option {
  value: string;
  label: string;
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while a server-rendered page hydrates, true once the app runs: a plain form
 * until then (native selects that work without JavaScript), MUI's menus after.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface FilterSelectProps {
  id: string;
  /** The field's name in the plain GET form: the query parameter it sets. */
  name: string;
  label: string;
  value: string;
  options: Option[];
  /** Several values, kept as one comma list. */
  multiple?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A filter as a select: "Any" or one value, or several values as a comma list. */
export function FilterSelect(props: FilterSelectProps) {
  const { id, name, label, value, options, multiple, disabled, onChange } = props;
  const { t } = useTranslation();
  const running = useAppRunning();
  const labels = new Map(options.map((option) => [option.value, option.label]));
  const common = {
    id,
    name,
    label,
    size: 'small' as const,
    margin: 'dense' as const,
    disabled,
    'data-testid': `filter-${id}`,
  };
  if (!running) {
    // Before the app runs: a native select a plain form submits (several values: once per value).
    const chosen = value.split(',').filter((item) => labels.has(item));
    return (
      <TextField
        {...common}
        select
        defaultValue={multiple ? chosen : (chosen[0] ?? '')}
        slotProps={{
          // MUI's Select passes `multiple` to its own menu only: the native select takes it as an attribute.
          select: { native: true },
          htmlInput: { multiple, 'data-testid': `filter-${id}` },
          inputLabel: { shrink: true },
        }}
      >
        {!multiple && <option value="">{t('catalogue.filters.any')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
    );
  }
  if (multiple) {
    const selected = value ? value.split(',').filter((item) => labels.has(item)) : [];
    return (
      <TextField
        {...common}
        select
        value={selected}
        onChange={(event) => {
          const next = event.target.value as unknown as string[] | string;
          onChange((Array.isArray(next) ? next : next.split(',')).join(','));
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (chosen) => {
              const list = chosen as string[];
              return list.length === 0
                ? t('catalogue.filters.any')
                : list.map((item) => labels.get(item)).join(', ');
            },
          },
          inputLabel: { shrink: true },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value} dense>
            <Checkbox checked={selected.includes(option.value)} size="small" sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      select
      value={labels.has(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('catalogue.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const yearPattern = /^(19|20)\d\d$/;

/** A year of introduction: applied once it is a whole year from 1900 to 2099 (or empty). */
export function YearField(props: {
  id: string;
  /** The field's name in the plain GET form. */
  name: string;
  label: string;
  value: string;
  /** A message when the year conflicts with the other end of the range. */
  conflict?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const [text, setText] = useState(value);
  // The address changed (Back, a link, Clear filters): show its year.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const invalid = text !== '' && !yearPattern.test(text);
  const apply = (next: string) => {
    if (next !== value && (next === '' || yearPattern.test(next))) onChange(next);
  };
  const error = invalid ? t('catalogue.filters.yearInvalid') : props.conflict;
  return (
    <TextField
      id={props.id}
      name={props.name}
      label={props.label}
      value={text}
      size="small"
      margin="dense"
      placeholder={t('catalogue.filters.yearPlaceholder')}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const next = event.target.value.replace(/\D/g, '').slice(0, 4);
        setText(next);
        if (next === '' || next.length === 4) apply(next);
      }}
      onBlur={() => apply(text)}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': `filter-${props.id}` },
        inputLabel: { shrink: true },
      }}
    />
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightField } from '../../components/filters/light-field.js';

// The browse filters' select is the lists' shared one.
export { FilterSelect, useAppRunning, type Option } from '../../components/filters/filter-select.js';

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
    <LightField id={props.id} label={props.label} margin="dense" error={Boolean(error)} helperText={error}>
      <input
        id={props.id}
        name={props.name}
        className="light-control"
        value={text}
        placeholder={t('catalogue.filters.yearPlaceholder')}
        inputMode="numeric"
        maxLength={4}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${props.id}-helper-text` : undefined}
        data-testid={`filter-${props.id}`}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '').slice(0, 4);
          setText(next);
          if (next === '' || next.length === 4) apply(next);
        }}
        onBlur={() => apply(text)}
      />
    </LightField>
  );
}

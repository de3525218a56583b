import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightField } from '../../components/filters/light-field.js';

const debounceMs = 400;

/** The free-text search: applied 400 ms after typing stops, or at once on Enter. */
export function SearchBox({
  value,
  onSearch,
  form,
}: {
  value: string;
  onSearch: (text: string) => void;
  /** The id of the plain GET form the words are sent with (as `q`) when JavaScript is not running. */
  form?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address changed (Back, a link, Clear filters): show its search.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onSearch(next.trim());
  };

  return (
    <LightField
      id="restriction-search"
      label={t('catalogue.browse.searchLabel')}
      start={<Search aria-hidden />}
      end={
        text ? (
          <IconButton
            aria-label={t('catalogue.browse.clearSearch')}
            edge="end"
            onClick={() => {
              setText('');
              submit('');
            }}
          >
            <Clear />
          </IconButton>
        ) : undefined
      }
    >
      <input
        id="restriction-search"
        name="q"
        type="text"
        className="light-control"
        placeholder={t('catalogue.browse.searchPlaceholder')}
        value={text}
        maxLength={200}
        enterKeyHint="search"
        form={form}
        data-testid="search-input"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(next), debounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit(text);
          }
        }}
      />
    </LightField>
  );
}

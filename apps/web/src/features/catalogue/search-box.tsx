import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
    <TextField
      id="restriction-search"
      name="q"
      label={t('catalogue.browse.searchLabel')}
      placeholder={t('catalogue.browse.searchPlaceholder')}
      value={text}
      margin="none"
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
      slotProps={{
        htmlInput: { maxLength: 200, 'data-testid': 'search-input', enterKeyHint: 'search', form },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
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
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

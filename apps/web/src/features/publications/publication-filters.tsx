import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppRunning } from '../catalogue/filter-fields.js';

export interface Option {
  value: string;
  label: string;
}

/** The address of the publications list. */
export const publicationsPath = '/public/publications';

/** A filter of the list: a native select a plain form sends before the app runs, MUI's menu after. */
function FilterSelect(props: {
  name: 'year' | 'type';
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const running = useAppRunning();
  const known = props.options.some((option) => option.value === props.value);
  const common = {
    id: `publications-${props.name}`,
    name: props.name,
    label: props.label,
    size: 'small' as const,
    select: true,
    'data-testid': `filter-${props.name}`,
  };
  if (!running)
    return (
      <TextField
        {...common}
        defaultValue={known ? props.value : ''}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('content.publications.any')}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
    );
  return (
    <TextField
      {...common}
      value={known ? props.value : ''}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{t('content.publications.any')}</em>
      </MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Year and type: a plain GET form whose fields are named as the address's query, so that without
 * JavaScript (or before it runs) "Apply filters" sends them to the server; with it, a change applies at once.
 */
export function PublicationFilters(props: {
  year: string;
  type: string;
  years: Option[];
  types: Option[];
  onChange: (name: 'year' | 'type', value: string) => void;
}) {
  const { t } = useTranslation();
  const running = useAppRunning();
  return (
    <Box
      component="form"
      method="get"
      action={publicationsPath}
      role="search"
      aria-label={t('content.publications.filters')}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(2, 12rem) auto' },
        justifyContent: 'start',
      }}
    >
      <FilterSelect
        name="year"
        label={t('content.publications.year')}
        value={props.year}
        options={props.years}
        onChange={(value) => props.onChange('year', value)}
      />
      <FilterSelect
        name="type"
        label={t('content.publications.type')}
        value={props.type}
        options={props.types}
        onChange={(value) => props.onChange('type', value)}
      />
      <Box sx={{ display: 'flex', gap: 1, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        {!running && (
          <Button type="submit" variant="contained">
            {t('content.publications.apply')}
          </Button>
        )}
        {(props.year || props.type) && (
          // A link: it clears the filters without JavaScript too.
          <Button component={RouterLink} to={publicationsPath} data-testid="clear-filters">
            {t('content.publications.clear')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterSelect, useAppRunning, type Option } from '../../components/filters/filter-select.js';

export type { Option };

/** The address of the publications list. */
export const publicationsPath = '/public/publications';

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
        id="publications-year"
        name="year"
        testId="filter-year"
        anyLabel={t('content.publications.any')}
        margin="normal"
        label={t('content.publications.year')}
        value={props.year}
        options={props.years}
        onChange={(value) => props.onChange('year', value)}
      />
      <FilterSelect
        id="publications-type"
        name="type"
        testId="filter-type"
        anyLabel={t('content.publications.any')}
        margin="normal"
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

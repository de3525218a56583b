import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../list/use-list-params.js';
import type { AdminFilter } from './admin-resource.js';

/** The list's search box (applied after a pause in typing) and its filter selects, with Clear. */
export function AdminFilterBar({ params, filters }: { params: ListParams<string>; filters: AdminFilter[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(params.filters.q ?? '');
  const applied = params.filters.q ?? '';
  // Back, a link or Clear changes the address: the box follows it (state adjusted while rendering).
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setSearch(applied);
  }
  useEffect(() => {
    if (search.trim() === applied) return undefined;
    const timer = setTimeout(() => params.update({ q: search.trim() }), 400);
    return () => clearTimeout(timer);
  }, [search, applied, params]);
  const filtered = Boolean(applied) || filters.some((filter) => params.filters[filter.key]);

  return (
    <Box
      component="search"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
      }}
    >
      <TextField
        size="small"
        margin="none"
        type="search"
        label={t('admin.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') params.update({ q: search.trim() });
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'admin-search' },
        }}
      />
      {filters.map((filter) => (
        <TextField
          key={filter.key}
          select
          size="small"
          margin="none"
          label={filter.label}
          value={params.filters[filter.key] ?? ''}
          onChange={(event) => params.update({ [filter.key]: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `filter-${filter.key}` } }}
        >
          <MenuItem value="">{t('admin.any')}</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {filtered && (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button onClick={() => params.clear()}>{t('admin.clearFilters')}</Button>
        </Box>
      )}
    </Box>
  );
}

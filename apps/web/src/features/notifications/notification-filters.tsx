import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../components/list/use-list-params.js';
import { usePartnerStates, useStatusOptions } from './labels.js';

export const notificationFilterKeys = ['q', 'status', 'country', 'from', 'to'] as const;
export type NotificationFilterKey = (typeof notificationFilterKeys)[number];

/** A filter select with "Any" first. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const known = props.options.some((option) => option.value === props.value);
  return (
    <TextField
      select
      size="small"
      id={props.id}
      label={props.label}
      value={known ? props.value : ''}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`filter-${props.id}`}
    >
      <MenuItem value="">
        <em>{t('content.notifications.any')}</em>
      </MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Search, status, country and the notification-date range, all kept in the address. */
export function NotificationFilters({ params }: { params: ListParams<NotificationFilterKey> }) {
  const { t } = useTranslation();
  const { filters } = params;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a stable callback of useListParams
  const update = params.update;
  const [search, setSearch] = useState(filters.q);
  // The address changed under the box (back button, clear): show its search.
  const [shown, setShown] = useState(filters.q);
  if (shown !== filters.q) {
    setShown(filters.q);
    if (search.trim() !== filters.q) setSearch(filters.q);
  }
  // The address follows the search box after a short pause, not on every key.
  useEffect(() => {
    if (search.trim() === filters.q) return undefined;
    const timer = window.setTimeout(() => update({ q: search.trim() }), 400);
    return () => window.clearTimeout(timer);
  }, [search, filters.q, update]);
  const active = notificationFilterKeys.some((key) => filters[key]);
  const dateProps = {
    size: 'small' as const,
    type: 'date',
    slotProps: { inputLabel: { shrink: true }, htmlInput: { min: '1900-01-01', max: '2099-12-31' } },
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        update({ q: search.trim() });
      }}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: '2fr 1fr 1fr 1fr 1fr auto' },
        alignItems: 'center',
      }}
    >
      <TextField
        size="small"
        type="search"
        id="notification-search"
        label={t('content.notifications.search')}
        placeholder={t('content.notifications.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        data-testid="filter-q"
      />
      <FilterSelect
        id="status"
        label={t('content.notifications.status')}
        value={filters.status}
        options={useStatusOptions()}
        onChange={(status) => update({ status })}
      />
      <FilterSelect
        id="country"
        label={t('content.notifications.country')}
        value={filters.country}
        options={usePartnerStates()}
        onChange={(country) => update({ country })}
      />
      <TextField
        {...dateProps}
        id="notification-from"
        label={t('content.notifications.from')}
        value={filters.from}
        onChange={(event) => update({ from: event.target.value })}
        data-testid="filter-from"
      />
      <TextField
        {...dateProps}
        id="notification-to"
        label={t('content.notifications.to')}
        value={filters.to}
        onChange={(event) => update({ to: event.target.value })}
        data-testid="filter-to"
      />
      <Button
        onClick={() => params.clear()}
        disabled={!active}
        data-testid="clear-filters"
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'end', md: 'auto' } }}
      >
        {t('content.notifications.clear')}
      </Button>
    </Box>
  );
}

import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/date-field.js';
import { FilterSelect } from '../../components/filters/filter-select.js';
import type { ListParams } from '../../components/list/use-list-params.js';
import { usePartnerStates, useStatusOptions } from './labels.js';

export const notificationFilterKeys = ['q', 'status', 'country', 'from', 'to'] as const;
export type NotificationFilterKey = (typeof notificationFilterKeys)[number];

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
        anyLabel={t('content.notifications.any')}
        margin="normal"
        label={t('content.notifications.status')}
        value={filters.status}
        options={useStatusOptions()}
        onChange={(status) => update({ status })}
      />
      <FilterSelect
        id="country"
        anyLabel={t('content.notifications.any')}
        margin="normal"
        label={t('content.notifications.country')}
        value={filters.country}
        options={usePartnerStates()}
        onChange={(country) => update({ country })}
      />
      <DateField
        size="small"
        id="notification-from"
        label={t('content.notifications.from')}
        value={filters.from}
        onChange={(from) => update({ from })}
        data-testid="filter-from"
      />
      <DateField
        size="small"
        id="notification-to"
        label={t('content.notifications.to')}
        value={filters.to}
        onChange={(to) => update({ to })}
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

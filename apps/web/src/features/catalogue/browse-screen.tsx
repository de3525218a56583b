import './texts.js';
import FilterList from '@mui/icons-material/FilterList';
import SearchOff from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  restrictionApiPaths,
  type TPolicyRef,
  type TRestrictionListResponse,
  type TSectorPage,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { BrowseHeader } from './browse-header.js';
import { useBrowseParams } from './browse-params.js';
import { clearedBrowsePath, FilterPanel } from './filter-panel.js';
import { useCatalogueLabels } from './labels.js';
import { ResultsCards } from './results-cards.js';
import { ResultsTable } from './results-table.js';
import { ResultsToolbar } from './results-toolbar.js';
import { SearchBox } from './search-box.js';
import { SectorOverview } from './sector-overview.js';

/** Browse Restrictions (`/public/browse/{category?}`): filters, search, sorting, pages, downloads. */
export function BrowseScreen() {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const params = useBrowseParams();
  const location = useLocation();
  // Filters beside the results from 900 px; the results as a table where it has room (1200 px).
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // On phones the closed panel's fields are not rendered until it is first opened: a dozen selects are
  // the largest part of the first render's work on a slow phone.
  const [filtersShown, setFiltersShown] = useState(false);

  const sectorPage = useQuery({
    ...apiQuery<TSectorPage>(restrictionApiPaths.sector(params.category)),
    enabled: params.category !== '',
  });
  const unknownSector = sectorPage.error instanceof ApiError && sectorPage.error.status === 404;
  const { year_from: from, year_to: to } = params.filters;
  const yearConflict = from !== '' && to !== '' && Number(from) > Number(to);
  const list = useQuery({
    ...apiQuery<TRestrictionListResponse>(restrictionApiPaths.list, params.apiQuery),
    placeholderData: keepPreviousData,
    enabled: !yearConflict && !unknownSector,
  });
  // The results render as a deferred update: React renders them in slices, so a slow phone stays
  // responsive while twenty cards appear (the previous results stay shown, marked loading, meanwhile).
  const data = useDeferredValue(list.data ?? undefined);
  const loading = list.isFetching || data !== (list.data ?? undefined);

  const policies = useQuery(apiQuery<{ results: TPolicyRef[] }>(restrictionApiPaths.policies));
  const policyOptions = (policies.data?.results ?? []).map((policy) => ({
    value: policy.slug,
    label: policy.name[labels.language],
  }));
  const filters = <FilterPanel params={params} policies={policyOptions} />;
  return (
    <>
      {params.category && sectorPage.data ? (
        <SectorOverview page={sectorPage.data} labels={labels} />
      ) : params.category && sectorPage.isPending ? (
        <Box sx={{ mb: 3 }} data-testid="sector-skeleton">
          <Typography variant="h1">
            <Skeleton width="50%" />
          </Typography>
          <Skeleton width="80%" />
        </Box>
      ) : (
        <BrowseHeader />
      )}
      {unknownSector && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="unknown-sector">
          {t('catalogue.browse.unknownSector')}{' '}
          <RouterLink to={clearedBrowsePath(location.search)}>{t('catalogue.sector.seeAll')}</RouterLink>
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper
          component="aside"
          variant="outlined"
          sx={{ p: { xs: 1, md: 2 } }}
          aria-labelledby="filters-heading"
        >
          {desktop ? (
            <>
              <Typography id="filters-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
                {t('catalogue.filters.title')}
              </Typography>
              {filters}
            </>
          ) : (
            <>
              <Typography id="filters-heading" variant="h2" sx={{ m: 0, fontSize: 'inherit' }}>
                <Button
                  fullWidth
                  variant="text"
                  aria-expanded={filtersOpen}
                  aria-controls="filters-panel"
                  onClick={() => {
                    setFiltersShown(true);
                    setFiltersOpen((open) => !open);
                  }}
                  startIcon={<FilterList />}
                  endIcon={<Badge badgeContent={params.activeFilters} color="primary" sx={{ ml: 1.5 }} />}
                  sx={{ justifyContent: 'flex-start' }}
                  data-testid="filters-toggle"
                >
                  {t('catalogue.filters.title')}
                </Button>
              </Typography>
              <Collapse in={filtersOpen} id="filters-panel">
                {filtersShown && filters}
              </Collapse>
            </>
          )}
        </Paper>
        <Box component="section" aria-labelledby="results-heading" sx={{ minWidth: 0 }}>
          <Box sx={{ mb: 2 }}>
            <SearchBox value={params.filters.q} onSearch={(q) => params.setFilters({ q })} />
          </Box>
          <ResultsToolbar params={params} count={yearConflict ? 0 : data?.count} />
          {yearConflict ? (
            <Alert severity="error">{t('catalogue.filters.yearOrder')}</Alert>
          ) : list.isError && !data ? (
            <Alert
              severity="error"
              action={<Button onClick={() => void list.refetch()}>{t('list.retry')}</Button>}
              data-testid="results-error"
            >
              {t('catalogue.browse.loadError')}
            </Alert>
          ) : data && data.count === 0 ? (
            <EmptyResults clearTo={clearedBrowsePath(location.search)} />
          ) : wide ? (
            <ResultsTable
              params={params}
              rows={data?.results}
              count={data?.count ?? 0}
              loading={loading}
              labels={labels}
            />
          ) : (
            <ResultsCards
              params={params}
              rows={data?.results}
              count={data?.count ?? 0}
              loading={loading}
              labels={labels}
            />
          )}
        </Box>
      </Box>
    </>
  );
}

function EmptyResults({ clearTo }: { clearTo: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="empty-state">
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
        <SearchOff />
      </Box>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('catalogue.browse.empty')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('catalogue.browse.emptyHint')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={clearTo} data-testid="empty-clear-filters">
        {t('catalogue.filters.clear')}
      </Button>
    </Paper>
  );
}

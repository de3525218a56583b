import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { restrictionApiPaths, type TRestrictionListResponse } from '@stp/shared';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useApiRead } from '../../api/use-api-read.js';
import type { BrowseParams } from './browse-params.js';
import { clearedBrowsePath } from './filter-panel.js';
import { queryInLanguage } from './highlight.js';
import type { CatalogueLabels } from './labels.js';
import { Notice } from './light-parts.js';
import { ResultsCards } from './results-cards.js';
import { ResultsTable } from './results-table.js';
import { ResultsToolbar } from './results-toolbar.js';

interface BrowseResultsProps {
  params: BrowseParams;
  labels: CatalogueLabels;
  /** The results as a table (wide screens) rather than cards. */
  wide: boolean;
  /** No list to ask for: the path names an unknown sector. */
  unknownSector: boolean;
}

/**
 * The results of Browse Restrictions: their count, sort and downloads, then the page of results.
 * The list's query lives here, not in the screen: each change of its state (fetching, the answer)
 * re-renders this part only. React renders a query's change synchronously, in one task, so on a slow
 * phone the whole screen re-rendered at each of them was a long task.
 */
export function BrowseResults({ params, labels, wide, unknownSector }: BrowseResultsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { year_from: from, year_to: to } = params.filters;
  const yearConflict = from !== '' && to !== '' && Number(from) > Number(to);
  const list = useApiRead<TRestrictionListResponse>(
    restrictionApiPaths.list,
    queryInLanguage(params.apiQuery, labels.language),
    { keepPrevious: true, enabled: !yearConflict && !unknownSector },
  );
  // The results render as a deferred update: React renders them in slices, so a slow phone stays
  // responsive while twenty cards appear (the previous results stay shown, marked loading, meanwhile).
  const data = useDeferredValue(list.data ?? undefined);
  const loading = list.isFetching || data !== (list.data ?? undefined);
  const Results = wide ? ResultsTable : ResultsCards;
  return (
    <>
      <ResultsToolbar params={params} count={yearConflict ? 0 : data?.count} />
      {yearConflict ? (
        <Notice severity="error">{t('catalogue.filters.yearOrder')}</Notice>
      ) : list.isError && !data ? (
        <Notice
          severity="error"
          action={<Button onClick={() => list.refetch()}>{t('list.retry')}</Button>}
          data-testid="results-error"
        >
          {t('catalogue.browse.loadError')}
        </Notice>
      ) : data && data.count === 0 ? (
        <EmptyResults clearTo={clearedBrowsePath(location.search)} />
      ) : (
        <Results
          params={params}
          rows={data?.results}
          count={data?.count ?? 0}
          loading={loading}
          labels={labels}
        />
      )}
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

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TRestrictionListItem } from '@stp/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/list/data-table.js';
import { useRowsInSteps } from '../../lib/use-rows-in-steps.js';
import type { CatalogueLabels } from './labels.js';
import {
  ModesText,
  ResultExcerpt,
  ResultTitle,
  StatusChip,
  SectorLine,
  type ResultsProps,
} from './result-parts.js';

/** The results as cards (phones and narrow screens), with the same pagination as the table. */
export function ResultsCards({ params, rows, count, loading, labels }: ResultsProps) {
  // A phone's first page of results appears five cards per commit (each commit's layout a short task).
  const shownRows = useRowsInSteps(rows, 5);
  return (
    <Box data-testid="results-cards" aria-busy={loading ? true : undefined}>
      <Stack
        component="ol"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: loading && rows ? 0.6 : 1 }}
      >
        {!rows &&
          Array.from({ length: 4 }, (_, index) => (
            <Paper key={index} component="li" variant="outlined" sx={{ p: 2 }} data-testid="row-skeleton">
              <Skeleton width="80%" />
              <Skeleton width="50%" />
              <Skeleton width="30%" />
            </Paper>
          ))}
        {shownRows?.map((row) => (
          <ResultCard key={row.id} row={row} labels={labels} />
        ))}
      </Stack>
      <ListPagination
        count={count}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page, pageSize) => params.update({ page, page_size: pageSize })}
      />
    </Box>
  );
}

/**
 * One result as a card. Memoised: the list re-renders when its loading state changes, and the cards
 * whose row has not changed stay as they are.
 */
const ResultCard = memo(function ResultCard({
  row,
  labels,
}: {
  row: TRestrictionListItem;
  labels: CatalogueLabels;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        <ResultTitle row={row} />
      </Typography>
      <SectorLine row={row} labels={labels} />
      <ResultExcerpt row={row} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.5,
          mt: 1.5,
          mb: 1,
          fontSize: '0.875rem',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('catalogue.columns.country')}</dt>
        <dd>{row.country.name[labels.language]}</dd>
        <dt>{t('catalogue.columns.type')}</dt>
        <dd>{labels.choice('restrictionTypes', row.restriction_type)}</dd>
        <dt>{t('catalogue.columns.modes')}</dt>
        <dd>
          <ModesText modes={row.modes_of_supply} labels={labels} />
        </dd>
        <dt>{t('catalogue.columns.year')}</dt>
        <dd>{row.year_introduced ?? '–'}</dd>
      </Box>
      <StatusChip status={row.status} labels={labels} />
    </Paper>
  );
});

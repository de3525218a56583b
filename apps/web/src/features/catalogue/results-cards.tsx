import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import type { TRestrictionListItem } from '@stp/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/list/list-pagination.js';
import { useRowsInSteps } from '../../lib/use-rows-in-steps.js';
import type { CatalogueLabels } from './labels.js';
import { LineSkeleton } from './light-parts.js';
import {
  ModesText,
  ResultExcerpt,
  resultPartsStyles,
  ResultTitle,
  StatusChip,
  SectorLine,
  type ResultsProps,
} from './result-parts.js';

/** The cards' list: the cards and their parts styled by class names, one rule set for the page. */
const CardList = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  ...resultPartsStyles(theme),
  '& .result-card': {
    padding: theme.spacing(2),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    // Cards below the screen are not styled, laid out or painted until they come near it (they stay
    // in the page for screen readers and find-in-page); the size holds their place meanwhile.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 240px',
  },
  '& .result-card h3': { ...theme.typography.h3, fontSize: '1rem', margin: `0 0 ${theme.spacing(0.5)}` },
  '& .result-card dl': {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: theme.spacing(1.5),
    rowGap: theme.spacing(0.5),
    margin: `${theme.spacing(1.5)} 0 ${theme.spacing(1)}`,
    fontFamily: theme.typography.fontFamily,
    fontSize: '0.875rem',
    color: theme.palette.text.primary,
  },
  '& .result-card dt': { color: theme.palette.text.secondary },
  '& .result-card dd': { margin: 0, minWidth: 0, overflowWrap: 'break-word' },
}));

/** The results as cards (phones and narrow screens), with the same pagination as the table. */
export function ResultsCards({ params, rows, count, loading, labels }: ResultsProps) {
  // A phone's first page of results appears five cards per commit (each commit's layout a short task).
  const shownRows = useRowsInSteps(rows, 5);
  return (
    <Box data-testid="results-cards" aria-busy={loading ? true : undefined}>
      <CardList style={{ opacity: loading && rows ? 0.6 : 1 }}>
        {!rows &&
          Array.from({ length: 4 }, (_, index) => (
            <li key={index} className="result-card" data-testid="row-skeleton">
              <LineSkeleton width="80%" />
              <LineSkeleton width="50%" />
              <LineSkeleton width="30%" />
            </li>
          ))}
        {shownRows?.map((row) => (
          <ResultCard key={row.id} row={row} labels={labels} />
        ))}
      </CardList>
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
 * One result as a card: plain elements, styled by the list (`CardList`). Memoised: the list re-renders
 * when its loading state changes, and the cards whose row has not changed stay as they are.
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
    <li className="result-card">
      <h3>
        <ResultTitle row={row} />
      </h3>
      <SectorLine row={row} labels={labels} />
      <ResultExcerpt row={row} />
      <dl>
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
      </dl>
      <StatusChip status={row.status} labels={labels} />
    </li>
  );
});

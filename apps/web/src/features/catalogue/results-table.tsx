import Typography from '@mui/material/Typography';
import type { TRestrictionListItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/list/data-table.js';
import {
  ModesText,
  ResultExcerpt,
  ResultTitle,
  StatusChip,
  sectorLine,
  type ResultsProps,
} from './result-parts.js';

/** The results as a sortable table (screens from 900 px). */
export function ResultsTable({ params, rows, count, loading, labels }: ResultsProps) {
  const { t } = useTranslation();
  const columns: DataColumn<TRestrictionListItem>[] = [
    {
      key: 'title',
      label: t('catalogue.columns.title'),
      sortKey: 'title',
      render: (row) => (
        <>
          <ResultTitle row={row} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {sectorLine(row, labels)}
          </Typography>
          <ResultExcerpt row={row} />
        </>
      ),
    },
    {
      key: 'country',
      label: t('catalogue.columns.country'),
      sortKey: 'country',
      render: (row) => row.country.name[labels.language],
    },
    {
      key: 'type',
      label: t('catalogue.columns.type'),
      render: (row) => labels.choice('restrictionTypes', row.restriction_type),
    },
    {
      key: 'modes',
      label: t('catalogue.columns.modes'),
      render: (row) => <ModesText modes={row.modes_of_supply} labels={labels} />,
    },
    {
      key: 'year',
      label: t('catalogue.columns.year'),
      sortKey: 'year_introduced',
      align: 'right',
      render: (row) => row.year_introduced ?? '–',
    },
    {
      key: 'status',
      label: t('catalogue.columns.status'),
      render: (row) => <StatusChip status={row.status} labels={labels} />,
    },
  ];
  return (
    <DataTable
      testId="results-table"
      caption={t('catalogue.browse.resultsCaption', { page: params.page })}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      count={count}
      page={params.page}
      pageSize={params.pageSize}
      sort={params.sort}
      onSort={(sort) => params.update({ sort })}
      onPage={(page, pageSize) => params.update({ page, page_size: pageSize })}
      loading={loading}
    />
  );
}

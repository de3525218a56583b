import type { TRestrictionListItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/list/data-table.js';
import {
  ModesText,
  ResultExcerpt,
  ResultParts,
  ResultTitle,
  StatusChip,
  SectorLine,
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
        <div>
          <ResultTitle row={row} />
          <SectorLine row={row} labels={labels} />
          <ResultExcerpt row={row} />
        </div>
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
    <ResultParts sx={columnWidths}>
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
    </ResultParts>
  );
}

// The browser's own (auto) layout: a column is never narrower than its longest word, so French words stay
// whole ("démocratique", "discriminatoire"); a fixed layout with set widths split them whatever the widths,
// as no width suits both languages. The title column asks for the most room (a preferred width the others'
// longest words come before); only it may break a long token (an address in an excerpt), which would
// otherwise widen the table.
const columnWidths = {
  '& th:first-of-type': { width: '42%', minWidth: 200 },
  '& td:first-of-type': { overflowWrap: 'anywhere' },
  '& td': { verticalAlign: 'top' },
} as const;

import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Paper from '@mui/material/Paper';
import { alpha, darken, lighten, styled } from '@mui/material/styles';
import type { TRestrictionListItem } from '@stp/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/list/list-pagination.js';
import { refreshBarStyles, useOverflowsX } from '../../components/list/table-parts.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
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

// The results as a plain table in the look of the lists' DataTable (MUI's small table, its sort labels,
// refresh bar and scroll region), styled by class names like the cards: MUI's table family cost Browse
// Restrictions' first view about 4 KB compressed at every width (the JavaScript budget, issue 30).

const TableBox = styled(Paper)(({ theme }) => {
  const line =
    theme.palette.mode === 'light'
      ? lighten(alpha(theme.palette.divider, 1), 0.88)
      : darken(alpha(theme.palette.divider, 1), 0.68);
  return {
    ...resultPartsStyles(theme),
    '& .refresh-slot': { height: 4 },
    '& .refresh-bar': refreshBarStyles(theme),
    '& .table-scroller': { width: '100%', overflowX: 'auto' },
    '& table': { width: '100%', borderCollapse: 'collapse', borderSpacing: 0 },
    '& th, & td': {
      ...theme.typography.body2,
      textAlign: 'left',
      padding: '6px 16px',
      borderBottom: `1px solid ${line}`,
      color: theme.palette.text.primary,
      // Words stay whole (the theme's rule for every table cell): the browser's automatic layout makes
      // a column as wide as its longest word, so French words are never split.
      overflowWrap: 'break-word',
      wordBreak: 'normal',
      hyphens: 'manual',
      [theme.breakpoints.down('sm')]: { paddingLeft: 8, paddingRight: 8 },
    },
    '& th': { lineHeight: '1.5rem', fontWeight: theme.typography.fontWeightMedium },
    '& td': { verticalAlign: 'top' },
    // Only a token marked breakable (components/list/breakable.tsx) may break inside itself.
    '& td :not([data-breakable])': { overflowWrap: 'break-word', wordBreak: 'normal' },
    '& .cell-right': { textAlign: 'right', flexDirection: 'row-reverse' },
    '& tbody tr:hover': { backgroundColor: theme.palette.action.hover },
    // The title column asks for the most room; only it may break a long token (an address in an excerpt).
    '& th:first-of-type': { width: '42%', minWidth: 200 },
    '& td:first-of-type': { overflowWrap: 'anywhere' },
    '& .sort-label': {
      font: 'inherit',
      color: 'inherit',
      background: 'none',
      border: 0,
      padding: 0,
      cursor: 'pointer',
      display: 'inline-flex',
      alignItems: 'center',
      flexDirection: 'inherit',
      '&:hover': { color: theme.palette.text.secondary, '& .sort-icon': { opacity: 0.5 } },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      '&.sort-active': { color: theme.palette.text.primary, '& .sort-icon': { opacity: 1 } },
    },
    '& .sort-icon': {
      fontSize: 18,
      margin: '0 4px',
      opacity: 0,
      color: theme.palette.text.secondary,
      transition: 'opacity 200ms, transform 200ms',
    },
    '& .sort-asc .sort-icon': { transform: 'rotate(180deg)' },
  };
});

interface Column {
  key: string;
  label: string;
  /** The API's sort name. */
  sortKey?: string;
  right?: boolean;
  render: (row: TRestrictionListItem) => ReactNode;
}

/** The results as a sortable table (screens from 1200 px). */
export function ResultsTable({ params, rows, count, loading, labels }: ResultsProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const [scrollerRef, scrolls] = useOverflowsX();
  const descending = params.sort.startsWith('-');
  const sortedBy = descending ? params.sort.slice(1) : params.sort;
  const columns: Column[] = [
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
      right: true,
      render: (row) => row.year_introduced ?? '–',
    },
    {
      key: 'status',
      label: t('catalogue.columns.status'),
      render: (row) => <StatusChip status={row.status} labels={labels} />,
    },
  ];
  const header = (column: Column) => {
    if (!column.sortKey) return column.label;
    const active = sortedBy === column.sortKey;
    const ascending = !(active && descending);
    return (
      <button
        type="button"
        className={`sort-label${active ? ' sort-active' : ''}${ascending ? ' sort-asc' : ''}`}
        onClick={() =>
          params.update({ sort: active && !descending ? `-${column.sortKey}` : column.sortKey! })
        }
      >
        {column.label}
        <ArrowDownward className="sort-icon" />
      </button>
    );
  };
  return (
    <TableBox variant="outlined" data-testid="results-table">
      {/* A refresh keeps the rows at full contrast and shows its progress above them. */}
      <div className="refresh-slot">{loading && rows && <div className="refresh-bar" aria-hidden />}</div>
      {/* When its columns are wider than the screen, the table scrolls in its own named region, which a
          keyboard can reach and scroll. */}
      <div
        ref={scrollerRef}
        className="table-scroller"
        role={scrolls ? 'region' : undefined}
        aria-labelledby={scrolls ? captionId : undefined}
        tabIndex={scrolls ? 0 : undefined}
        data-testid="table-scroller"
      >
        <table aria-busy={loading ? true : undefined}>
          <caption id={captionId} style={visuallyHidden}>
            {t('catalogue.browse.resultsCaption', { page: params.page })}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.right ? 'cell-right' : undefined}
                  aria-sort={
                    column.sortKey && sortedBy === column.sortKey
                      ? descending
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                >
                  {header(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              !rows &&
              Array.from({ length: Math.min(params.pageSize, 8) }, (_, index) => (
                <tr key={`skeleton-${index}`} data-testid="row-skeleton">
                  {columns.map((column) => (
                    <td key={column.key}>
                      <LineSkeleton />
                    </td>
                  ))}
                </tr>
              ))}
            {rows?.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.key} className={column.right ? 'cell-right' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination
        count={count}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page, pageSize) => params.update({ page, page_size: pageSize })}
      />
    </TableBox>
  );
}

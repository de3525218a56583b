import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { breakableAttribute } from './breakable.js';
import { hiddenBelow, type ColumnBreakpoint } from './cell-styles.js';
import { ListPagination } from './list-pagination.js';
import { refreshBarStyles, useOverflowsX } from './table-parts.js';

export { ListPagination };

/** A refresh in progress, above the rows. */
const RefreshBar = styled('div')(({ theme }) => refreshBarStyles(theme));

export interface DataColumn<T> {
  /** Unique within the table. */
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The API's sort name for this column; absent when the column does not sort. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  /**
   * Hidden below this breakpoint, header and cells alike, so that the table fits its box: on a phone
   * (`sm`, 600 px) only the columns a row cannot do without stay; `md`, `lg` and `xl` fold more away
   * on tablets and laptops, where a signed-in screen also gives room to its navigation.
   */
  hideBelow?: ColumnBreakpoint;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  count: number;
  page: number;
  pageSize: number;
  /** `name` or `-name` (descending). */
  sort: string;
  onSort?: (sort: string) => void;
  onPage: (page: number, pageSize: number) => void;
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  pageSizes?: number[];
  testId?: string;
}

// Words stay whole in every cell, whatever a column's own styles say: only a token marked breakable
// (Breakable: an address, slug, URL, e-mail) may break inside itself. A column too wide for a phone then
// scrolls sideways inside the table's region, never the page.
const wholeWords = {
  [`& td :not([${breakableAttribute}])`]: { overflowWrap: 'break-word', wordBreak: 'normal' },
} as const;

const foldingCell = <T,>(column: DataColumn<T>) =>
  column.hideBelow ? hiddenBelow(column.hideBelow) : undefined;

/** A list as a table: sortable headers, server-side pages, a skeleton while loading, an empty state. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, sort } = props;
  const descending = sort.startsWith('-');
  const sortedBy = descending ? sort.slice(1) : sort;
  const showSkeleton = props.loading && !rows;
  const captionId = useId();
  const [scrollerRef, scrolls] = useOverflowsX();

  return (
    <Paper variant="outlined" data-testid={props.testId}>
      {/* A refresh keeps the rows at full contrast and shows its progress above them. */}
      <Box sx={{ height: 4 }}>{props.loading && rows && <RefreshBar aria-hidden />}</Box>
      {/* When its columns are wider than the screen, the table scrolls in its own named region, which
          a keyboard can reach and scroll. */}
      <TableContainer
        ref={scrollerRef}
        role={scrolls ? 'region' : undefined}
        aria-labelledby={scrolls ? captionId : undefined}
        tabIndex={scrolls ? 0 : undefined}
        data-testid="table-scroller"
      >
        <Table size="small" aria-busy={props.loading ? true : undefined} sx={wholeWords}>
          <caption id={captionId} style={visuallyHidden}>
            {props.caption}
          </caption>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={foldingCell(column)}
                  sortDirection={
                    column.sortKey && sortedBy === column.sortKey ? (descending ? 'desc' : 'asc') : false
                  }
                >
                  {column.sortKey && props.onSort ? (
                    <TableSortLabel
                      active={sortedBy === column.sortKey}
                      direction={sortedBy === column.sortKey && descending ? 'desc' : 'asc'}
                      onClick={() =>
                        props.onSort?.(
                          sortedBy === column.sortKey && !descending ? `-${column.sortKey}` : column.sortKey!,
                        )
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {showSkeleton &&
              Array.from({ length: Math.min(props.pageSize, 8) }, (_, index) => (
                <TableRow key={`skeleton-${index}`} data-testid="row-skeleton">
                  {columns.map((column) => (
                    <TableCell key={column.key} sx={foldingCell(column)}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {rows?.map((row) => (
              <TableRow key={props.rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align} sx={foldingCell(column)}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <EmptyState>{props.empty ?? t('list.empty')}</EmptyState>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        count={props.count}
        page={props.page}
        pageSize={props.pageSize}
        onPage={props.onPage}
        pageSizes={props.pageSizes}
      />
    </Paper>
  );
}

/** The text of an empty list or search, centred and quiet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ py: 5, textAlign: 'center' }} data-testid="empty-state">
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

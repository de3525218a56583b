import type { Paginated } from '@stp/shared';
import { DataTable, type DataTableProps } from './data-table.js';
import { LoadError } from './load-error.js';
import type { ListParams } from './use-list-params.js';

/** What the table needs of a TanStack query of one page of a list. */
export interface ListQuery<T> {
  data?: Paginated<T> | null;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

type Wired = 'rows' | 'count' | 'page' | 'pageSize' | 'sort' | 'onSort' | 'onPage' | 'loading';

/**
 * A paginated list query shown as a DataTable whose sort and pages live in the address (useListParams);
 * a failed first load shows the retry alert instead.
 */
export function ListQueryTable<T>({
  params,
  query,
  loadErrorText,
  ...table
}: Omit<DataTableProps<T>, Wired> & {
  params: Pick<ListParams<string>, 'page' | 'pageSize' | 'sort' | 'update'>;
  query: ListQuery<T>;
  loadErrorText?: string;
}) {
  if (query.isError && !query.data)
    return <LoadError text={loadErrorText} onRetry={() => void query.refetch()} />;
  return (
    <DataTable
      {...table}
      rows={query.data?.results}
      count={query.data?.count ?? 0}
      page={params.page}
      pageSize={params.pageSize}
      sort={params.sort}
      onSort={(sort) => params.update({ sort })}
      onPage={(page, pageSize) => params.update({ page, page_size: pageSize })}
      loading={query.isFetching}
    />
  );
}

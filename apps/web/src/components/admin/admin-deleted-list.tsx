import Alert from '@mui/material/Alert';
import {
  adminApiPath,
  adminDeletedDefaultSort,
  adminDeletedSorts,
  type Paginated,
  type TAdminDeletedRecord,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { apiQuery } from '../../api/query.js';
import { formatDateTime } from '../../lib/format.js';
import type { DataColumn } from '../list/data-table.js';
import { ListQueryTable } from '../list/list-query-table.js';
import type { ListParams } from '../list/use-list-params.js';
import type { AdminItem, AdminResourceConfig, Language } from './admin-resource.js';
import { adminTexts } from './texts.js';

void adminTexts;

/** The purged record's name as the resource names it (as its purge dialog did), else the server's label. */
function deletedLabel<Item extends AdminItem>(
  resource: Pick<AdminResourceConfig<Item, z.ZodType<unknown, FieldValues>>, 'label'>,
  deleted: TAdminDeletedRecord,
  language: Language,
): string {
  try {
    // The stored form is the record as the screens read it when it was purged; an older form may lack
    // a field the resource's label reads now, hence the fallbacks.
    const named = deleted.record ? resource.label(deleted.record as unknown as Item, language) : '';
    if (typeof named === 'string' && named.trim() && !named.includes('undefined')) return named;
  } catch {
    // Falls through to the label the server took from the stored form.
  }
  return deleted.label || `#${deleted.id}`;
}

const sortable = (sort: string) => (adminDeletedSorts as readonly string[]).includes(sort.replace(/^-/, ''));

/**
 * The Deleted view of an admin list (spec 3's flag Deleted On): the resource's purged records with
 * their name, Deleted On and Deleted By, read from the purges' audit rows. Read-only: a purge cannot
 * be undone, so there is no action on a row.
 */
export function AdminDeletedList<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  params: ListParams<string>;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const { resource, params } = props;
  // The address may still hold the other view's sort: the Deleted list sorts by its own columns only.
  const sort = sortable(params.sort) ? params.sort : adminDeletedDefaultSort;
  const query = useQuery({
    ...apiQuery<Paginated<TAdminDeletedRecord>>(adminApiPath(resource.name), {
      state: 'deleted',
      q: params.filters.q ?? '',
      page: params.page,
      page_size: params.pageSize,
      sort,
    }),
    placeholderData: keepPreviousData,
  });
  const [nameColumn] = resource.columns(t, language);

  const columns: DataColumn<TAdminDeletedRecord>[] = [
    {
      key: 'label',
      label: nameColumn?.label ?? t('admin.deletedRecord'),
      render: (deleted) => deletedLabel(resource, deleted, language),
    },
    {
      key: 'deleted_on',
      label: t('admin.deletedOn'),
      sortKey: 'deleted_on',
      render: (deleted) => formatDateTime(deleted.deleted_on, language),
    },
    {
      key: 'deleted_by',
      label: t('admin.deletedBy'),
      sortKey: 'deleted_by',
      render: (deleted) =>
        deleted.deleted_by?.name || deleted.deleted_by?.email || t('admin.deletedByUnknown'),
    },
  ];

  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="deleted-note">
        {t('admin.deletedNote')}
      </Alert>
      <ListQueryTable
        caption={t('admin.deletedCaption', { list: t(resource.texts.title) })}
        columns={columns}
        rowKey={(deleted) => deleted.id}
        params={{ ...params, sort }}
        query={query}
        empty={params.filters.q ? t('admin.noMatch') : t('admin.deletedEmpty')}
        testId="admin-deleted-list"
      />
    </>
  );
}

import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { adminRecordStates } from '@stp/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { DataColumn } from '../list/data-table.js';
import { ListQueryTable } from '../list/list-query-table.js';
import { useListParams } from '../list/use-list-params.js';
import { ScreenHeading } from '../screen-heading.js';
import type { AdminItem, AdminResourceConfig, Language } from './admin-resource.js';
import { AdminDeletedList } from './admin-deleted-list.js';
import { AdminFilterBar } from './admin-filter-bar.js';
import { AdminFormDialog } from './admin-form-dialog.js';
import { AdminRecordActions } from './admin-record-actions.js';
import { useAdminAccess, useAdminList } from './use-admin.js';

/**
 * The list screen of an admin area: search, filters, Active / Archived / All / Deleted, sort and pages
 * in the address; Create and the row actions only for what the user may do; edit in a dialog or on the
 * record's own page. Deleted lists the purged records, read-only (AdminDeletedList).
 */
export function AdminListScreen<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  /** More buttons beside Create (import, template download ...). */
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { resource } = props;
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const filters = useMemo(() => resource.filters?.(t, language) ?? [], [resource, t, language]);
  const keys = useMemo(() => ['q', 'state', ...filters.map((filter) => filter.key)], [filters]);
  const params = useListParams(keys, { sort: resource.defaultSort });
  const access = useAdminAccess(resource);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  // Archivable records have Active / Archived / All; purged ones are listed (Deleted) to staff who
  // may view the list, as the server allows.
  const states = adminRecordStates.filter((value) => {
    if (value === 'deleted') return access.canViewDeleted;
    return value === 'active' || resource.archivable;
  });
  const state = states.find((value) => value === params.filters.state) ?? 'active';
  const query = useAdminList<Item>(resource, { ...params.query, state }, state !== 'deleted');

  const open = (item: Item | 'new') => {
    if (resource.itemRoute) void navigate(resource.itemRoute(item === 'new' ? 'new' : item.id));
    else setEditing(item);
  };

  const columns: DataColumn<Item>[] = [
    ...resource.columns(t, language),
    {
      key: 'actions',
      label: t('admin.actions'),
      align: 'right',
      render: (item) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
          {item.archived && state === 'all' && <Chip size="small" label={t('admin.archivedChip')} />}
          <AdminRecordActions
            resource={resource}
            item={item}
            variant="row"
            name={resource.label(item, language)}
            onOpen={() => open(item)}
          />
        </Box>
      ),
    },
  ];

  return (
    <>
      <ScreenHeading
        title={t(resource.texts.title)}
        intro={resource.texts.intro && t(resource.texts.intro)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        {states.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={state}
            // Each view sorts by its own columns: a switch starts from the view's default sort.
            onChange={(_event, value: string | null) =>
              value && params.update({ state: value === 'active' ? null : value, sort: null })
            }
            aria-label={t('admin.stateLabel')}
          >
            {states.map((value) => (
              <ToggleButton key={value} value={value} data-testid={`state-${value}`}>
                {t(`admin.state.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {props.toolbar}
        {access.canAdd && (
          <Button
            variant="contained"
            startIcon={<Add aria-hidden />}
            onClick={() => open('new')}
            data-testid="admin-create"
          >
            {t(resource.texts.create)}
          </Button>
        )}
      </Box>
      <AdminFilterBar params={params} filters={state === 'deleted' ? [] : filters} />
      {state === 'deleted' ? (
        <AdminDeletedList resource={resource} params={params} />
      ) : (
        <ListQueryTable
          caption={t(resource.texts.caption)}
          columns={columns}
          rowKey={(item) => item.id}
          params={params}
          query={query}
          empty={
            params.filters.q || filters.some((filter) => params.filters[filter.key])
              ? t('admin.noMatch')
              : t(resource.texts.empty ?? 'admin.empty')
          }
          testId="admin-list"
        />
      )}
      {editing !== null && (
        <AdminFormDialog
          resource={resource}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

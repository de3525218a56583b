import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { auditApiPaths, type Paginated, type TAuditChoices, type TAuditListItem } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { AdminFilterBar } from '../../components/admin/admin-filter-bar.js';
import { DateField } from '../../components/form/date-field.js';
import '../../components/admin/texts.js';
import type { DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { formatDateTimeParts } from '../../lib/format.js';
import { actionLabel, actorLabel, modelLabel, objectLabel } from './audit-format.js';
import { AuditEntryDialog } from './audit-entry-dialog.js';
import './texts.js';
import { breakableTokens } from '../../components/list/breakable.js';

const filterKeys = ['q', 'model', 'action', 'actor', 'object_id', 'date_from', 'date_to'] as const;

/** `/auth/admin/audit-log` (superusers): every staff change, filtered in the address, one entry's before/after. */
/** When a change was made: the date and the time each on one line, wrapping between them in a narrow column. */
function DateAndTime({ value, language }: { value: string; language: string }) {
  const { date, time } = formatDateTimeParts(value, language);
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {date}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </>
  );
}

export function AuditLogScreen() {
  const { t, i18n } = useTranslation();
  const params = useListParams(filterKeys, { sort: '-created_at' });
  const query = useQuery({
    ...apiQuery<Paginated<TAuditListItem>>(auditApiPaths.list, params.query),
    placeholderData: keepPreviousData,
  });
  const choices = useQuery(apiQuery<TAuditChoices>(auditApiPaths.choices));
  const [open, setOpen] = useState<number | null>(null);
  const { filters } = params;
  const filtered = filterKeys.some((key) => filters[key]);

  const columns: DataColumn<TAuditListItem>[] = [
    {
      key: 'when',
      label: t('auditLog.columns.when'),
      sortKey: 'created_at',
      render: (row) => <DateAndTime value={row.created_at} language={i18n.language} />,
    },
    {
      key: 'who',
      label: t('auditLog.columns.who'),
      sortKey: 'actor',
      hideBelow: 'lg',
      render: (row) => <Box sx={{ minWidth: 120 }}>{breakableTokens(actorLabel(t, row))}</Box>,
    },
    {
      key: 'action',
      label: t('auditLog.columns.action'),
      sortKey: 'action',
      hideBelow: 'sm',
      render: (row) => actionLabel(t, row.action),
    },
    {
      key: 'model',
      label: t('auditLog.columns.model'),
      sortKey: 'model',
      hideBelow: 'lg',
      render: (row) => modelLabel(t, row.model),
    },
    {
      key: 'object',
      label: t('auditLog.columns.object'),
      render: (row) => <Box sx={{ minWidth: 100 }}>{breakableTokens(objectLabel(row))}</Box>,
    },
    {
      key: 'details',
      label: t('auditLog.columns.details'),
      render: (row) => (
        <Button
          size="small"
          onClick={() => setOpen(row.id)}
          aria-label={t('auditLog.viewLabel', { id: row.id })}
          data-testid="audit-open"
        >
          {t('auditLog.view')}
        </Button>
      ),
    },
  ];

  const option = (value: string, label = value) => ({ value, label });
  return (
    <>
      <ScreenHeading title={t('routes.auditLog')} intro={t('auditLog.intro')} />
      <AdminFilterBar
        params={params}
        filters={[
          {
            key: 'model',
            label: t('auditLog.model'),
            options: (choices.data?.models ?? []).map((model) => option(model, modelLabel(t, model))),
          },
          {
            key: 'action',
            label: t('auditLog.action'),
            options: (choices.data?.actions ?? []).map((action) => option(action, actionLabel(t, action))),
          },
        ]}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        {(['date_from', 'date_to'] as const).map((key) => (
          <DateField
            key={key}
            size="small"
            label={t(key === 'date_from' ? 'auditLog.dateFrom' : 'auditLog.dateTo')}
            value={filters[key]}
            onChange={(day) => params.update({ [key]: day })}
            inputAttributes={{ 'data-testid': `filter-${key}` }}
            {...(key === 'date_to' && filters.date_from ? { min: filters.date_from } : {})}
            {...(key === 'date_from' && filters.date_to ? { max: filters.date_to } : {})}
            sx={{ flex: '1 1 170px', maxWidth: { sm: 210 } }}
          />
        ))}
        {filters.actor && (
          <Chip
            label={t('auditLog.actorFilter', { id: filters.actor })}
            onDelete={() => params.update({ actor: null })}
          />
        )}
        {filters.object_id && (
          <Chip
            label={t('auditLog.objectFilter', { id: filters.object_id })}
            onDelete={() => params.update({ object_id: null })}
          />
        )}
      </Box>
      <ListQueryTable
        caption={t('auditLog.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        params={params}
        query={query}
        loadErrorText={t('auditLog.loadError')}
        empty={filtered ? t('auditLog.noMatch') : t('auditLog.empty')}
        testId="audit-table"
      />
      {open !== null && <AuditEntryDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { complaintApiPaths, type Paginated, type TManageComplaintListItem } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import type { ApiFile } from '../../api/client.js';
import { apiQuery } from '../../api/query.js';
import { showError } from '../../components/dialogs/dialogs.js';
import { type DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { formatDate } from '../../lib/format.js';
import { ComplaintFilters, staffFilterKeys } from '../complaints/complaint-filters.js';
import { useCountryName } from '../complaints/complaint-fields.js';
import { OverdueChip, StatusChip, useStageName } from '../complaints/complaint-status.js';
import { briefColumnHiddenBelow, ReferenceCell } from '../complaints/reference-cell.js';
import { IdentityWithheld } from '../complaints/identity-withheld.js';

/** Saves a downloaded file under its name. */
function saveFile(file: ApiFile, fallbackName: string): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The reviewer's Queue (their stages, by due date) or the staff list of every complaint they may see, with CSV export. */
export function StaffListTab({ kind }: { kind: 'queue' | 'all' }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const stageName = useStageName();
  const params = useListParams(staffFilterKeys, {
    sort: kind === 'queue' ? 'stage_due_at' : '-submitted_at',
  });
  const path = kind === 'queue' ? complaintApiPaths.queue : complaintApiPaths.manageList;
  const query = useQuery({
    ...apiQuery<Paginated<TManageComplaintListItem>>(path, params.query),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(params.filters.q);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, page_size: _size, ...filters } = params.query;
      const file = await api.request<ApiFile>(complaintApiPaths.export, { query: filters });
      if (file?.blob) saveFile(file, 'complaints.csv');
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<TManageComplaintListItem>[] = [
    {
      key: 'reference',
      label: t('complaints.list.reference'),
      sortKey: 'reference',
      render: (row) => (
        <ReferenceCell
          reference={row.reference}
          brief={row.brief_description}
          to={`/auth/manage/complaints/${row.id}`}
          testId="open-complaint"
        />
      ),
    },
    {
      key: 'brief',
      label: t('complaints.list.briefDescription'),
      hideBelow: briefColumnHiddenBelow,
      render: (row) => <Box sx={{ minWidth: 140 }}>{row.brief_description}</Box>,
    },
    {
      key: 'country',
      label: t('complaints.list.country'),
      sortKey: 'country',
      hideBelow: 'lg',
      render: (row) => countryName(row.country_code),
    },
    {
      key: 'status',
      label: t('complaints.list.status'),
      sortKey: 'status',
      render: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <StatusChip status={row.status} />
          {row.overdue && <OverdueChip />}
          {row.archived && <Chip size="small" label={t('manageComplaints.list.archived')} />}
        </Box>
      ),
    },
    {
      key: 'stage',
      label: t('complaints.list.stage'),
      sortKey: 'stage',
      hideBelow: 'sm',
      render: (row) => (row.stage ? stageName(row.stage) : '—'),
    },
    {
      key: 'due',
      label: t('manageComplaints.list.due'),
      sortKey: 'stage_due_at',
      hideBelow: 'sm',
      render: (row) => (row.stage_due_at ? formatDate(row.stage_due_at, i18n.language) : '—'),
    },
    {
      key: 'applicant',
      label: t('manageComplaints.list.applicant'),
      hideBelow: 'xl',
      render: (row) => (row.applicant_withheld ? <IdentityWithheld /> : (row.applicant_name ?? '—')),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            params.update({ q: search.trim() });
          }}
          sx={{ flex: '1 1 240px' }}
        >
          <TextField
            size="small"
            fullWidth
            type="search"
            label={t('manageComplaints.list.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onBlur={() => params.update({ q: search.trim() })}
          />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={params.filters.overdue === 'true'}
              onChange={(event) => params.update({ overdue: event.target.checked ? 'true' : null })}
            />
          }
          label={t('manageComplaints.list.overdueOnly')}
        />
        <Button
          variant="outlined"
          startIcon={<FileDownload aria-hidden />}
          onClick={() => void exportCsv()}
          disabled={exporting}
          data-testid="export-csv"
        >
          {exporting ? t('manageComplaints.list.exporting') : t('manageComplaints.list.export')}
        </Button>
      </Box>
      <ComplaintFilters params={params} staff />
      <ListQueryTable
        params={params}
        query={query}
        testId={`${kind}-table`}
        caption={t(
          kind === 'queue' ? 'manageComplaints.list.captionQueue' : 'manageComplaints.list.captionAll',
        )}
        columns={columns}
        rowKey={(row) => row.id}
        empty={kind === 'queue' ? t('manageComplaints.list.emptyQueue') : t('complaints.list.empty')}
      />
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { complaintApiPaths, type Paginated, type TMyComplaintListItem } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { type DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { translateMessage } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import { ComplaintFilters, publicFilterKeys } from '../complaints/complaint-filters.js';
import { useCountryName } from '../complaints/complaint-fields.js';
import { StatusChip } from '../complaints/complaint-status.js';
import { briefColumnHiddenBelow, ReferenceCell } from '../complaints/reference-cell.js';

/** My Complaints: a client's own complaints with their status, each linking to its page. */
export function MyComplaintsTab() {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const params = useListParams(publicFilterKeys, { sort: '-submitted_at' });
  const query = useQuery({
    ...apiQuery<Paginated<TMyComplaintListItem>>(complaintApiPaths.mine, params.query),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<TMyComplaintListItem>[] = [
    {
      key: 'reference',
      label: t('complaints.list.reference'),
      sortKey: 'reference',
      render: (row) => (
        <ReferenceCell
          reference={row.reference}
          brief={row.brief_description}
          to={`/public/complaints/${encodeURIComponent(row.slug)}`}
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
      hideBelow: 'sm',
      render: (row) => countryName(row.country_code),
    },
    {
      key: 'status',
      label: t('complaints.list.status'),
      sortKey: 'status',
      render: (row) => (
        <Box>
          <StatusChip status={row.status} />
          <Box
            sx={{
              typography: 'caption',
              color: 'text.secondary',
              mt: 0.5,
              display: { xs: 'none', sm: 'block' },
            }}
          >
            {translateMessage(row.message)}
          </Box>
        </Box>
      ),
    },
    {
      key: 'submitted',
      label: t('complaints.list.submitted'),
      sortKey: 'submitted_at',
      hideBelow: 'sm',
      render: (row) => formatDate(row.submitted_at, i18n.language),
    },
  ];

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" component={RouterLink} to="/public/complaints">
          {t('manageComplaints.list.register')}
        </Button>
      </Box>
      <ComplaintFilters params={params} />
      <ListQueryTable
        params={params}
        query={query}
        testId="my-complaints-table"
        caption={t('manageComplaints.list.captionMine')}
        columns={columns}
        rowKey={(row) => row.id}
        empty={t('manageComplaints.list.emptyMine')}
      />
    </>
  );
}

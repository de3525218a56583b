import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  complaintApiPaths,
  restrictionTypes,
  type Paginated,
  type TPublicComplaintListItem,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { type DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { formatDate } from '../../lib/format.js';
import { briefColumnHiddenBelow, ReferenceCell } from './reference-cell.js';
import { ComplaintFilters, publicFilterKeys } from './complaint-filters.js';
import { choiceLabel, useCountryName, useLabelLanguage } from './complaint-fields.js';
import { StatusChip, useStageName } from './complaint-status.js';
import { publicComplaintPath } from './public-complaint-view.js';
import './texts.js';

/** `/public/complaints/list` (spec 2): complaints without personal data, filtered in the URL. */
export function ComplaintsListScreen() {
  const { t, i18n } = useTranslation();
  const language = useLabelLanguage();
  const countryName = useCountryName();
  const stageName = useStageName();
  const params = useListParams(publicFilterKeys, { sort: '-submitted_at' });
  const query = useQuery({
    ...apiQuery<Paginated<TPublicComplaintListItem>>(complaintApiPaths.publicList, params.query),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<TPublicComplaintListItem>[] = [
    {
      key: 'reference',
      label: t('complaints.list.reference'),
      sortKey: 'reference',
      render: (row) => (
        <ReferenceCell
          reference={row.reference}
          brief={row.brief_description}
          to={publicComplaintPath(row.reference)}
          testId="complaint-link"
        />
      ),
    },
    {
      key: 'brief',
      label: t('complaints.list.briefDescription'),
      hideBelow: briefColumnHiddenBelow,
      render: (row) => <Box sx={{ minWidth: { sm: 160 } }}>{row.brief_description}</Box>,
    },
    {
      key: 'type',
      label: t('complaints.list.type'),
      hideBelow: 'md',
      render: (row) => choiceLabel(restrictionTypes, row.restriction_type, language),
    },
    {
      key: 'country',
      label: t('complaints.list.country'),
      hideBelow: 'sm',
      sortKey: 'country',
      render: (row) => countryName(row.country_code),
    },
    {
      key: 'status',
      label: t('complaints.list.status'),
      sortKey: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'stage',
      label: t('complaints.list.stage'),
      hideBelow: 'md',
      render: (row) => (row.stage ? stageName(row.stage) : '—'),
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
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ maxWidth: 720 }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('complaints.list.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('complaints.list.intro')}
          </Typography>
        </Box>
        <Button variant="contained" component={RouterLink} to="/public/complaints">
          {t('complaints.list.register')}
        </Button>
      </Box>
      <ComplaintFilters params={params} />
      <ListQueryTable
        params={params}
        query={query}
        testId="complaints-table"
        caption={t('complaints.list.caption')}
        columns={columns}
        rowKey={(row) => row.reference}
        empty={t('complaints.list.empty')}
      />
    </>
  );
}

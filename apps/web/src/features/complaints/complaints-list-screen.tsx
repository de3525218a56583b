import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { complaintApiPaths, type Paginated, type TPublicComplaintListItem } from '@stp/shared';
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
import { useCountryName, useLabelLanguage } from './complaint-fields.js';
import { StatusChip, useStageName } from './complaint-status.js';
import { publicComplaintPath } from './public-complaint-view.js';
import { PublicSummary } from './public-record.js';
import './texts.js';

/**
 * `/public/complaints/list` (spec 2): complaints without personal data, filtered in the URL; each shows the
 * summary its reviewer wrote on closing it, the sector, the outcome and its date.
 */
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

  // The reviewed summary, never the applicant's brief description (docs/complaints-public-record.md).
  const summary = (row: TPublicComplaintListItem) => (
    <PublicSummary record={row} empty={t('complaints.list.noSummary')} />
  );
  const columns: DataColumn<TPublicComplaintListItem>[] = [
    {
      key: 'reference',
      label: t('complaints.list.reference'),
      sortKey: 'reference',
      render: (row) => (
        <ReferenceCell
          reference={row.reference}
          brief={summary(row)}
          to={publicComplaintPath(row.reference)}
          testId="complaint-link"
        />
      ),
    },
    {
      key: 'summary',
      label: t('complaints.list.summary'),
      hideBelow: briefColumnHiddenBelow,
      render: (row) => <Box sx={{ minWidth: { sm: 160 } }}>{summary(row)}</Box>,
    },
    {
      key: 'sector',
      label: t('complaints.list.sector'),
      hideBelow: 'md',
      render: (row) => (row.sector ? (language === 'fr' ? row.sector.name_fr : row.sector.name_en) : '—'),
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
      render: (row) => (
        <>
          <StatusChip status={row.status} />
          {row.closed_at && (
            <Box sx={{ typography: 'body2', color: 'text.secondary', mt: 0.5 }}>
              {t('complaints.list.closedOn', { date: formatDate(row.closed_at, i18n.language) })}
            </Box>
          )}
        </>
      ),
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
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('complaints.list.intro')}
          </Typography>
          <Link
            component={RouterLink}
            to="/public/complaints/performance"
            data-testid="performance-link"
            sx={{ display: 'inline-block', mb: 3 }}
          >
            {t('nav.performance')}
          </Link>
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

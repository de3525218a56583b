import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { complaintApiPaths, complaintStatus, reviewStages, type TComplaintOverview } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { useCountryName, useLabelLanguage } from '../complaints/complaint-fields.js';
import { useStageName } from '../complaints/complaint-status.js';
import { LoadError } from '../../components/list/load-error.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import type { ChartBar } from './overview-charts.js';

const CountsChart = lazy(() => import('./overview-charts.js'));

/** One figure: a number and what it counts. */
function FigureCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
    </Paper>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Chart(props: { bars: ChartBar[]; description: string; seriesLabel: string }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
      <CountsChart {...props} />
    </Suspense>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } } as const;

/** The Overview tab: counts by status, stage and country, overdue counts, median days per stage. */
export function OverviewTab() {
  const { t } = useTranslation();
  const language = useLabelLanguage();
  const stageName = useStageName();
  const countryName = useCountryName();
  const query = useQuery(apiQuery<TComplaintOverview>(complaintApiPaths.overview));
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data)
    return (
      <Box sx={grid} data-testid="overview-skeleton">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={88} />
        ))}
      </Box>
    );

  const statusBars = complaintStatus.map((choice) => ({
    label: choice.label[language],
    value: data.by_status[choice.value] ?? 0,
  }));
  const countryBars = data.by_country.map((row) => ({
    label: countryName(row.country_code),
    value: row.count,
  }));
  // The unit is in the column's header, so a phone's narrow table holds the column.
  const median = (days: number | null | undefined) =>
    days === null || days === undefined ? (
      <>
        <span aria-hidden="true">–</span>
        <span style={visuallyHidden}>{t('manageComplaints.overview.noData')}</span>
      </>
    ) : (
      days.toLocaleString(language)
    );
  const count = t('manageComplaints.overview.count');

  return (
    <Box data-testid="overview">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(
          data.scope === 'own' ? 'manageComplaints.overview.scopeOwn' : 'manageComplaints.overview.scopeAll',
        )}
      </Typography>
      <Box sx={{ ...grid, mb: 2 }}>
        <FigureCard label={t('manageComplaints.overview.total')} value={data.total} testId="figure-total" />
        <FigureCard
          label={t('manageComplaints.overview.overdue')}
          value={data.overdue.total}
          testId="figure-overdue"
        />
        <FigureCard label={t('manageComplaints.overview.archived')} value={data.archived} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <Panel title={t('manageComplaints.overview.byStatus')}>
          <Chart
            bars={statusBars}
            seriesLabel={count}
            description={t('manageComplaints.overview.chartStatus')}
          />
        </Panel>
        <Panel title={t('manageComplaints.overview.byCountry')}>
          {countryBars.length > 0 ? (
            <Chart
              bars={countryBars}
              seriesLabel={count}
              description={t('manageComplaints.overview.chartCountry')}
            />
          ) : (
            <Typography color="text.secondary">{t('manageComplaints.overview.noData')}</Typography>
          )}
        </Panel>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Panel title={t('manageComplaints.overview.byStage')}>
          <Box
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('manageComplaints.overview.byStage')}
          >
            {/* Its own padding (the theme's 8 px sides on phones would not leave four columns room at 360 px). */}
            <Table
              size="small"
              padding="none"
              sx={{
                '& th, & td': {
                  px: { xs: 0.75, sm: 2 },
                  py: 0.75,
                  fontSize: { xs: '0.8125rem', sm: '0.875rem' },
                },
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('complaints.list.stage')}</TableCell>
                  <TableCell align="right">{t('manageComplaints.overview.count')}</TableCell>
                  <TableCell align="right">{t('manageComplaints.overview.overdue')}</TableCell>
                  {data.median_days_by_stage && (
                    <TableCell align="right">{t('manageComplaints.overview.medianDays')}</TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {reviewStages.map((stage) => (
                  <TableRow key={stage}>
                    <TableCell component="th" scope="row">
                      {stageName(stage)}
                    </TableCell>
                    <TableCell align="right">{data.by_stage[stage] ?? 0}</TableCell>
                    <TableCell align="right">{data.overdue.by_stage[stage] ?? 0}</TableCell>
                    {data.median_days_by_stage && (
                      <TableCell align="right">{median(data.median_days_by_stage[stage])}</TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Panel>
      </Box>
    </Box>
  );
}

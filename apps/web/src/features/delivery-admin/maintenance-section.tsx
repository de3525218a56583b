import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { deliveryApiPaths, type TMaintenanceTask } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { wrappingChip } from '../../components/list/cell-styles.js';
import { LoadError } from '../../components/list/load-error.js';
import { formatDateTime } from '../../lib/format.js';
import './texts.js';

const knownTasks = ['sessions', 'uploads', 'rate-limits', 'sms-log', 'outbox'];

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** How the last run ended: succeeded (with what it removed) or failed. */
function Outcome({ outcome, removed }: { outcome: 'ok' | 'error'; removed: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Chip
        size="small"
        color={outcome === 'ok' ? 'success' : 'error'}
        variant="outlined"
        label={t(`delivery.maintenance.outcome.${outcome}`)}
        sx={wrappingChip}
        data-testid="maintenance-outcome"
      />
      {outcome === 'ok' && <span>{t('delivery.maintenance.removed', { count: removed })}</span>}
    </Box>
  );
}

function TaskCard({ task }: { task: TMaintenanceTask }) {
  const { t, i18n } = useTranslation();
  const known = knownTasks.includes(task.task);
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '');
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{ height: '100%' }}
      data-testid={`maintenance-${task.task}`}
      aria-labelledby={`maintenance-title-${task.task}`}
    >
      <CardContent>
        <Typography
          variant="h3"
          id={`maintenance-title-${task.task}`}
          sx={{ mb: 0.5, fontSize: '1.0625rem' }}
        >
          {known ? t(`delivery.maintenance.tasks.${task.task}`) : task.task}
        </Typography>
        {known && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t(`delivery.maintenance.about.${task.task}`)}
          </Typography>
        )}
        <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
          <Line label={t('delivery.maintenance.lastRun')}>
            {task.last_started_at
              ? when(task.last_finished_at ?? task.last_started_at)
              : t('delivery.maintenance.neverRun')}
          </Line>
          {task.outcome && (
            <Box sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mb: 0.25 }}>
                {t('delivery.maintenance.outcomeLabel')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Outcome outcome={task.outcome} removed={task.removed} />
              </Box>
            </Box>
          )}
          <Line label={t('delivery.maintenance.nextRun')}>
            <span data-testid="maintenance-next">
              {task.next_run_at ? when(task.next_run_at) : t('delivery.maintenance.unknown')}
            </span>
          </Line>
          <Line label={t('delivery.maintenance.schedule')}>
            <code>{task.schedule}</code>
          </Line>
        </Box>
        {task.error && (
          <Alert severity="error" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
            {task.error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** The scheduled maintenance tasks: each one's last run and outcome, and when it runs next. */
export function MaintenanceSection() {
  const { t } = useTranslation();
  const query = useQuery(apiQuery<{ results: TMaintenanceTask[] }>(deliveryApiPaths.maintenance));
  return (
    <Box component="section" aria-labelledby="maintenance-heading" sx={{ mt: 5 }} data-testid="maintenance">
      <Typography variant="h2" id="maintenance-heading" sx={{ mb: 1 }}>
        {t('delivery.maintenance.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('delivery.maintenance.intro')}
      </Typography>
      {query.isError ? (
        <LoadError text={t('delivery.maintenance.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <Grid container spacing={2} aria-busy={query.isPending || undefined}>
          {query.isPending
            ? [0, 1, 2].map((index) => (
                <Grid key={index} size={{ xs: 12, md: 6, lg: 4 }}>
                  <Skeleton variant="rounded" height={180} />
                </Grid>
              ))
            : query.data.results.map((task) => (
                <Grid key={task.task} size={{ xs: 12, md: 6, lg: 4 }}>
                  <TaskCard task={task} />
                </Grid>
              ))}
        </Grid>
      )}
    </Box>
  );
}

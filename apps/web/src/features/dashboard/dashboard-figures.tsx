import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { complaintStatus, type TDashboard } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { FigureCard } from './figure-card.js';
import { RecentChanges } from './recent-changes.js';
import { useDashboard } from './use-dashboard.js';
import './texts.js';

const queuePath = '/auth/manage/complaints?tab=queue';

/** The reviewer's queue: how many wait at their stages, how many are overdue, by stage. */
function QueueCard({ queue }: { queue: NonNullable<TDashboard['queue']> }) {
  const { t } = useTranslation();
  return (
    <FigureCard
      title={t('staffDashboard.queue.title')}
      testId="dashboard-queue"
      action={{ to: queuePath, label: t('staffDashboard.queue.open') }}
      extraAction={
        queue.overdue > 0
          ? { to: `${queuePath}&overdue=true`, label: t('staffDashboard.queue.openOverdue') }
          : undefined
      }
    >
      {queue.total === 0 ? (
        <Typography color="text.secondary">{t('staffDashboard.queue.empty')}</Typography>
      ) : (
        <>
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 500 }} data-testid="queue-total">
            {t('staffDashboard.queue.waiting', { count: queue.total })}
          </Typography>
          <Typography
            sx={{ fontWeight: 500, color: queue.overdue > 0 ? 'error.main' : 'text.secondary' }}
            data-testid="queue-overdue"
          >
            {t('staffDashboard.queue.overdue', { count: queue.overdue })}
          </Typography>
          {queue.stages.length > 1 && (
            <List dense disablePadding sx={{ mt: 1 }}>
              {queue.stages.map((stage) => (
                <ListItem key={stage} disableGutters>
                  {t('staffDashboard.queue.byStage', {
                    stage: t(`staffDashboard.queue.stages.${stage}`),
                    count: queue.by_stage[stage],
                    overdue: queue.overdue_by_stage[stage],
                  })}
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </FigureCard>
  );
}

/** A client's own complaints by status. */
function MyComplaintsCard({ mine }: { mine: NonNullable<TDashboard['my_complaints']> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <FigureCard
      title={t('staffDashboard.mine.title')}
      testId="dashboard-mine"
      action={{ to: '/auth/manage/complaints?tab=mine', label: t('staffDashboard.mine.open') }}
    >
      {mine.total === 0 ? (
        <Typography color="text.secondary">{t('staffDashboard.mine.empty')}</Typography>
      ) : (
        <>
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 500 }}>
            {t('staffDashboard.mine.total', { count: mine.total })}
          </Typography>
          <List dense disablePadding>
            {complaintStatus
              .filter((status) => mine.by_status[status.value] > 0)
              .map((status) => (
                <ListItem key={status.value} disableGutters>
                  {`${status.label[language]}: ${mine.by_status[status.value]}`}
                </ListItem>
              ))}
          </List>
        </>
      )}
    </FigureCard>
  );
}

const deliveryPath = '/auth/admin/delivery';

/** Superusers: how many mails and SMS replies failed every attempt (issue 31), linking to the Delivery screen. */
function FailedDeliveriesCard({ failed }: { failed: number }) {
  const { t } = useTranslation();
  return (
    <FigureCard
      title={t('staffDashboard.delivery.title')}
      testId="dashboard-delivery"
      action={
        failed > 0
          ? { to: deliveryPath, label: t('staffDashboard.delivery.open') }
          : { to: deliveryPath, label: t('staffDashboard.delivery.openAll') }
      }
    >
      {failed === 0 ? (
        <Typography color="text.secondary" data-testid="delivery-failed-none">
          {t('staffDashboard.delivery.none')}
        </Typography>
      ) : (
        <>
          <Typography
            sx={{ fontSize: '1.25rem', fontWeight: 500, color: 'error.main' }}
            data-testid="delivery-failed-count"
          >
            {t('staffDashboard.delivery.failed', { count: failed })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('staffDashboard.delivery.detail')}
          </Typography>
        </>
      )}
    </FigureCard>
  );
}

/** The dashboard's figures (issue 6 item 8): skeletons while they load, an inline retry when they fail. */
export function DashboardFigures() {
  const { t } = useTranslation();
  const { data, error, loading, retry } = useDashboard();
  if (error)
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('staffDashboard.retry')}
          </Button>
        }
      >
        {t('staffDashboard.loadError')}
      </Alert>
    );
  if (loading && !data)
    return (
      <Grid container spacing={2} sx={{ mb: 4 }} aria-busy data-testid="dashboard-loading">
        {[0, 1].map((index) => (
          <Grid key={index} size={{ xs: 12, md: 6 }}>
            <Skeleton variant="rounded" height={150} />
          </Grid>
        ))}
      </Grid>
    );
  if (!data) return null;
  const blocks = [
    data.queue && <QueueCard key="queue" queue={data.queue} />,
    data.my_complaints && <MyComplaintsCard key="mine" mine={data.my_complaints} />,
    data.failed_deliveries !== null && data.failed_deliveries !== undefined && (
      <FailedDeliveriesCard key="delivery" failed={data.failed_deliveries} />
    ),
    data.recent_changes && <RecentChanges key="recent" recent={data.recent_changes} />,
  ].filter(Boolean);
  if (blocks.length === 0) return null;
  return (
    <Grid container spacing={2} sx={{ mb: 4 }} data-testid="dashboard-figures">
      {blocks.map((block, index) => (
        <Grid key={index} size={{ xs: 12, md: 6 }}>
          {block}
        </Grid>
      ))}
    </Grid>
  );
}

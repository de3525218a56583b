import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  deliveryApiPaths,
  deliveryStatuses,
  type DeliveryStatus,
  type TDeliveryItem,
  type TDeliveryList,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/api.js';
import { apiQuery, queryClient } from '../../api/query.js';
import { confirmThenAct, showSuccess } from '../../components/dialogs/dialogs.js';
import { LoadError } from '../../components/list/load-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { DeliveryCard } from './delivery-card.js';
import { MaintenanceSection } from './maintenance-section.js';
import './texts.js';

/** The periods offered for queued and sent messages, in days (the API allows 1 to 90). */
export const deliveryPeriods = [1, 7, 30, 90] as const;
const defaultDays = 7;
/** The API answers the newest 200 of a state at most. */
const listLimit = 200;

const isStatus = (value: string | null): value is DeliveryStatus =>
  deliveryStatuses.includes(value as DeliveryStatus);

/** Every read of this screen again (the lists and their counts, the maintenance runs). */
const refresh = () =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' &&
      (query.queryKey[0].startsWith(deliveryApiPaths.list) ||
        query.queryKey[0].startsWith(deliveryApiPaths.maintenance)),
  });

/** The messages of one state: cards, a skeleton while they load, an empty state, or the load error. */
function DeliveryPanel({
  status,
  days,
  items,
  pending,
  error,
  onRetry,
}: {
  status: DeliveryStatus;
  days: number;
  items: TDeliveryItem[] | undefined;
  pending: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const resend = (item: TDeliveryItem) =>
    confirmThenAct(
      t('delivery.resendTitle'),
      t('delivery.resendText', {
        subject: item.subject || t(`delivery.channel.${item.channel}`),
        recipient: item.recipient,
      }),
      async () => {
        await api.request(deliveryApiPaths.resend(item.id), { method: 'POST' });
        await refresh();
        showSuccess(t('delivery.resent'));
      },
    ).catch(() => undefined);

  if (error) return <LoadError text={t('delivery.loadError')} onRetry={onRetry} />;
  if (pending || !items)
    return (
      <Box aria-busy="true" aria-label={t('delivery.loading')} data-testid="delivery-loading">
        {[0, 1].map((index) => (
          <Skeleton key={index} variant="rounded" height={140} sx={{ mb: 2 }} />
        ))}
      </Box>
    );
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 3 }} data-testid="delivery-empty">
        {status === 'sent' ? t('delivery.empty.sent', { count: days }) : t(`delivery.empty.${status}`)}
      </Typography>
    );
  return (
    <>
      <Box
        component="ul"
        aria-label={t(`delivery.listLabel.${status}`)}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
        data-testid="delivery-list"
      >
        {items.map((item) => (
          <Box component="li" key={item.id} sx={{ minWidth: 0 }}>
            <DeliveryCard item={item} onResend={(chosen) => void resend(chosen)} />
          </Box>
        ))}
      </Box>
      {items.length >= listLimit && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('delivery.shownFirst', { count: listLimit })}
        </Typography>
      )}
    </>
  );
}

/**
 * `/auth/admin/delivery` (superusers, issue 31): the outbox by state (failed with their error and a
 * resend, queued, sent in the last days) with the counts, and the scheduled maintenance's last runs.
 * The state and the period are in the address, so the dashboard links to the failed ones.
 */
export function DeliveryScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('tab');
  const status: DeliveryStatus = isStatus(wanted) ? wanted : 'failed';
  const asked = Number(searchParams.get('days'));
  const days = (deliveryPeriods as readonly number[]).includes(asked) ? asked : defaultDays;
  const query = useQuery({
    ...apiQuery<TDeliveryList>(deliveryApiPaths.list, { status, days }),
    // The counts stay in the tabs while another state loads; its rows do not stand in for the new ones.
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const counts = query.data?.counts;
  // On a phone the three tabs share the width and their labels wrap: none is scrolled out of sight.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const select = (next: { tab?: DeliveryStatus; days?: number }) => {
    const params = new URLSearchParams();
    const tab = next.tab ?? status;
    const period = next.days ?? days;
    if (tab !== 'failed') params.set('tab', tab);
    if (period !== defaultDays) params.set('days', String(period));
    setSearchParams(params);
  };

  return (
    <>
      <ScreenHeading title={t('routes.delivery')} intro={t('delivery.intro')} />
      <Box component="section" aria-labelledby="delivery-messages-heading">
        <Typography variant="h2" id="delivery-messages-heading" sx={{ mb: 2 }}>
          {t('delivery.messages')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
          <TextField
            select
            size="small"
            label={t('delivery.period')}
            value={days}
            onChange={(event) => select({ days: Number(event.target.value) })}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{ select: { inputProps: { 'data-testid': 'delivery-days' } } }}
          >
            {deliveryPeriods.map((period) => (
              <MenuItem key={period} value={period}>
                {t('delivery.days', { count: period })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<Refresh aria-hidden />}
            onClick={() => void refresh()}
            disabled={query.isFetching}
            data-testid="delivery-refresh"
          >
            {t('delivery.refresh')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('delivery.failedAnyAge')}
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={status}
            onChange={(_event, next: DeliveryStatus) => select({ tab: next })}
            variant={phone ? 'fullWidth' : 'standard'}
            aria-label={t('delivery.tabsLabel')}
          >
            {deliveryStatuses.map((id) => (
              <Tab
                key={id}
                value={id}
                label={
                  counts ? t(`delivery.tabs.${id}`, { count: counts[id] }) : t(`delivery.listLabel.${id}`)
                }
                id={`delivery-tab-${id}`}
                aria-controls={`delivery-panel-${id}`}
                data-testid={`delivery-tab-${id}`}
                wrapped={phone}
                sx={{
                  minWidth: 0,
                  px: { xs: 1, sm: 2 },
                  ...(id === 'failed' && counts && counts.failed > 0 ? { color: 'error.main' } : {}),
                }}
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`delivery-panel-${status}`} aria-labelledby={`delivery-tab-${status}`}>
          <DeliveryPanel
            status={status}
            days={days}
            items={query.isPlaceholderData ? undefined : query.data?.results}
            pending={query.isPending || query.isPlaceholderData}
            error={query.isError}
            onRetry={() => void query.refetch()}
          />
        </Box>
      </Box>
      <MaintenanceSection />
    </>
  );
}

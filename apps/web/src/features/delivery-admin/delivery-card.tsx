import MailOutline from '@mui/icons-material/EmailOutlined';
import Replay from '@mui/icons-material/Replay';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TDeliveryItem } from '@stp/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingChip } from '../../components/list/cell-styles.js';
import { formatDateTime } from '../../lib/format.js';
import './texts.js';

const knownKinds = [
  'registration',
  'reset',
  'invitation',
  'complaint_lodged',
  'complaint_queued',
  'complaint_update',
  'sms_reply',
];

/** What a message is about, as people read it (an unknown kind keeps its code). */
export function kindLabel(t: TFunction, kind: string): string {
  return knownKinds.includes(kind)
    ? t(`delivery.kinds.${kind}`)
    : t('delivery.kinds.other', { kind: kind.replaceAll('_', ' ') });
}

/** One fact of a message: its label and value, wrapping anywhere (addresses, errors). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
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

/** One message of the outbox: what, to whom, its attempts, the last error, and a resend when it failed. */
export function DeliveryCard({
  item,
  onResend,
}: {
  item: TDeliveryItem;
  onResend: (item: TDeliveryItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '');
  const ChannelIcon = item.channel === 'sms' ? SmsOutlined : MailOutline;
  return (
    <Card variant="outlined" component="article" data-testid="delivery-item" data-status={item.status}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Chip
            size="small"
            icon={<ChannelIcon aria-hidden />}
            label={t(`delivery.channel.${item.channel}`)}
            variant="outlined"
            sx={wrappingChip}
          />
          <Chip size="small" label={kindLabel(t, item.kind)} sx={wrappingChip} data-testid="delivery-kind" />
        </Stack>
        <Typography
          component="p"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          data-testid="delivery-recipient"
        >
          {item.recipient}
        </Typography>
        {item.channel === 'mail' && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {item.subject || t('delivery.noSubject')}
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            gap: 1,
            m: 0,
            mt: 1,
          }}
        >
          <Fact label={t('delivery.queuedAt')}>{when(item.created_at)}</Fact>
          <Fact label={t('delivery.attempts')}>
            <span data-testid="delivery-attempts">{item.attempts}</span>
          </Fact>
          {item.status === 'sent' ? (
            <Fact label={t('delivery.sentAt')}>{when(item.sent_at)}</Fact>
          ) : (
            <Fact label={t('delivery.lastAttempt')}>
              {item.last_attempt_at ? when(item.last_attempt_at) : t('delivery.notTried')}
            </Fact>
          )}
        </Box>
        {item.last_error && (
          <Alert severity={item.status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1.5 }}>
            <AlertTitle>{t('delivery.lastError')}</AlertTitle>
            <Box
              component="code"
              sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              data-testid="delivery-error"
            >
              {item.last_error}
            </Box>
          </Alert>
        )}
      </CardContent>
      {item.status === 'failed' && (
        <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Replay aria-hidden />}
            onClick={() => onResend(item)}
            aria-label={t('delivery.resendLabel', { recipient: item.recipient })}
            data-testid="delivery-resend"
          >
            {t('delivery.resend')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

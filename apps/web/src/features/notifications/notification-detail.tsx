import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { contentApiPaths, type TNotificationDetail } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { useAppData } from '../../session/app-data.js';
import { formatDate } from '../../lib/format.js';
import { ShownText, useShownText } from '../../components/shown-text.js';
import { useBilingual } from '../content-pages/bilingual.js';
import { isNotFound, LoadError } from '../content-pages/load-states.js';
import { useStatusLabel } from './labels.js';

const statusColours: Record<string, 'success' | 'info' | 'default'> = {
  in_force: 'success',
  notified: 'info',
  withdrawn: 'default',
};

/** A notification's status as a chip. */
export function StatusChip({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <Chip size="small" variant="outlined" color={statusColours[status] ?? 'default'} label={label(status)} />
  );
}

function Field({ name, testId, children }: { name: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }} data-testid={`field-${testId}`}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The restrictions a notification concerns. A notification names no restriction (only its country and
 * sector), so the link is Browse Restrictions filtered by that country and, when it has one, that sector.
 */
function RestrictionsLink({ notification }: { notification: TNotificationDetail }) {
  const { t } = useTranslation();
  const text = useBilingual();
  const sectors = useAppData((state) => state.cache.sectorList);
  const sector = notification.sector && sectors.find((item) => item.id === notification.sector?.id);
  const country = encodeURIComponent(notification.country.code);
  const to = sector
    ? `/public/browse/${encodeURIComponent(sector.slug)}?country=${country}`
    : `/public/browse?country=${country}`;
  return (
    <Link component={RouterLink} to={to} data-testid="notification-restrictions">
      {sector
        ? t('content.notifications.restrictionsIn', {
            country: text(notification.country.name),
            sector: text(sector.name),
          })
        : t('content.notifications.restrictionsOf', { country: text(notification.country.name) })}
    </Link>
  );
}

function DetailFields({ notification }: { notification: TNotificationDetail }) {
  const { t } = useTranslation();
  const text = useBilingual();
  const shown = useShownText();
  const f = (key: string) => t(`content.notifications.fields.${key}`);
  const none = f('none');
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Field name={f('reference')} testId="reference">
        {notification.reference}
      </Field>
      <Field name={f('status')} testId="status">
        <StatusChip status={notification.status} />
      </Field>
      <Field name={f('country')} testId="country">
        {text(notification.country.name)}
      </Field>
      <Field name={f('sector')} testId="sector">
        {notification.sector ? text(notification.sector.name) : none}
      </Field>
      <Field name={f('restrictions')} testId="restrictions">
        <RestrictionsLink notification={notification} />
      </Field>
      <Field name={f('notificationDate')} testId="notification-date">
        {formatDate(notification.notification_date)}
      </Field>
      <Field name={f('applicability')} testId="applicability">
        {notification.applicability || none}
      </Field>
      <Field name={f('requirement')} testId="requirement">
        {notification.requirement || none}
      </Field>
      <Field name={f('descriptionOfMeasure')} testId="description">
        <ShownText
          marker="before"
          text={shown.field(notification.description_of_measure, notification.description_of_measure_fr)}
        />
      </Field>
      <Field name={f('indicator')} testId="indicator">
        {notification.indicator ? (
          <Link component={RouterLink} to={`/public/indicator/${notification.indicator.slug}`}>
            {text(notification.indicator.title)}
          </Link>
        ) : (
          none
        )}
      </Field>
    </Box>
  );
}

/** The notification named in the address (`?notification=<slug>`), as a dialog; a link reopens it. */
export function NotificationDetail({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = useQuery(apiQuery<TNotificationDetail>(contentApiPaths.notification(slug)));
  const title = query.data?.reference ?? slug;
  let body: ReactNode;
  if (query.data) body = <DetailFields notification={query.data} />;
  else if (query.isPending) body = Array.from({ length: 8 }, (_, i) => <Skeleton key={i} height={48} />);
  else if (isNotFound(query.error)) body = <Typography>{t('content.notifications.detailError')}</Typography>;
  else body = <LoadError text={t('content.notifications.loadError')} onRetry={() => void query.refetch()} />;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="notification-title"
      data-testid="notification-detail"
    >
      <DialogTitle id="notification-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t('content.notifications.close')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>{body}</DialogContent>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { contentApiPaths, type Paginated, type TNotificationListItem } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiUrl } from '../../api/client.js';
import { apiQuery } from '../../api/query.js';
import { FeedLink } from '../../components/feed-link.js';
import { FollowButton } from '../subscriptions/follow-button.js';
import { phoneOnly, shownBelow } from '../../components/list/cell-styles.js';
import { type DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { breakAfter } from '../../components/text-breaks.js';
import { translateMessage } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import { usePageFeed } from '../../ssr/page-render.js';
import { ShownText, useShownText } from '../../components/shown-text.js';
import { useBilingual } from '../content-pages/bilingual.js';
import '../content-pages/texts.js';
import { NotificationDetail, StatusChip } from './notification-detail.js';
import { NotificationFilters, notificationFilterKeys } from './notification-filters.js';
import { usePartnerStates } from './labels.js';

const detailParam = 'notification';

/** Spec 2 `/public/notifications`: the notified measures, filtered in the address, each openable by link. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const text = useBilingual();
  const shown = useShownText();
  const partnerStates = usePartnerStates();
  const params = useListParams(notificationFilterKeys, { sort: '-notification_date' });
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(detailParam);
  const query = useQuery({
    ...apiQuery<Paginated<TNotificationListItem>>(contentApiPaths.notifications, params.query),
    placeholderData: keepPreviousData,
  });
  // The feed of these filters (a partner state's notifications, or all of them), in the reader's language.
  const country = partnerStates.find((state) => state.value === params.filters.country.toUpperCase());
  const feedHref = apiUrl(contentApiPaths.notificationsFeed, { ...params.filters, lang: shown.lang });
  usePageFeed({
    href: feedHref,
    title: country
      ? t('content.notifications.feedTitleCountry', { country: country.label })
      : t('content.notifications.feedTitle'),
  });

  const linkTo = (slug: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(detailParam, slug);
    return `?${next.toString()}`;
  };
  const close = useCallback(
    () =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        next.delete(detailParam);
        return next;
      }),
    [setSearchParams],
  );

  const columns: DataColumn<TNotificationListItem>[] = [
    {
      key: 'reference',
      label: t('content.notifications.fields.reference'),
      sortKey: 'reference',
      render: (row) => (
        <>
          <Link
            component={RouterLink}
            to={linkTo(row.slug)}
            aria-label={t('content.notifications.open', { reference: row.reference })}
            // One line from 600 px (Chromium breaks at a <wbr> even under nowrap: they are taken out);
            // on a phone it may break after a slash.
            sx={{ fontWeight: 600, whiteSpace: { sm: 'nowrap' }, '& wbr': { display: { sm: 'none' } } }}
            data-testid="notification-link"
          >
            {breakAfter(row.reference, '/')}
          </Link>
          {/* Below 600 px the country and status columns fold away, below 900 px the date and the
              description: each goes under the reference, so a phone's row still reads whole. */}
          <Typography variant="body2" color="text.secondary" sx={shownBelow('md')}>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {`${text(row.country.name)} · `}
            </Box>
            {formatDate(row.notification_date)}
          </Typography>
          <Box sx={{ ...phoneOnly, mt: 0.5 }} data-testid="notification-status">
            <StatusChip status={row.status} />
          </Box>
          {/* Three lines of it, as the desktop column shows two: the whole text is in the detail. */}
          <Typography
            variant="body2"
            sx={{
              display: { xs: '-webkit-box', md: 'none' },
              mt: 0.5,
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
            data-testid="notification-description"
          >
            <ShownText
              marker="before"
              text={shown.field(row.description_of_measure, row.description_of_measure_fr)}
            />
          </Typography>
        </>
      ),
    },
    {
      key: 'country',
      label: t('content.notifications.country'),
      sortKey: 'country',
      render: (row) => text(row.country.name),
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: t('content.notifications.status'),
      sortKey: 'status',
      render: (row) => (
        <span data-testid="notification-status">
          <StatusChip status={row.status} />
        </span>
      ),
      hideBelow: 'sm',
    },
    {
      key: 'date',
      label: t('content.notifications.fields.notificationDate'),
      sortKey: 'notification_date',
      hideBelow: 'md',
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.notification_date)}</span>,
    },
    {
      key: 'description',
      label: t('content.notifications.fields.descriptionOfMeasure'),
      hideBelow: 'md',
      render: (row) => (
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          data-testid="notification-description"
        >
          <ShownText
            marker="before"
            text={shown.field(row.description_of_measure, row.description_of_measure_fr)}
          />
        </Typography>
      ),
    },
  ];

  return (
    <>
      <ScreenHeading title={t('content.notifications.title')} intro={t('content.notifications.intro')} />
      <NotificationFilters params={params} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <FeedLink
          href={feedHref}
          label={t('content.notifications.feed')}
          hint={t('content.notifications.feedHint')}
        />
        {country ? (
          <FollowButton
            target={{ kind: 'notifications', country: country.value }}
            what={t('follow.notifications', { country: country.label })}
          />
        ) : null}
      </Box>
      {query.error instanceof ApiError && query.error.status === 422 ? (
        <Alert severity="warning" data-testid="filter-error">
          {Object.values(query.error.fieldErrors).map((message) => (
            <div key={message}>{translateMessage(message)}</div>
          ))}
        </Alert>
      ) : (
        <ListQueryTable
          params={params}
          query={query}
          loadErrorText={t('content.notifications.loadError')}
          testId="notifications-table"
          caption={t('content.notifications.caption', { page: params.page })}
          columns={columns}
          rowKey={(row) => row.slug}
          empty={t('content.notifications.empty')}
        />
      )}
      {open && <NotificationDetail key={open} slug={open} onClose={close} />}
    </>
  );
}

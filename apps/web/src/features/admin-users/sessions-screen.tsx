import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  adminUsersApiPaths,
  type Paginated,
  type TAdminSessionItem,
  type TAdminSessionsPurged,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { apiQuery, queryClient } from '../../api/query.js';
import { AdminFilterBar } from '../../components/admin/admin-filter-bar.js';
import type { AdminFilter } from '../../components/admin/admin-resource.js';
import { confirmThenAct, showSuccess } from '../../components/dialogs/dialogs.js';
import { phoneWrappingChip } from '../../components/list/cell-styles.js';
import type { DataColumn } from '../../components/list/data-table.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { formatDateTime } from '../../lib/format.js';
import { adminTexts } from '../../components/admin/texts.js';
import { adminUsersTexts } from './texts.js';
import { EmailLine } from '../../components/text-breaks.js';

void adminTexts;
void adminUsersTexts;

const filterKeys = ['q', 'state', 'user'] as const;
const refresh = () =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(adminUsersApiPaths.sessions),
  });

/** Whether a session still works, and which one is the viewer's own. */
function SessionState({ item }: { item: TAdminSessionItem }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {item.expired ? (
        <Chip
          size="small"
          label={t('adminUsers.sessions.expired')}
          sx={phoneWrappingChip}
          data-testid="session-expired"
        />
      ) : (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t('adminUsers.sessions.active')}
          sx={phoneWrappingChip}
        />
      )}
      {item.current && (
        <Chip size="small" color="info" label={t('adminUsers.sessions.current')} sx={phoneWrappingChip} />
      )}
    </Stack>
  );
}

/**
 * Sessions (spec 2 `/auth/admin/sessions`, superusers): every session with its user and expiry,
 * filtered by state and user; one session ended, or every expired one removed with a count.
 */
export function SessionsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const params = useListParams(filterKeys, { sort: '-last_seen_at' });
  const query = useQuery({
    ...apiQuery<Paginated<TAdminSessionItem>>(adminUsersApiPaths.sessions, params.query),
    placeholderData: keepPreviousData,
  });

  const filters = useMemo<AdminFilter[]>(
    () => [
      {
        key: 'state',
        label: t('adminUsers.sessions.filterState'),
        options: [
          { value: 'active', label: t('adminUsers.sessions.active') },
          { value: 'expired', label: t('adminUsers.sessions.expired') },
        ],
      },
    ],
    [t],
  );

  const removeExpired = () =>
    confirmThenAct(
      t('adminUsers.sessions.removeExpiredTitle'),
      t('adminUsers.sessions.removeExpiredText'),
      async () => {
        const answer = await api.request<TAdminSessionsPurged>(adminUsersApiPaths.sessionsPurgeExpired, {
          method: 'POST',
        });
        await refresh();
        showSuccess(t('adminUsers.sessions.removedCount', { count: answer?.removed ?? 0 }));
      },
    ).catch(() => undefined);

  const remove = (item: TAdminSessionItem) =>
    confirmThenAct(
      t('adminUsers.sessions.removeTitle'),
      t('adminUsers.sessions.removeText', { name: item.user.name || item.user.email }),
      async () => {
        await api.request(adminUsersApiPaths.session(item.key), { method: 'DELETE' });
        await refresh();
        showSuccess(t('adminUsers.sessions.removed'));
      },
    ).catch(() => undefined);

  const when = (value: string) => formatDateTime(value, language);
  const columns: DataColumn<TAdminSessionItem>[] = [
    {
      key: 'user',
      label: t('adminUsers.sessions.user'),
      sortKey: 'user',
      render: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={() => params.update({ user: String(item.user.id) })}
            title={t('adminUsers.sessions.userFilter', { name: item.user.email })}
            sx={{ fontWeight: 500, overflowWrap: 'break-word', textAlign: 'left' }}
            data-testid="session-user"
          >
            {item.user.name || item.user.email}
          </Link>
          <EmailLine email={item.user.email} />
        </Box>
      ),
    },
    {
      key: 'created',
      label: t('adminUsers.sessions.created'),
      sortKey: 'created_at',
      hideBelow: 'md',
      render: (item) => when(item.created_at),
    },
    {
      key: 'last_seen',
      label: t('adminUsers.sessions.lastSeen'),
      sortKey: 'last_seen_at',
      hideBelow: 'sm',
      render: (item) => when(item.last_seen_at),
    },
    {
      key: 'expires',
      label: t('adminUsers.sessions.expires'),
      sortKey: 'expires_at',
      render: (item) => (
        <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
          <span>{when(item.expires_at)}</span>
          <SessionState item={item} />
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      align: 'right',
      render: (item) =>
        item.current ? null : (
          <IconButton
            size="small"
            onClick={() => void remove(item)}
            aria-label={`${t('adminUsers.sessions.remove')}: ${item.user.email}`}
            title={t('adminUsers.sessions.remove')}
            data-testid="row-remove"
          >
            <Logout aria-hidden />
          </IconButton>
        ),
    },
  ];
  const filtered = filterKeys.some((key) => params.filters[key]);

  return (
    <>
      <ScreenHeading title={t('routes.sessions')} intro={t('adminUsers.sessions.intro')} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          color="warning"
          startIcon={<DeleteSweep aria-hidden />}
          onClick={() => void removeExpired()}
          data-testid="remove-expired"
        >
          {t('adminUsers.sessions.removeExpired')}
        </Button>
      </Box>
      <AdminFilterBar params={params} filters={filters} />
      {params.filters.user && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => params.update({ user: null })}>
              {t('adminUsers.sessions.allUsers')}
            </Button>
          }
          data-testid="session-user-filter"
        >
          {t('adminUsers.sessions.userFilter', {
            name: query.data?.results[0]?.user.email ?? `#${params.filters.user}`,
          })}
        </Alert>
      )}
      <ListQueryTable
        caption={t('adminUsers.sessions.caption')}
        columns={columns}
        rowKey={(item) => item.key}
        params={params}
        query={query}
        empty={filtered ? t('adminUsers.sessions.noMatch') : t('adminUsers.sessions.empty')}
        testId="sessions-list"
      />
    </>
  );
}

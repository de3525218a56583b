import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ZAdminUserInputSchema, type TAdminUserItem } from '@stp/shared';
import type { TFunction } from 'i18next';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { formatDateTime } from '../../lib/format.js';
import { adminUsersTexts } from './texts.js';
import { UserFields } from './user-fields.js';
import { EmailLine } from '../../components/text-breaks.js';

void adminUsersTexts;

const displayName = (item: TAdminUserItem) => item.display_name || item.email;

function statusChip(t: TFunction, item: TAdminUserItem) {
  if (!item.is_active) return <Chip size="small" label={t('adminUsers.users.inactive')} />;
  if (!item.has_password)
    return <Chip size="small" color="info" variant="outlined" label={t('adminUsers.users.invited')} />;
  return <Chip size="small" color="success" variant="outlined" label={t('adminUsers.users.active')} />;
}

/** User accounts (spec 2 `/auth/admin/users`, `auth.view_user`): edited in a wide dialog over the list. */
export const usersResource: AdminResourceConfig<TAdminUserItem, typeof ZAdminUserInputSchema> = {
  name: 'users',
  app: 'auth',
  model: 'user',
  texts: {
    title: 'routes.users',
    intro: 'adminUsers.users.intro',
    create: 'adminUsers.users.create',
    edit: 'adminUsers.users.edit',
    caption: 'adminUsers.users.caption',
    empty: 'adminUsers.users.empty',
  },
  label: displayName,
  columns: (t, language) => [
    {
      key: 'user',
      label: t('adminUsers.users.user'),
      sortKey: 'email',
      render: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ fontWeight: 500, overflowWrap: 'break-word' }} data-testid="user-name">
            {displayName(item)}
          </Box>
          <EmailLine email={item.email} />
        </Box>
      ),
    },
    {
      key: 'type',
      label: t('adminUsers.users.accountType'),
      hideBelow: 'sm',
      render: (item) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" variant="outlined" label={t(`adminUsers.users.${item.account_type}`)} />
          {item.is_superuser && (
            <Chip size="small" color="secondary" label={t('adminUsers.users.superuser')} />
          )}
        </Stack>
      ),
    },
    { key: 'status', label: t('adminUsers.users.status'), render: (item) => statusChip(t, item) },
    {
      key: 'groups',
      label: t('adminUsers.users.groups'),
      hideBelow: 'lg',
      render: (item) => item.groups.map((group) => group.name).join(', '),
    },
    {
      key: 'last_login',
      label: t('adminUsers.users.lastLogin'),
      sortKey: 'last_login',
      hideBelow: 'lg',
      render: (item) =>
        item.last_login ? formatDateTime(item.last_login, language) : t('adminUsers.users.never'),
    },
  ],
  defaultSort: 'email',
  archivable: false,
  schema: ZAdminUserInputSchema,
  emptyValues: {
    email: '',
    first_name: '',
    last_name: '',
    phone: '',
    country: '',
    locale: 'en',
    is_active: true,
    account_type: 'staff',
    is_superuser: false,
    groups: [],
    permissions: [],
  },
  toFormValues: (item) => ({
    email: item.email,
    first_name: item.first_name,
    last_name: item.last_name,
    phone: item.phone,
    country: item.country ?? '',
    locale: item.locale,
    is_active: item.is_active,
    account_type: item.account_type,
    is_superuser: item.is_superuser,
    groups: item.groups.map((group) => group.id),
    permissions: item.permissions,
  }),
  Fields: UserFields,
  dialogWidth: 'md',
};

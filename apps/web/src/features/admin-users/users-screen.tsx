import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { accountTypes, type TAdminUserItem } from '@stp/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFilterBar } from '../../components/admin/admin-filter-bar.js';
import { AdminFormDialog } from '../../components/admin/admin-form-dialog.js';
import type { AdminFilter } from '../../components/admin/admin-resource.js';
import { useAdminAccess, useAdminList } from '../../components/admin/use-admin.js';
import { ListQueryTable } from '../../components/list/list-query-table.js';
import { useListParams } from '../../components/list/use-list-params.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { adminUsersTexts } from './texts.js';
import { UserRowActions } from './user-row-actions.js';
import { usersResource } from './users-resource.js';
import { useUserChoices } from './use-user-choices.js';

void adminUsersTexts;

const filterKeys = ['q', 'account_type', 'active', 'group'] as const;

/**
 * Users (spec 2 `/auth/admin/users`, `auth.view_user`): the admin kit's filter bar, table and form
 * dialog, with the users' own row actions (password reset, invitation) and no purge.
 */
export function UsersScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const params = useListParams(filterKeys, { sort: usersResource.defaultSort });
  const query = useAdminList<TAdminUserItem>(usersResource, params.query);
  const access = useAdminAccess(usersResource);
  const choices = useUserChoices();
  const [editing, setEditing] = useState<TAdminUserItem | 'new' | null>(null);

  const filters = useMemo<AdminFilter[]>(
    () => [
      {
        key: 'account_type',
        label: t('adminUsers.users.accountType'),
        options: accountTypes.map((value) => ({ value, label: t(`adminUsers.users.${value}`) })),
      },
      {
        key: 'active',
        label: t('adminUsers.users.filterActive'),
        options: [
          { value: 'true', label: t('adminUsers.users.filterYes') },
          { value: 'false', label: t('adminUsers.users.filterNo') },
        ],
      },
      {
        key: 'group',
        label: t('adminUsers.users.group'),
        options: (choices.data?.groups ?? []).map((group) => ({
          value: String(group.id),
          label: group.name,
        })),
      },
    ],
    [t, choices.data],
  );

  const columns = [
    ...usersResource.columns(t, language),
    {
      key: 'actions',
      label: t('admin.actions'),
      align: 'right' as const,
      render: (item: TAdminUserItem) => (
        <UserRowActions item={item} canChange={access.canChange} onOpen={() => setEditing(item)} />
      ),
    },
  ];
  const filtered = filterKeys.some((key) => params.filters[key]);

  return (
    <>
      <ScreenHeading title={t('routes.users')} intro={t('adminUsers.users.intro')} />
      {access.canAdd && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<Add aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="admin-create"
          >
            {t('adminUsers.users.create')}
          </Button>
        </Box>
      )}
      <AdminFilterBar params={params} filters={filters} />
      <ListQueryTable
        caption={t('adminUsers.users.caption')}
        columns={columns}
        rowKey={(item) => item.id}
        params={params}
        query={query}
        empty={filtered ? t('admin.noMatch') : t('adminUsers.users.empty')}
        testId="admin-list"
      />
      {editing !== null && (
        <AdminFormDialog
          resource={usersResource}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

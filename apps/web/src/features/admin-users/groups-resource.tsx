import Box from '@mui/material/Box';
import { ZAdminGroupInputSchema, type TAdminGroupItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps, AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { FormTextField } from '../../components/form/form-fields.js';
import { PermissionPicker } from './permission-picker.js';
import { adminUsersTexts } from './texts.js';

void adminUsersTexts;

type GroupInput = (typeof ZAdminGroupInputSchema)['_zod']['input'];

/** The group form: name, description and the permission picker. */
function GroupFields({ control, readOnly }: AdminFieldsProps<GroupInput, TAdminGroupItem>) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('adminUsers.groups.fields.name')}
        required
        fullWidth
        slotProps={{ input: { readOnly } }}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('adminUsers.groups.fields.description')}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ input: { readOnly } }}
      />
      <PermissionPicker
        control={control}
        name="permissions"
        legend={t('adminUsers.groups.fields.permissions')}
        readOnly={readOnly}
      />
    </>
  );
}

/** Permission groups (spec 2 `/auth/admin/groups`, superusers): edited in a wide dialog over the list. */
export const groupsResource: AdminResourceConfig<TAdminGroupItem, typeof ZAdminGroupInputSchema> = {
  name: 'groups',
  app: 'auth',
  model: 'group',
  texts: {
    title: 'routes.groups',
    intro: 'adminUsers.groups.intro',
    create: 'adminUsers.groups.create',
    edit: 'adminUsers.groups.edit',
    caption: 'adminUsers.groups.caption',
    empty: 'adminUsers.groups.empty',
  },
  label: (item) => item.name,
  columns: (t, language) => [
    {
      key: 'name',
      label: t('adminUsers.groups.fields.name'),
      sortKey: 'name',
      render: (item) => (
        <Box>
          <Box sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>{item.name}</Box>
          {item.description && (
            <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{item.description}</Box>
          )}
        </Box>
      ),
    },
    {
      key: 'member_count',
      label: t('adminUsers.groups.members'),
      sortKey: 'member_count',
      align: 'right',
      render: (item) => item.member_count.toLocaleString(language),
    },
    {
      key: 'permissions',
      label: t('adminUsers.groups.permissionCount'),
      align: 'right',
      hideBelow: 'sm',
      render: (item) => item.permissions.length.toLocaleString(language),
    },
  ],
  defaultSort: 'name',
  archivable: false,
  schema: ZAdminGroupInputSchema,
  emptyValues: { name: '', description: '', permissions: [] },
  toFormValues: (item) => ({ name: item.name, description: item.description, permissions: item.permissions }),
  Fields: GroupFields,
  dialogWidth: 'md',
};

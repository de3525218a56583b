import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { accountTypes, type TAdminUserItem, type ZAdminUserInputSchema } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { CountryField, LocaleField } from '../../components/form/choice-fields.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { useSession } from '../../session/session.js';
import { FormCheckboxGroup, FormSwitchField } from './form-choices.js';
import { PermissionPicker } from './permission-picker.js';
import { adminUsersTexts } from './texts.js';
import { useUserChoices } from './use-user-choices.js';

void adminUsersTexts;

export type UserInput = (typeof ZAdminUserInputSchema)['_zod']['input'];

const section = (text: string) => (
  <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mt: 1 }}>
    {text}
  </Typography>
);

/**
 * The user form: the account's details (the address only when creating), then access: account type,
 * active, superuser (superusers only), groups and direct permissions.
 */
export function UserFields({ control, readOnly, item }: AdminFieldsProps<UserInput, TAdminUserItem>) {
  const { t } = useTranslation();
  const actorIsSuperuser = useSession((state) => state.user?.is_superuser ?? false);
  const choices = useUserChoices();
  const field = (name: 'first_name' | 'last_name' | 'phone', required = false) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`adminUsers.users.fields.${name}`)}
      required={required}
      fullWidth
      slotProps={{ input: { readOnly } }}
    />
  );
  return (
    <>
      {!item && <Alert severity="info">{t('adminUsers.users.invitationNote')}</Alert>}
      {section(t('adminUsers.users.sections.account'))}
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={t('adminUsers.users.fields.email')}
        required
        fullWidth
        helperText={item ? t('adminUsers.users.emailFixed') : undefined}
        slotProps={{ input: { readOnly: readOnly || item !== null }, htmlInput: { autoComplete: 'off' } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {field('first_name', true)}
        {field('last_name', true)}
        {field('phone')}
        <CountryField
          control={control}
          name="country"
          label={t('adminUsers.users.fields.country')}
          fullWidth
          disabled={readOnly}
        />
        <LocaleField
          control={control}
          name="locale"
          label={t('adminUsers.users.fields.locale')}
          fullWidth
          disabled={readOnly}
        />
        <FormSelectField
          control={control}
          name="account_type"
          label={t('adminUsers.users.fields.account_type')}
          fullWidth
          disabled={readOnly}
          options={accountTypes.map((value) => ({ value, label: t(`adminUsers.users.${value}`) }))}
        />
      </Box>
      {section(t('adminUsers.users.sections.access'))}
      <FormSwitchField
        control={control}
        name="is_active"
        label={t('adminUsers.users.fields.is_active')}
        helperText={t('adminUsers.users.activeHelp')}
        disabled={readOnly}
      />
      <FormSwitchField
        control={control}
        name="is_superuser"
        label={t('adminUsers.users.fields.is_superuser')}
        helperText={t(
          actorIsSuperuser ? 'adminUsers.users.superuserHelp' : 'adminUsers.users.superuserOnlyHelp',
        )}
        disabled={readOnly || !actorIsSuperuser}
      />
      <FormCheckboxGroup
        control={control}
        name="groups"
        label={t('adminUsers.users.sections.groups')}
        empty={t('adminUsers.users.noGroups')}
        options={choices.data?.groups ?? []}
        disabled={readOnly}
      />
      <PermissionPicker
        control={control}
        name="permissions"
        legend={t('adminUsers.users.sections.permissions')}
        readOnly={readOnly}
      />
    </>
  );
}

import Edit from '@mui/icons-material/EditOutlined';
import ForwardToInbox from '@mui/icons-material/ForwardToInboxOutlined';
import LockReset from '@mui/icons-material/LockReset';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { adminUsersApiPaths, type TAdminUserItem } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { confirmThenAct, showSuccess } from '../../components/dialogs/dialogs.js';
import { translateMessage } from '../../i18n/index.js';

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  run: () => unknown;
}

/** Mails a link (password reset or invitation) behind the confirm dialog, then says it went. */
async function mailLink(title: string, text: string, path: string) {
  await confirmThenAct(title, text, async () => {
    const answer = await api.request<{ detail: string }>(path, { method: 'POST' });
    if (answer) showSuccess(translateMessage(answer.detail));
  }).catch(() => undefined);
}

/**
 * A user row's actions: open (edit, or view when read-only), and for an active account a password
 * reset, or the invitation again while no password is set. Accounts are deactivated, never purged.
 */
export function UserRowActions(props: { item: TAdminUserItem; canChange: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { item, canChange } = props;
  const name = item.display_name || item.email;
  const actions: Action[] = [
    {
      key: 'open',
      label: canChange ? t('admin.edit') : t('admin.view'),
      icon: canChange ? <Edit aria-hidden /> : <Visibility aria-hidden />,
      run: props.onOpen,
    },
  ];
  if (canChange && item.is_active)
    actions.push(
      item.has_password
        ? {
            key: 'reset',
            label: t('adminUsers.users.sendReset'),
            icon: <LockReset aria-hidden />,
            run: () =>
              mailLink(
                t('adminUsers.users.resetTitle'),
                t('adminUsers.users.resetText', { name }),
                adminUsersApiPaths.userPasswordReset(item.id),
              ),
          }
        : {
            key: 'invite',
            label: t('adminUsers.users.resendInvite'),
            icon: <ForwardToInbox aria-hidden />,
            run: () =>
              mailLink(
                t('adminUsers.users.inviteTitle'),
                t('adminUsers.users.inviteText', { name }),
                adminUsersApiPaths.userInvite(item.id),
              ),
          },
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {actions.map((action) => (
        <IconButton
          key={action.key}
          size="small"
          onClick={() => void action.run()}
          aria-label={`${action.label}: ${name}`}
          title={action.label}
          data-testid={`row-${action.key}`}
        >
          {action.icon}
        </IconButton>
      ))}
    </Stack>
  );
}

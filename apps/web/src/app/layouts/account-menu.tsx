import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { apiPaths, type SessionPayload } from '@stp/shared';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/api.js';
import { showError } from '../../components/dialogs/dialogs.js';
import { displayName } from '../../session/session-store.js';
import { session, useSession } from '../../session/session.js';
import { myComplaintsPath } from './public-layout.js';

/** Signs out on the server, then starts the session afresh with the answer (spec 7). */
export async function signOut(): Promise<void> {
  const answer = await api.request<SessionPayload>(apiPaths.logout, { method: 'POST' });
  session.getState().initialise({ csrf: answer?.csrf ?? null, token: null, user: null, profile: null });
}

/** The signed-in user's menu: who they are, their screens, sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const profile = useSession((state) => state.profile);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;

  const name = displayName(profile, user.email);
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  const leave = () => {
    setAnchor(null);
    signOut()
      .then(() => navigate('/'))
      .catch(showError);
  };
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-label={t('account.menuFor', { name })}
        title={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="account-menu"
        // 40 px square with a photo as with the icon (header-controls.tsx keeps that place while loading).
        sx={profile?.avatar ? { p: 0.5 } : undefined}
      >
        {profile?.avatar ? (
          <Avatar src={profile.avatar} alt="" sx={{ width: 32, height: 32 }} />
        ) : (
          <AccountCircle aria-hidden />
        )}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled divider>
          <ListItemText primary={name} secondary={user.email} />
        </MenuItem>
        <MenuItem onClick={() => go('/auth/dashboard')}>{t('routes.dashboard')}</MenuItem>
        {!user.is_staff && (
          <MenuItem onClick={() => go(myComplaintsPath)} data-testid="account-my-complaints">
            {t('account.myComplaints')}
          </MenuItem>
        )}
        <MenuItem onClick={() => go('/auth/profile')}>{t('routes.profile')}</MenuItem>
        <MenuItem onClick={() => go('/auth/settings')}>{t('routes.settings')}</MenuItem>
        <MenuItem onClick={leave} data-testid="sign-out">
          {t('account.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}

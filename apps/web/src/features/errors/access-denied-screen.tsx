import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from '../../components/message-screen.js';

/** Spec 6: a signed-in user without the route's permission. */
export function AccessDeniedScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="access-denied"
      icon={<Block />}
      title={t('errors.accessDeniedTitle')}
      text={t('messages.accessDenied')}
      actions={
        <Button variant="contained" component={RouterLink} to="/auth/dashboard">
          {t('errors.goDashboard')}
        </Button>
      }
    />
  );
}

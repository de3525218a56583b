import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from '../../components/message-screen.js';

/** Spec 6: a signed-in user without the route's permission reads "Access Denied! You do not have access to the specified resource." (heading, then text). */
export function AccessDeniedScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="access-denied"
      icon={<Block />}
      title={t('errors.accessDeniedTitle')}
      text={t('messages.noAccess')}
      actions={
        <Button variant="contained" component={RouterLink} to="/auth/dashboard">
          {t('errors.goDashboard')}
        </Button>
      }
    />
  );
}

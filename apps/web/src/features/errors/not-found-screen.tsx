import ExploreOff from '@mui/icons-material/ExploreOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from '../../components/message-screen.js';

/** Spec 2: an unmatched path. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="not-found"
      status={404}
      icon={<ExploreOff />}
      title={t('errors.notFoundTitle')}
      text={t('errors.notFound')}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}

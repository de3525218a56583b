import ExploreOff from '@mui/icons-material/ExploreOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from '../../components/message-screen.js';

/**
 * Spec 2: an unmatched path, titled "You're lost" with the text "You're lost. The page you are looking
 * for could not be found". The title is the heading (and the tab's title); the text is the page's
 * description, and on screen only its second sentence follows the heading, so nobody reads "You're lost"
 * twice in a row.
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="not-found"
      status={404}
      icon={<ExploreOff />}
      title={t('errors.notFoundTitle')}
      description={t('errors.notFound')}
      text={t('errors.notFoundDetail')}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}

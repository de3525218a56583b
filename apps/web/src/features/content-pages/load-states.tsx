import ExploreOff from '@mui/icons-material/ExploreOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { MessageScreen } from '../../components/message-screen.js';
import './texts.js';

/** True when a query failed because the record does not exist, is not public, or its address is malformed. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}

/** The not-found message of a content screen, inside the layout (the address stays). */
export function ContentNotFound({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="content-not-found"
      status={404}
      icon={<ExploreOff />}
      title={t('content.common.notFoundTitle')}
      text={text ?? t('content.common.notFound')}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {t('content.common.goHome')}
        </Button>
      }
    />
  );
}

/** The shared inline load failure (components/list). */
export { LoadError } from '../../components/list/load-error.js';

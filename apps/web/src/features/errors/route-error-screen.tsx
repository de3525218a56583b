import CloudOff from '@mui/icons-material/CloudOff';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../app/load-chunk.js';
import { MessageScreen } from '../../components/message-screen.js';
import { NotFoundScreen } from './not-found-screen.js';

/** What a route shows when its screen failed: a chunk that did not load (spec 8), or any other error. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const retry = (
    <Button variant="contained" onClick={() => window.location.reload()} data-testid="retry">
      {t('errors.retry')}
    </Button>
  );
  if (error instanceof ChunkLoadError) {
    return (
      <MessageScreen
        testId="chunk-error"
        icon={<CloudOff />}
        title={t('errors.chunkTitle')}
        text={t('errors.chunkFailed', { reason: error.reason, url: error.url })}
        actions={retry}
      />
    );
  }
  return (
    <MessageScreen
      testId="route-error"
      icon={<ErrorOutline />}
      title={t('dialogs.errorTitle')}
      text={t('messages.genericError')}
      actions={retry}
    />
  );
}

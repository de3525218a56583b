import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** An inline load failure with a retry button; the text defaults to the list's own. */
export function LoadError({ text, onRetry }: { text?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      }
    >
      {text ?? t('list.loadError')}
    </Alert>
  );
}

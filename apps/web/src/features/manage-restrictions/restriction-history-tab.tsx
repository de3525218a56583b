import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { adminRestrictionApiPaths, type TRestrictionHistoryResponse } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { LoadError } from '../../components/list/load-error.js';
import { useCatalogueLabels } from '../catalogue/labels.js';
import { RestrictionHistory } from '../catalogue/restriction-history.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

/** The History tab: every version with who, when and each changed field (old → new), newest first. */
export function RestrictionHistoryTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  // Under the resource's path: every save, archive or unarchive refreshes it with the record.
  const history = useQuery(apiQuery<TRestrictionHistoryResponse>(adminRestrictionApiPaths.history(id)));
  if (history.isError) return <LoadError onRetry={() => void history.refetch()} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('manageRestrictions.historyIntro')}
      </Alert>
      {history.data ? (
        <RestrictionHistory history={history.data.results} labels={labels} />
      ) : (
        <Skeleton variant="rounded" height={160} aria-busy data-testid="history-loading" />
      )}
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TComplaintDetail } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import { OverdueChip, StatusChip, useStageName } from './complaint-status.js';

/** The head of a complaint's page: its reference as the title, status, stage, and the spec 4 message. */
export function ComplaintSummary({ complaint }: { complaint: TComplaintDetail }) {
  const { t, i18n } = useTranslation();
  const stageName = useStageName();
  const reviewed = complaint.status === 'resolved' || complaint.status === 'rejected';
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('complaints.detail.title', { reference: complaint.reference })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography component="span" variant="body2" color="text.secondary">
          {t('complaints.detail.status')}:
        </Typography>
        <StatusChip status={complaint.status} />
        {complaint.stage && (
          <>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('complaints.detail.stage')}:
            </Typography>
            <Chip size="small" label={stageName(complaint.stage)} data-testid="stage-chip" />
          </>
        )}
        {complaint.overdue && <OverdueChip />}
        {complaint.stage_due_at && !complaint.overdue && (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('complaints.detail.due', { date: formatDate(complaint.stage_due_at, i18n.language) })}
          </Typography>
        )}
        {complaint.archived && <Chip size="small" label={t('complaints.detail.archived')} />}
      </Box>
      {complaint.message && (
        <Alert
          severity={reviewed ? 'success' : 'info'}
          variant="outlined"
          sx={{ mb: 2, fontSize: '1.05rem' }}
          data-testid="complaint-message"
        >
          {translateMessage(complaint.message)}
        </Alert>
      )}
    </>
  );
}

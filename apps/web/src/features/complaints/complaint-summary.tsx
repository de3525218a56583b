import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TComplaintDetail, TReviewLogEntry } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { ComplaintHeading } from './complaint-heading.js';
import { OverdueChip } from './complaint-status.js';

/** Who reads a complaint's page: its applicant, or staff reviewing it. */
export type ComplaintViewer = 'applicant' | 'reviewer';

/** The newest review log entry with this decision (the log is oldest first), if any. */
export function latestDecision(
  complaint: TComplaintDetail,
  decision: TReviewLogEntry['decision'],
): TReviewLogEntry | undefined {
  return complaint.review_logs.findLast((log) => log.decision === decision);
}

/** The decision that closed a complaint, with its date and reason: at the top of its page. */
function Outcome({ complaint }: { complaint: TComplaintDetail }) {
  const { t, i18n } = useTranslation();
  const resolved = complaint.status === 'resolved';
  const log = latestDecision(complaint, resolved ? 'resolve' : 'reject');
  const when = resolved ? (complaint.date_resolved ?? log?.timestamp) : log?.timestamp;
  const heading = when
    ? t(resolved ? 'complaints.detail.resolvedOn' : 'complaints.detail.rejectedOn', {
        date: formatDateTime(when, i18n.language),
      })
    : t(resolved ? 'complaints.decision.resolve' : 'complaints.decision.reject');
  return (
    <Alert
      // A rejection is not a success: no green check for it.
      severity={resolved ? 'success' : 'warning'}
      icon={resolved ? <CheckCircleOutlined /> : <HighlightOff />}
      variant="outlined"
      sx={{ mb: 2 }}
      data-testid="complaint-outcome"
      data-outcome={complaint.status}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {heading}
      </AlertTitle>
      <Typography data-testid="complaint-message" sx={{ mb: 1 }}>
        {translateMessage(complaint.message)}
      </Typography>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {t('complaints.detail.reason')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="complaint-reason">
        {log?.comments || t('complaints.detail.noReason')}
      </Typography>
    </Alert>
  );
}

/** For staff: the complaint waits on its applicant, and this is what they were asked. */
function AwaitingApplicant({ complaint }: { complaint: TComplaintDetail }) {
  const { t } = useTranslation();
  const question = latestDecision(complaint, 'request_info');
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="awaiting-applicant">
      <Typography sx={{ mb: 0.5 }}>{t('complaints.detail.awaitingApplicant')}</Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}>
        {question?.comments}
      </Typography>
    </Alert>
  );
}

/**
 * What the page says about where the complaint stands, for this viewer: the decision and reason once
 * closed; for the applicant, spec 4's "Please wait …" while reviewers work on it (a question for them is
 * the answer form, shown by the page); for staff, what the applicant was asked while it waits on them.
 */
function StandingMessage({ complaint, viewer }: { complaint: TComplaintDetail; viewer: ComplaintViewer }) {
  if (complaint.status === 'resolved' || complaint.status === 'rejected')
    return <Outcome complaint={complaint} />;
  if (complaint.status === 'information_requested') {
    if (viewer === 'reviewer') return <AwaitingApplicant complaint={complaint} />;
    if (complaint.can_respond) return null;
  }
  if (viewer === 'reviewer' || !complaint.message) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 2, fontSize: '1.05rem' }}
      data-testid="complaint-message"
    >
      {translateMessage(complaint.message)}
    </Alert>
  );
}

/** The head of a complaint's page: its reference as the title, status, stage, and where it stands. */
export function ComplaintSummary({
  complaint,
  viewer = 'applicant',
}: {
  complaint: TComplaintDetail;
  viewer?: ComplaintViewer;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ComplaintHeading complaint={complaint}>
        {complaint.overdue && <OverdueChip />}
        {complaint.stage_due_at && !complaint.overdue && (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('complaints.detail.due', { date: formatDate(complaint.stage_due_at, i18n.language) })}
          </Typography>
        )}
        {complaint.archived && <Chip size="small" label={t('complaints.detail.archived')} />}
      </ComplaintHeading>
      <StandingMessage complaint={complaint} viewer={viewer} />
    </>
  );
}

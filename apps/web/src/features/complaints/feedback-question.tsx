import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  feedbackApiPaths,
  type TComplaintDetail,
  type TComplaintFeedbackState,
  type TFeedbackAnswer,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { formatDateTime } from '../../lib/format.js';
import { useStageName } from './complaint-status.js';
import { latestDecision } from './complaint-summary.js';
import { FeedbackForm } from './feedback-form.js';
import './feedback-texts.js';

const sameInstant = (a: string | null, b: string | null) =>
  a !== null && b !== null && new Date(a).getTime() === new Date(b).getTime();

/** The applicant's answer as they gave it: when, what, and their reason for "not fixed". */
function Answered({ answer }: { answer: TFeedbackAnswer }) {
  const { t, i18n } = useTranslation();
  const stageName = useStageName();
  const fixed = answer.outcome === 'fixed';
  const date = formatDateTime(answer.answered_at, i18n.language);
  return (
    <Alert
      severity={fixed ? 'success' : 'info'}
      variant="outlined"
      sx={{ mb: 2 }}
      data-testid="feedback-answered"
      data-outcome={answer.outcome}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {fixed
          ? t('complaintFeedback.answeredFixed', { date })
          : t('complaintFeedback.answeredReopened', { date, stage: stageName(answer.resolved_stage) })}
      </AlertTitle>
      {answer.reason && (
        <>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            {t('complaintFeedback.yourReason')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.reason}</Typography>
        </>
      )}
    </Alert>
  );
}

/**
 * After a resolution, on the applicant's page (docs/complaint-feedback.md): "Is the barrier gone?" with
 * the last day to answer, then the answer given; while a "not fixed" has the complaint under review again,
 * that answer. Nothing for anyone else, nor before a first resolution.
 */
export function FeedbackQuestion({
  complaint,
  onAnswered,
}: {
  complaint: TComplaintDetail;
  onAnswered: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(apiQuery<TComplaintFeedbackState>(feedbackApiPaths.feedback(complaint.slug)));
  const state = query.data;
  if (!state) return null;
  const resolved = complaint.status === 'resolved';
  const underReview = complaint.status === 'in_review' || complaint.status === 'information_requested';
  const { answer } = state;
  // The answer to this resolution, or the "not fixed" that has it under review again.
  const current =
    answer &&
    (resolved
      ? sameInstant(answer.resolved_at, complaint.date_resolved)
      : underReview && answer.outcome === 'not_fixed');
  if (answer && current) return <Answered answer={answer} />;
  if (!resolved || !state.answer_by) return null;
  const until = formatDateTime(state.answer_by, i18n.language);
  if (!state.can_answer)
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="feedback-closed">
        {t('complaintFeedback.closed', { date: until })}
      </Alert>
    );
  const reload = async () => {
    await Promise.all([query.refetch(), onAnswered()]);
  };
  return (
    <Box
      component="section"
      aria-labelledby="feedback-title"
      data-testid="feedback-question"
      sx={{ border: 2, borderColor: 'primary.main', borderRadius: 1, p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="feedback-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('complaintFeedback.title')}
      </Typography>
      <Typography sx={{ mb: 0.5 }}>{t('complaintFeedback.intro')}</Typography>
      <Typography sx={{ mb: 2, fontWeight: 600 }} data-testid="feedback-deadline">
        {t('complaintFeedback.deadline', { date: until })}
      </Typography>
      <FeedbackForm
        slug={complaint.slug}
        stage={latestDecision(complaint, 'resolve')?.stage ?? null}
        onSent={reload}
      />
    </Box>
  );
}

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import SearchOff from '@mui/icons-material/SearchOffOutlined';
import { complaintApiPaths, type TComplaintDetail } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { MessageScreen } from '../../components/message-screen.js';
import { useSession } from '../../session/session.js';
import { AttachmentLinks, ComplaintFacts, DetailSection } from './complaint-facts.js';
import { ComplaintSummary, latestDecision } from './complaint-summary.js';
import { ConfidentialityPanel } from './confidentiality-panel.js';
import { FeedbackQuestion } from './feedback-question.js';
import { SignInFirst } from './complaint-form-screen.js';
import { RespondForm } from './respond-form.js';
import { ReviewTimeline } from './review-timeline.js';

/** The skeleton of a complaint's page while it loads. */
export function DetailSkeleton() {
  return (
    <div data-testid="detail-skeleton" aria-busy>
      <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 360 }} />
      <Skeleton variant="rounded" height={48} sx={{ my: 2 }} />
      <Skeleton variant="rounded" height={220} />
    </div>
  );
}

/** A complaint that is not there, or not the viewer's to see (the API answers 404 alike). */
export function ComplaintNotFound({
  listPath = '/public/complaints/list',
  status,
}: {
  listPath?: string;
  /** On a server-rendered page: its HTTP status. */
  status?: number;
}) {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="complaint-not-found"
      status={status}
      icon={<SearchOff />}
      title={t('complaints.detail.notFound')}
      text={t('complaints.detail.notFoundText')}
      actions={
        <Button variant="contained" component={RouterLink} to={listPath}>
          {t('complaints.detail.backToList')}
        </Button>
      }
    />
  );
}

/** `/public/complaints/{slug}`: one complaint for its applicant (and its reviewers). */
export function ComplaintDetailScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const query = useQuery({ ...apiQuery<TComplaintDetail>(complaintApiPaths.detail(slug)), enabled: !!user });

  if (!user) return <SignInFirst forDetail />;
  if (query.isPending) return <DetailSkeleton />;
  if (query.error || !query.data) {
    if (query.error instanceof ApiError && query.error.status !== 404) throw query.error;
    return <ComplaintNotFound />;
  }
  const complaint = query.data;
  return (
    <>
      <ComplaintSummary complaint={complaint} />
      {/* After a resolution: is the barrier gone? (issue 34 item 4; the applicant's question, not staff's). */}
      {!user.is_staff && <FeedbackQuestion complaint={complaint} onAnswered={() => query.refetch()} />}
      {/* A question from a reviewer comes first: it is what the applicant has to do now. */}
      {complaint.can_respond && (
        <RespondForm
          slug={complaint.slug}
          question={latestDecision(complaint, 'request_info')?.comments ?? ''}
          onSent={() => void query.refetch()}
        />
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: complaint.can_respond ? 3 : 0 }}>
        <ComplaintFacts complaint={complaint} />
      </Paper>
      {/* The applicant's own choices (issue 34 item 5); staff read this page through their own screen. */}
      {!user.is_staff && <ConfidentialityPanel complaint={complaint} onChanged={() => query.refetch()} />}
      <DetailSection title={t('complaints.detail.attachments')}>
        <AttachmentLinks attachments={complaint.attachments} />
      </DetailSection>
      <DetailSection title={t('complaints.detail.timeline')} testId="timeline-section">
        <ReviewTimeline logs={complaint.review_logs} />
      </DetailSection>
    </>
  );
}

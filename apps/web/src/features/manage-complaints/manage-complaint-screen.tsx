import ArrowBack from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { checkPermission, complaintApiPaths, reviewPermission, type TComplaintDetail } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { formatDateTime } from '../../lib/format.js';
import { ComplaintNotFound, DetailSkeleton } from '../complaints/complaint-detail-screen.js';
import { AttachmentLinks, ComplaintFacts, DetailSection, FactList } from '../complaints/complaint-facts.js';
import { ComplaintSummary } from '../complaints/complaint-summary.js';
import { IdentityWithheld } from '../complaints/identity-withheld.js';
import { ReviewTimeline } from '../complaints/review-timeline.js';
import { ComplaintStatements } from './complaint-statements.js';
import { tabsFor } from './manage-access.js';
import { RecordActions } from './record-actions.js';
import { ReviewForm } from './review-form.js';
import { useSession } from '../../session/session.js';
import './texts.js';

/** Who lodged the complaint and how: staff only. */
function ApplicantFacts({ complaint }: { complaint: TComplaintDetail }) {
  const { t, i18n } = useTranslation();
  // The confidentiality rule is the server's (issue 34 item 5): it sends no identity, and says so.
  const items: [string, React.ReactNode][] = [
    [
      t('manageComplaints.detail.applicant'),
      complaint.applicant_withheld ? <IdentityWithheld /> : (complaint.applicant?.display_name ?? '—'),
    ],
  ];
  if (complaint.applicant?.email)
    items.push([
      t('manageComplaints.detail.email'),
      <Link href={`mailto:${complaint.applicant.email}`}>{complaint.applicant.email}</Link>,
    ]);
  if (complaint.sms_phone) items.push([t('manageComplaints.detail.phone'), complaint.sms_phone]);
  items.push([
    t('manageComplaints.detail.source'),
    t(complaint.source === 'sms' ? 'manageComplaints.detail.sourceSms' : 'manageComplaints.detail.sourceWeb'),
  ]);
  if (complaint.redacted_at)
    items.push([
      t('confidentiality.redactTitle'),
      t('confidentiality.redactedOn', { date: formatDateTime(complaint.redacted_at, i18n.language) }),
    ]);
  if (complaint.stage_due_at)
    items.push([
      t('manageComplaints.detail.stageDue'),
      formatDateTime(complaint.stage_due_at, i18n.language),
    ]);
  return <FactList items={items} />;
}

/** `/auth/manage/complaints/{index}`: one complaint for staff, its review and its record actions. */
export function ManageComplaintScreen() {
  const { t } = useTranslation();
  const { index = '' } = useParams();
  const id = Number.parseInt(index, 10);
  const valid = Number.isInteger(id) && id > 0 && String(id) === index;
  const query = useQuery({
    ...apiQuery<TComplaintDetail>(complaintApiPaths.manageDetail(valid ? id : 0)),
    enabled: valid,
  });
  const reload = () => query.refetch();
  const user = useSession((state) => state.user);

  if (!valid) return <ComplaintNotFound listPath="/auth/manage/complaints" />;
  if (query.isPending) return <DetailSkeleton />;
  if (query.error || !query.data) {
    if (query.error instanceof ApiError && query.error.status !== 404) throw query.error;
    return <ComplaintNotFound listPath="/auth/manage/complaints" />;
  }
  const complaint = query.data;
  // Each answer with the question it answers.
  const answers = complaint.review_logs.some((log) => log.decision === 'information_provided')
    ? complaint.review_logs.filter(
        (log) => log.decision === 'request_info' || log.decision === 'information_provided',
      )
    : [];
  return (
    <>
      <Button
        component={RouterLink}
        to={`/auth/manage/complaints?tab=${tabsFor(user).includes('all') ? 'all' : 'queue'}`}
        startIcon={<ArrowBack aria-hidden />}
        sx={{ mb: 1 }}
      >
        {t('manageComplaints.detail.back')}
      </Button>
      <ComplaintSummary complaint={complaint} viewer="reviewer" />
      <RecordActions complaint={complaint} reload={reload} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
        <ApplicantFacts complaint={complaint} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
        <ComplaintFacts complaint={complaint} />
      </Paper>
      {/* What the decision rests on comes before it: the documents, then the applicant's answers. */}
      <DetailSection title={t('complaints.detail.attachments')} testId="attachments-section">
        <AttachmentLinks attachments={complaint.attachments} />
      </DetailSection>
      {answers.length > 0 && (
        <DetailSection title={t('manageComplaints.review.answersTitle')} testId="answers-section">
          <ReviewTimeline logs={answers} testId="answers-log" />
        </DetailSection>
      )}
      {complaint.stage &&
        complaint.allowed_decisions.length > 0 &&
        checkPermission(user, { permissions: [reviewPermission(complaint.stage)] }) && (
          <ReviewForm key={complaint.version} complaint={complaint} reload={reload} />
        )}
      <ComplaintStatements complaint={complaint} reload={reload} />
      <DetailSection title={t('complaints.detail.timeline')} testId="timeline-section">
        <ReviewTimeline logs={complaint.review_logs} />
      </DetailSection>
    </>
  );
}

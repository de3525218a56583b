import type { ReviewStage } from '@stp/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { complaintReopenedMail, feedbackQuestionMail } from '../../mail/feedback-mails.js';
import {
  applicantLink,
  localeOf,
  nameOf,
  queuedMails,
  type MailDeps,
} from '../complaints/complaint-notify.js';
import type { ComplaintRow } from '../complaints/complaints.service.js';
import { answerDeadline } from './answer-window.js';

/** The applicant's account when it can still be mailed (an SMS complaint or a closed account has none). */
async function mailableApplicant(db: Executor, complaint: ComplaintRow) {
  if (complaint.applicantId === null) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, complaint.applicantId));
  return user?.isActive ? user : undefined;
}

/**
 * In the resolving review's transaction: asks the applicant, in their language, whether the barrier is
 * gone, with the last day to answer; queued in the outbox, so it exists exactly when the resolution does.
 */
export async function queueFeedbackQuestion(deps: MailDeps, tx: Executor, complaint: ComplaintRow) {
  const applicant = await mailableApplicant(tx, complaint);
  if (!applicant || !complaint.dateResolved) return;
  const mail = feedbackQuestionMail(applicant.email, nameOf(applicant), localeOf(applicant.locale), {
    reference: complaint.reference,
    link: applicantLink(deps, complaint),
    answerBy: answerDeadline(complaint.dateResolved),
  });
  await deps.outbox.mail(tx, mail, { kind: 'complaint_update', complaintId: complaint.id });
}

/**
 * In the reopening's transaction: the applicant hears it is reopened, and the reviewers of the stage get
 * the mail a complaint entering their queue sends (complaint-notify.ts), with its new due date.
 */
export async function queueReopenedMails(deps: MailDeps, tx: Executor, complaint: ComplaintRow) {
  const applicant = await mailableApplicant(tx, complaint);
  if (applicant) {
    const mail = complaintReopenedMail(applicant.email, nameOf(applicant), localeOf(applicant.locale), {
      reference: complaint.reference,
      link: applicantLink(deps, complaint),
      stage: complaint.stage as ReviewStage,
    });
    await deps.outbox.mail(tx, mail, { kind: 'complaint_update', complaintId: complaint.id });
  }
  await deps.outbox.mail(tx, await queuedMails(deps, tx, complaint), {
    kind: 'complaint_queued',
    complaintId: complaint.id,
  });
}

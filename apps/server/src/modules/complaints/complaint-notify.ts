import { reviewPermission, type ReviewStage } from '@stp/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/client.js';
import type { complaints } from '../../db/schema/index.js';
import { groupPermissions, permissions, userGroups, userPermissions, users } from '../../db/schema/index.js';
import {
  complaintLodgedMail,
  complaintQueuedMail,
  complaintUpdateMail,
  type ApplicantEvent,
} from '../../mail/complaint-mails.js';
import type { MailMessage } from '../../mail/mailer.js';
import { identityShown } from './confidentiality.js';

export type MailDeps = Pick<AppDeps, 'outbox' | 'config'>;
type Locale = 'en' | 'fr';
type ComplaintRow = typeof complaints.$inferSelect;

export const localeOf = (value: string): Locale => (value === 'fr' ? 'fr' : 'en');
export const nameOf = (user: { displayName: string; firstName: string; lastName: string; email: string }) =>
  user.displayName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/** Active staff holding the review permission of `stage` (directly or through a group); at the regulator stage only those of the complaint's country. Superusers are not mailed for every queue. */
export async function reviewersOf(db: Executor, stage: ReviewStage, countryCode: string) {
  const codename = reviewPermission(stage);
  const direct = db
    .select({ userId: userPermissions.userId })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(permissions.codename, codename));
  const viaGroups = db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(eq(permissions.codename, codename));
  const ids = (await direct.union(viaGroups)).map((row) => row.userId);
  if (ids.length === 0) return [];
  const conditions = [inArray(users.id, ids), eq(users.isActive, true), eq(users.isStaff, true)];
  if (stage === 'regulator') conditions.push(eq(users.countryCode, countryCode));
  return db
    .select()
    .from(users)
    .where(and(...conditions));
}

/** The complaint's applicant when their account is active (mails go to them). */
export async function applicantOf(db: Executor, complaint: ComplaintRow) {
  if (complaint.applicantId === null) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, complaint.applicantId));
  return user?.isActive ? user : undefined;
}

export const applicantLink = (deps: MailDeps, complaint: ComplaintRow) =>
  `${deps.config.publicUrl}/public/complaints/${complaint.slug}`;
export const reviewerLink = (deps: MailDeps, complaint: ComplaintRow) =>
  `${deps.config.publicUrl}/auth/manage/complaints/${complaint.id}`;

/** The country of the applicant's account (the confidentiality rule reads it), active or not. */
async function applicantCountryOf(db: Executor, complaint: ComplaintRow): Promise<string | null> {
  if (complaint.applicantId === null || !complaint.identityWithheld) return null;
  const [user] = await db
    .select({ countryCode: users.countryCode })
    .from(users)
    .where(eq(users.id, complaint.applicantId));
  return user?.countryCode ?? null;
}

/** The mail of each reviewer of the complaint's stage: the brief, and the label where the identity is withheld. */
export async function queuedMails(
  deps: MailDeps,
  tx: Executor,
  complaint: ComplaintRow,
): Promise<MailMessage[]> {
  if (!complaint.stage) return [];
  const stage = complaint.stage as ReviewStage;
  const reviewers = await reviewersOf(tx, stage, complaint.countryCode);
  const applicantCountry = await applicantCountryOf(tx, complaint);
  return reviewers.map((reviewer) =>
    complaintQueuedMail(reviewer.email, nameOf(reviewer), localeOf(reviewer.locale), {
      reference: complaint.reference,
      link: reviewerLink(deps, complaint),
      stage,
      country: complaint.countryCode,
      dueAt: complaint.stageDueAt,
      brief: complaint.briefDescription,
      withheld: !identityShown(reviewer, { ...complaint, applicantCountry }),
    }),
  );
}

/**
 * In the complaint's own transaction: the applicant's confirmation and the first stage's reviewers,
 * queued in the outbox, so they exist exactly when the complaint does (sent by the delivery worker).
 */
export async function queueLodgedMails(deps: MailDeps, tx: Executor, complaint: ComplaintRow) {
  const applicant = await applicantOf(tx, complaint);
  if (applicant) {
    const mail = complaintLodgedMail(applicant.email, nameOf(applicant), localeOf(applicant.locale), {
      reference: complaint.reference,
      link: applicantLink(deps, complaint),
    });
    await deps.outbox.mail(tx, mail, { kind: 'complaint_lodged', complaintId: complaint.id });
  }
  await deps.outbox.mail(tx, await queuedMails(deps, tx, complaint), {
    kind: 'complaint_queued',
    complaintId: complaint.id,
  });
}

/** In a review's or an answer's transaction: the applicant, and the reviewers of a newly entered stage. */
export async function queueChangeMails(
  deps: MailDeps,
  tx: Executor,
  complaint: ComplaintRow,
  event: ApplicantEvent,
  queueChanged: boolean,
) {
  const applicant = await applicantOf(tx, complaint);
  if (applicant) {
    const mail = complaintUpdateMail(
      applicant.email,
      nameOf(applicant),
      localeOf(applicant.locale),
      { reference: complaint.reference, link: applicantLink(deps, complaint) },
      event,
    );
    await deps.outbox.mail(tx, mail, { kind: 'complaint_update', complaintId: complaint.id });
  }
  if (!queueChanged) return;
  await deps.outbox.mail(tx, await queuedMails(deps, tx, complaint), {
    kind: 'complaint_queued',
    complaintId: complaint.id,
  });
}

import { checkPermission, reviewPermission, reviewStages, type SessionUser } from '@stp/shared';

/** Staff who see complaints beyond their own (the server's rule: staff with the view permission, superusers). */
export function isComplaintStaff(user: SessionUser | null): boolean {
  if (!user) return false;
  return (
    user.is_superuser ||
    (user.is_staff && checkPermission(user, { permissions: ['complaints.view_complaint'] }))
  );
}

/** A reviewer at one stage at least: they have a queue. */
export function isReviewer(user: SessionUser | null): boolean {
  if (!user || !(user.is_staff || user.is_superuser)) return false;
  return checkPermission(user, { permissions: reviewStages.map(reviewPermission), mode: 'OR' });
}

export type ManageTab = 'overview' | 'mine' | 'queue' | 'all' | 'deadlines';

/** The tabs a user may open, in order: clients follow their own complaints, staff review and export. */
export function tabsFor(user: SessionUser | null): ManageTab[] {
  const tabs: ManageTab[] = ['overview'];
  if (user && !user.is_staff) tabs.push('mine');
  if (isReviewer(user)) tabs.push('queue');
  if (isComplaintStaff(user)) tabs.push('all', 'deadlines');
  return tabs;
}

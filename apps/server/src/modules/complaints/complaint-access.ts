import { reviewPermission, reviewStages, type ReviewStage } from '@stp/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { complaints } from '../../db/schema/index.js';

/** The complaint fields the access rules read. */
export interface ComplaintAccessFacts {
  applicantId: number | null;
  countryCode: string;
  stage: string | null;
}

const holds = (principal: Principal, codename: string) =>
  principal.user.isSuperuser || principal.permissions.includes(codename);

/** The stages whose review permission the user holds. */
export function heldStages(principal: Principal): ReviewStage[] {
  return reviewStages.filter((stage) => holds(principal, reviewPermission(stage)));
}

/**
 * A national regulator (holds the regulator stage and no later one, not a superuser) works only on
 * complaints of their own country (users.country_code); everyone else with the view permission sees all.
 */
export function countryLimited(principal: Principal): boolean {
  if (principal.user.isSuperuser) return false;
  const stages = heldStages(principal);
  return stages.includes('regulator') && !stages.includes('regional') && !stages.includes('council');
}

/** Staff who may see complaints beyond their own: staff with `complaints.view_complaint`, and superusers. */
export function isComplaintStaff(principal: Principal): boolean {
  return (
    principal.user.isSuperuser || (principal.user.isStaff && holds(principal, 'complaints.view_complaint'))
  );
}

/** The object-level rule of the detail: the applicant, staff within their country rule, superusers. */
export function canSeeComplaint(principal: Principal | null, complaint: ComplaintAccessFacts): boolean {
  if (!principal) return false;
  if (principal.user.isSuperuser) return true;
  if (complaint.applicantId !== null && complaint.applicantId === principal.user.id) return true;
  if (!isComplaintStaff(principal)) return false;
  return !countryLimited(principal) || principal.user.countryCode === complaint.countryCode;
}

/** May review at the complaint's CURRENT stage: its permission, and the country rule at the regulator stage. */
export function canReviewAt(principal: Principal, complaint: ComplaintAccessFacts): boolean {
  const stage = complaint.stage as ReviewStage | null;
  if (!stage || !holds(principal, reviewPermission(stage))) return false;
  if (principal.user.isSuperuser) return true;
  if (!principal.user.isStaff) return false;
  return stage !== 'regulator' || principal.user.countryCode === complaint.countryCode;
}

/** The WHERE of the staff lists: what `canSeeComplaint` lets a staff user see (undefined = everything). */
export function staffScope(principal: Principal): SQL | undefined {
  if (!countryLimited(principal)) return undefined;
  const country = principal.user.countryCode;
  return country ? eq(complaints.countryCode, country) : sql`false`;
}

/** The WHERE of a reviewer's queue: the stages they hold; at the regulator stage only their own country. */
export function queueScope(principal: Principal): SQL {
  const stages = heldStages(principal);
  if (stages.length === 0) return sql`false`;
  if (principal.user.isSuperuser) return inArray(complaints.stage, stages);
  const parts: SQL[] = [];
  const others = stages.filter((stage) => stage !== 'regulator');
  if (others.length > 0) parts.push(inArray(complaints.stage, others));
  if (stages.includes('regulator') && principal.user.countryCode) {
    parts.push(
      and(eq(complaints.stage, 'regulator'), eq(complaints.countryCode, principal.user.countryCode)) as SQL,
    );
  }
  return parts.length === 0 ? sql`false` : (or(...parts) as SQL);
}

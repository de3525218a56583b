import type { ComplaintStatus } from '@stp/shared';

// Issue 34 item 5 (docs/complaint-confidentiality.md): the ONE rule of who learns the applicant's identity.
// Every presenter of the complaints area (detail, lists, CSV), the reviewers' mails and the audit views
// ask it; no screen decides for itself.

/** Who looks: a signed-in user (the audit views' superuser, a reviewer, the applicant). */
export interface IdentityViewer {
  id: number;
  countryCode: string | null;
}

/** What the rule reads of a complaint: the request, its applicant and the applicant account's country. */
export interface IdentityFacts {
  identityWithheld: boolean;
  applicantId: number | null;
  /** users.country_code of the applicant (null: no account, or no country given). */
  applicantCountry: string | null;
}

/**
 * May `viewer` learn who lodged the complaint? Yes without the request; with it, only the applicant
 * and users of the applicant's own country (users.country_code on both sides, both known). Superusers
 * follow the same rule: the request names no exception.
 */
export function identityShown(viewer: IdentityViewer, facts: IdentityFacts): boolean {
  if (!facts.identityWithheld) return true;
  if (facts.applicantId !== null && facts.applicantId === viewer.id) return true;
  return viewer.countryCode !== null && viewer.countryCode === facts.applicantCountry;
}

/**
 * Review has started once a reviewer acted: the complaint left `submitted` (a decision, a question) or
 * has any review log row. Until then the applicant may redact their own text.
 */
export function reviewStarted(row: { status: string; archived: boolean }, logCount: number): boolean {
  return (row.status as ComplaintStatus) !== 'submitted' || row.archived || logCount > 0;
}

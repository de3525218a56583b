import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../../admin/audit-page.js';
import type { Executor } from '../../db/client.js';
import { auditLog, complaints, users } from '../../db/schema/index.js';
import { complaintModel } from '../complaint-reviews/complaint-audit.js';
import { identityShown, type IdentityViewer } from './confidentiality.js';

/** An audit row, and whether its actor is an applicant whose identity is withheld from the viewer. */
export type ScreenedAuditRow = AuditRow & { actorWithheld: boolean };

/**
 * The audit views' side of the confidentiality rule: the rows a withheld applicant wrote on their own
 * complaint (an answer, a redaction, their request) do not name them to a viewer the rule excludes.
 */
export async function screenAuditActors(
  db: Executor,
  viewer: IdentityViewer,
  rows: AuditRow[],
): Promise<ScreenedAuditRow[]> {
  const ids = [
    ...new Set(
      rows
        .filter((row) => row.audit.model === complaintModel && row.actor !== null)
        .map((row) => Number(row.audit.objectId))
        .filter(Number.isSafeInteger),
    ),
  ];
  const withheld =
    ids.length === 0
      ? []
      : await db
          .select({
            id: complaints.id,
            identityWithheld: complaints.identityWithheld,
            applicantId: complaints.applicantId,
            applicantCountry: users.countryCode,
          })
          .from(complaints)
          .leftJoin(users, eq(users.id, complaints.applicantId))
          .where(and(inArray(complaints.id, ids), eq(complaints.identityWithheld, true)));
  const byId = new Map(withheld.map((facts) => [String(facts.id), facts]));
  return rows.map((row) => {
    const facts = byId.get(row.audit.objectId);
    const hidden =
      facts !== undefined &&
      row.actor !== null &&
      row.actor.id === facts.applicantId &&
      !identityShown(viewer, facts);
    return { ...row, actorWithheld: hidden };
  });
}

/**
 * The same screening as a condition on `audit_log` rows, for the audit list's filters and order by actor
 * (an e-mail search must not find the rows it would not name): true when the row's actor is the applicant
 * of the complaint it is about, who asked to be withheld, and `identityShown` would not show them to
 * `viewer` (neither the applicant, nor of the applicant's country, both known). `confidentiality.test.ts`
 * checks that the searches find the row exactly where `screenAuditActors` names its actor.
 */
export function auditActorWithheld(viewer: IdentityViewer): SQL {
  const sameCountry =
    viewer.countryCode === null ? sql`false` : sql`applicant.country_code = ${viewer.countryCode}`;
  // The complaint is found through its primary key (the object id read as a number): matched as text, a
  // search or sort over a large audit log ran this once per row against every complaint (minutes).
  const complaintId = sql`case when ${auditLog.objectId} ~ '^[0-9]{1,9}$' then ${auditLog.objectId}::integer end`;
  return sql`(${auditLog.model} = ${complaintModel} and ${auditLog.actorId} is not null and exists (
    select 1 from ${complaints} withheld join ${users} applicant on applicant.id = withheld.applicant_id
    where withheld.id = ${complaintId} and withheld.identity_withheld
      and withheld.applicant_id = ${auditLog.actorId} and withheld.applicant_id <> ${viewer.id}
      and not coalesce(${sameCountry}, false)))`;
}

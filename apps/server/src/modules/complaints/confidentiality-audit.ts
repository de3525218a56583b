import { and, eq, inArray } from 'drizzle-orm';
import type { AuditRow } from '../../admin/audit-page.js';
import type { Executor } from '../../db/client.js';
import { complaints, users } from '../../db/schema/index.js';
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

import { auditObjectLabel, type TAuditEntry, type TAuditListItem } from '@stp/shared';
import type { ScreenedAuditRow } from '../complaints/confidentiality-audit.js';

/** An audit row as the list shows it; an applicant withheld from the viewer is not named. */
export function presentAuditItem({ audit, actor, actorWithheld }: ScreenedAuditRow): TAuditListItem {
  return {
    id: audit.id,
    created_at: audit.createdAt.toISOString(),
    actor:
      actor && !actorWithheld
        ? { id: actor.id, email: actor.email, name: `${actor.firstName} ${actor.lastName}`.trim() }
        : null,
    actor_withheld: actorWithheld,
    action: audit.action,
    model: audit.model,
    object_id: audit.objectId,
    object_label: auditObjectLabel(audit.after) || auditObjectLabel(audit.before),
  };
}

/** An audit row with its before and after. */
export function presentAuditEntry(row: ScreenedAuditRow): TAuditEntry {
  return { ...presentAuditItem(row), ip: row.audit.ip, before: row.audit.before, after: row.audit.after };
}

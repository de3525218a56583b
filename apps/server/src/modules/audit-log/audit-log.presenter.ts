import { auditObjectLabel, type TAuditEntry, type TAuditListItem } from '@stp/shared';
import type { AuditRow } from './audit-log.service.js';

/** An audit row as the list shows it. */
export function presentAuditItem({ audit, actor }: AuditRow): TAuditListItem {
  return {
    id: audit.id,
    created_at: audit.createdAt.toISOString(),
    actor: actor
      ? { id: actor.id, email: actor.email, name: `${actor.firstName} ${actor.lastName}`.trim() }
      : null,
    action: audit.action,
    model: audit.model,
    object_id: audit.objectId,
    object_label: auditObjectLabel(audit.after) || auditObjectLabel(audit.before),
  };
}

/** An audit row with its before and after. */
export function presentAuditEntry(row: AuditRow): TAuditEntry {
  return { ...presentAuditItem(row), ip: row.audit.ip, before: row.audit.before, after: row.audit.after };
}

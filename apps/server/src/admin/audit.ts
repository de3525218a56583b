import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { notSignedIn } from '../http/errors.js';

/** Who made a staff change, and from where: what every audit row records. */
export interface Actor {
  userId: number;
  ip: string;
}

/** The signed-in caller of a staff route as an audit actor (401 when nobody is signed in). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notSignedIn();
  return { userId: request.principal.user.id, ip: request.ip };
}

export type AuditAction = 'add' | 'change' | 'delete' | 'archive' | 'unarchive' | (string & {});

export interface AuditEntry {
  actor: Actor | null;
  action: AuditAction;
  /** `app.model`, as in the permission codenames: `restrictions.commitment`. */
  model: string;
  objectId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes one audit row (issue 6 item 7). Call it with the change's own transaction, so the change and
 * its record land together or not at all.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.userId ?? null,
    action: entry.action,
    model: entry.model,
    objectId: String(entry.objectId),
    before: entry.before,
    after: entry.after,
    ip: entry.actor?.ip ?? '',
  });
}

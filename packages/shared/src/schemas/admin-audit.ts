import { z } from 'zod';
import type { TComplaintOverview } from './complaints.js';
import { ZListQuerySchema, maxRecordId } from './fields.js';
import type { ReviewStage } from '../permission-codenames.js';

/** API paths of the audit log viewer (superusers) and the signed-in dashboard. */
export const auditApiPaths = {
  /** GET: audit rows, newest first, with the filters of `ZAuditListQuerySchema`. */
  list: '/admin/audit-log/',
  /** GET: one audit row with its before and after. */
  entry: (id: number | string) => `/admin/audit-log/${id}/`,
  /** GET: the models and actions present in the log (filter choices). */
  choices: '/admin/audit-log/choices/',
  /** GET: the signed-in user's dashboard figures. */
  dashboard: '/dashboard/',
} as const;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const ZDateFilter = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (yyyy-MM-dd).')
    .refine(isRealDate, 'Enter a valid date (yyyy-MM-dd).')
    .optional(),
);

/** Sorts of the audit list: `created_at` (default `-created_at`), `model`, `action`, `actor`. */
export const auditSorts = ['created_at', 'model', 'action', 'actor'] as const;

/**
 * Filters of the audit log: `actor` (a user id) or `user` (part of the actor's e-mail), `model`
 * (`app.model`), `action`, `object_id`, and `date_from`/`date_to` (UTC days, both included). `q`
 * searches the object id and the actor's e-mail.
 */
export const ZAuditListQuerySchema = ZListQuerySchema.extend({
  actor: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Select a valid user.' })
      .int()
      .positive()
      .max(maxRecordId, 'Select a valid choice.')
      .optional(),
  ),
  user: z.preprocess(
    blank,
    z.string().trim().max(254, 'Ensure this field has no more than 254 characters.').optional(),
  ),
  model: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[a-z_]+\.[a-z_]+$/, 'Select a valid model.')
      .optional(),
  ),
  action: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'Select a valid action.')
      .optional(),
  ),
  object_id: z.preprocess(blank, z.string().trim().max(100).optional()),
  date_from: ZDateFilter,
  date_to: ZDateFilter,
}).refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
  message: 'The end date must not be before the start date.',
  path: ['date_to'],
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuerySchema>;

export const ZAuditIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found.' }).int().positive().max(maxRecordId, 'Not found.'),
});

/** Who made a change (null when the account has been removed or the change came from the system). */
export interface TAuditActor {
  id: number;
  email: string;
  name: string;
}

/** One audit row in the list. */
export interface TAuditListItem {
  id: number;
  created_at: string;
  actor: TAuditActor | null;
  /** The actor is an applicant whose identity is withheld from the viewer (issue 34 item 5): `actor` is null. */
  actor_withheld: boolean;
  action: string;
  model: string;
  object_id: string;
  /** A name for the record, read from its after (or before) form: name, title, email, reference … */
  object_label: string;
}

/** One audit row with what the record looked like before and after the change. */
export interface TAuditEntry extends TAuditListItem {
  ip: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The filter choices: the models and actions present in the log. */
export interface TAuditChoices {
  models: string[];
  actions: string[];
}

/** One field of a before/after comparison. */
export interface TAuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const labelKeys = ['name', 'name_en', 'title', 'title_en', 'email', 'reference', 'slug', 'code'];

/** A short name of an audited record from its presented form. */
export function auditObjectLabel(form: Record<string, unknown> | null | undefined): string {
  if (!form) return '';
  for (const key of labelKeys) {
    const value = form[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 120);
  }
  return '';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of before and after side by side (union of both, before's order first), changed ones flagged. */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): TAuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const old = before ? before[field] : undefined;
    const next = after ? after[field] : undefined;
    return { field, before: old, after: next, changed: !same(old, next) };
  });
}

/** A staff user's review queue: complaints at the stages they hold (regulators: their country). */
export interface TDashboardQueue {
  stages: ReviewStage[];
  total: number;
  overdue: number;
  by_stage: Record<ReviewStage, number>;
  overdue_by_stage: Record<ReviewStage, number>;
}

/** What `GET /api/dashboard/` answers; each part is null when it does not apply to the user. */
export interface TDashboard {
  kind: 'staff' | 'client';
  /** Staff holding a review permission. */
  queue: TDashboardQueue | null;
  /** The latest audit rows: the user's own changes, everyone's for superusers (staff only). */
  recent_changes: { scope: 'own' | 'all'; results: TAuditListItem[] } | null;
  /** A client's own complaints by status. */
  my_complaints: Pick<TComplaintOverview, 'total' | 'by_status'> | null;
  /** Superusers: mails and SMS replies whose every attempt failed (the Delivery screen's failed count). */
  failed_deliveries: number | null;
}

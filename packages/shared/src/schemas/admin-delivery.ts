/** API paths of the Delivery screen (superusers, issue 31): the outbox and the scheduled maintenance. */
export const deliveryApiPaths = {
  /** GET `?status=queued|sent|failed&days=7`: the outbox with its counts, newest first. */
  list: '/admin/delivery/',
  /** POST: queues a failed message again (409 unless it is failed). */
  resend: (id: number | string) => `/admin/delivery/${id}/resend/`,
  /** GET: each scheduled maintenance task with its last run and next due time. */
  maintenance: '/admin/maintenance/',
} as const;

export const deliveryStatuses = ['failed', 'queued', 'sent'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One message of the outbox, mail or SMS reply. */
export interface TDeliveryItem {
  id: number;
  channel: 'mail' | 'sms';
  /** registration, reset, invitation, complaint_lodged, complaint_queued, complaint_update, sms_reply … */
  kind: string;
  recipient: string;
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  last_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

/** What `GET /api/admin/delivery/` answers: queued and sent in the period, failed whatever their age. */
export interface TDeliveryList {
  counts: Record<DeliveryStatus, number>;
  results: TDeliveryItem[];
}

/** A scheduled maintenance task with its last run (null fields: it has not run yet). */
export interface TMaintenanceTask {
  task: string;
  /** Cron expression, UTC. */
  schedule: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  outcome: 'ok' | 'error' | null;
  removed: number;
  error: string | null;
  /** When the schedule next makes it due. */
  next_run_at: string | null;
}

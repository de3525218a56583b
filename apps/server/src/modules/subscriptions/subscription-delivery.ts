import type { Locale, SubscriptionFrequency } from '@stp/shared';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { Database } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import type { JobQueue, QueueLog } from '../../jobs/queue.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { changeHorizon, changeLines } from './subscription-changes.js';
import { digestMail } from './subscription-mails.js';
import { linkToken, subscriptionLinks } from './subscription-links.js';
import { describeTarget } from './subscription-targets.js';
import { purgeUnconfirmed } from './subscriptions.service.js';

export interface AlertDeps {
  db: Database;
  outbox: AppDeps['outbox'];
  config: Pick<AppDeps['config'], 'publicUrl' | 'secretKey' | 'env'>;
  log: QueueLog;
}

export const alertQueues: Record<SubscriptionFrequency, string> = {
  immediate: 'alerts-immediate',
  daily: 'alerts-daily',
  weekly: 'alerts-weekly',
};

/** When each frequency's run starts (UTC): every minute, 06:00 each day, 06:00 each Monday. */
export const alertCrons: Record<SubscriptionFrequency, string> = {
  immediate: '* * * * *',
  daily: '0 6 * * *',
  weekly: '0 6 * * 1',
};

/**
 * One subscription's mail: the changes in [its cursor, horizon), queued in the outbox in the
 * transaction that moves the cursor to the horizon. A crash before the commit leaves both undone; a
 * second run (another job, another instance) finds the cursor moved, or the row locked and skips it.
 * Returns whether a mail was queued.
 */
async function deliverOne(deps: AlertDeps, id: number, horizon: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, id),
          isNotNull(subscriptions.confirmedAt),
          lt(subscriptions.changesUntil, horizon),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return false;
    const lang = row.lang as Locale;
    const reference = await catalogueReference(tx);
    const window = { from: row.changesUntil, to: horizon };
    const lines = await changeLines(tx, row, window, { reference, lang, publicUrl: deps.config.publicUrl });
    let recipient: { address: string; name: string } | null = row.email
      ? { address: row.email, name: '' }
      : null;
    if (row.userId !== null) {
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      recipient = user?.isActive ? { address: user.email, name: user.firstName } : null;
    }
    if (lines.length > 0 && recipient) {
      const { label } = await describeTarget(tx, row, lang, reference);
      const links = subscriptionLinks(
        deps.config.publicUrl,
        row.id,
        linkToken(deps.config.secretKey, row.id),
        lang,
      );
      const mail = digestMail(recipient, lang, {
        what: label,
        frequency: row.frequency as SubscriptionFrequency,
        lines,
        manageUrl: links.manage,
        unsubscribePageUrl: links.unsubscribePage,
        oneClickUrl: links.oneClick,
      });
      await deps.outbox.mail(tx, mail, { kind: 'subscription_alert' });
    }
    await tx
      .update(subscriptions)
      .set({ changesUntil: horizon, ...(lines.length > 0 && recipient ? { lastSentAt: sql`now()` } : {}) })
      .where(eq(subscriptions.id, row.id));
    return lines.length > 0 && recipient !== null;
  });
}

/**
 * Mails every confirmed subscription of `frequency` what changed since its last mail (nothing when
 * nothing did). Returns the number of mails queued.
 */
export async function deliverAlerts(deps: AlertDeps, frequency: SubscriptionFrequency): Promise<number> {
  const horizon = await changeHorizon(deps.db);
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.frequency, frequency),
        isNotNull(subscriptions.confirmedAt),
        lt(subscriptions.changesUntil, horizon),
      ),
    )
    .orderBy(asc(subscriptions.id));
  let sent = 0;
  for (const { id } of due) if (await deliverOne(deps, id, horizon)) sent += 1;
  if (sent > 0) deps.log.info({ sent, frequency }, 'alerts queued');
  return sent;
}

/** The three alert queues on their schedules; the daily run also forgets unconfirmed subscriptions. */
export function defineAlertJobs(queue: JobQueue, deps: AlertDeps): void {
  const options = { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 };
  for (const frequency of ['immediate', 'daily', 'weekly'] as const) {
    queue.define(alertQueues[frequency], options, async () => {
      if (frequency === 'daily') await purgeUnconfirmed(deps.db);
      await deliverAlerts(deps, frequency);
    });
    queue.schedule(alertQueues[frequency], alertCrons[frequency]);
  }
}

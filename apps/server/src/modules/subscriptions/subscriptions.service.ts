import type {
  Locale,
  SubscriptionFrequency,
  SubscriptionView,
  TSubscribe,
  TSubscriptionLink,
} from '@stp/shared';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { Principal } from '../../auth/principal.js';
import { countHit } from '../../auth/rate-limits.js';
import { randomToken, sha256 } from '../../auth/tokens.js';
import type { Executor } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { HttpError, notFound, notSignedIn, validationFailed } from '../../http/errors.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { confirmationMail, confirmDays } from './subscription-mails.js';
import { linkToken, subscriptionLinks, tokenMatches } from './subscription-links.js';
import { describeTarget, resolveTarget } from './subscription-targets.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'config' | 'outbox'>;
/** The 429 of a limit reached, with the time left (the route's `tooManyRequests`). */
type TooMany = (ttlMs: number) => Error;

const invalidLink = 'This link is not valid or has expired.';

/** Whether an unconfirmed subscription's link still holds (it is forgotten after `confirmDays`). */
const unexpired = sql`${subscriptions.createdAt} > now() - ${confirmDays} * interval '1 day'`;

/**
 * Follows what the body names. Signed in: active at once for the user. A visitor: a pending
 * subscription of the address and a confirmation mail (in the request's transaction, through the
 * outbox); asking again for the same thing sends a new link. Nothing is mailed to it before that.
 */
export async function subscribe(
  deps: Deps,
  principal: Principal | null,
  body: TSubscribe,
  tooMany: TooMany,
): Promise<{ confirmed: boolean; id: number }> {
  const target = await resolveTarget(deps.db, body);
  const values = {
    kind: target.kind,
    filter: target.filter,
    restrictionId: target.restrictionId,
    countryCode: target.countryCode,
    target: target.target,
    frequency: body.frequency,
    lang: body.lang,
  };
  if (principal) {
    return deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...values, userId: principal.user.id, tokenHash: '', confirmedAt: sql`now()` })
        .onConflictDoUpdate({
          target: [subscriptions.userId, subscriptions.target],
          targetWhere: sql`${subscriptions.userId} is not null`,
          set: { frequency: body.frequency, lang: body.lang },
        })
        .returning({ id: subscriptions.id, tokenHash: subscriptions.tokenHash });
      await setTokenHash(tx, deps, row!);
      return { confirmed: true, id: row!.id };
    });
  }
  if (!body.email) throw validationFailed({ email: 'This field is required.' });
  const email = body.email;
  return deps.db.transaction(async (tx) => {
    const confirmToken = randomToken();
    const [existing] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.email, email), eq(subscriptions.target, target.target)))
      .for('update');
    // A confirmed subscription stays as it is: a stranger cannot change or restart someone's alert.
    if (existing?.confirmedAt) return { confirmed: false, id: existing.id };
    const [row] = existing
      ? await tx
          .update(subscriptions)
          .set({ ...values, confirmTokenHash: sha256(confirmToken), createdAt: sql`now()` })
          .where(eq(subscriptions.id, existing.id))
          .returning({ id: subscriptions.id, tokenHash: subscriptions.tokenHash })
      : await tx
          .insert(subscriptions)
          .values({ ...values, email, tokenHash: '', confirmTokenHash: sha256(confirmToken) })
          .returning({ id: subscriptions.id, tokenHash: subscriptions.tokenHash });
    await setTokenHash(tx, deps, row!);
    await limitMailsTo(tx, deps, email, tooMany);
    const { label } = await describeTarget(tx, values, body.lang);
    const links = subscriptionLinks(deps.config.publicUrl, row!.id, confirmToken, body.lang);
    const mail = confirmationMail(email, body.lang, {
      what: label,
      frequency: body.frequency,
      confirmUrl: links.confirm,
    });
    await deps.outbox.mail(tx, mail, { kind: 'subscription_confirm', sensitive: true });
    return { confirmed: false, id: row!.id };
  });
}

/**
 * Confirmation mails per address, whoever asks (RATE_LIMIT_SUBSCRIBE_ADDRESS): counted in the mail's
 * transaction, so a refused or failed request costs nothing and nobody can mail-bomb a third party.
 */
async function limitMailsTo(tx: Executor, deps: Deps, email: string, tooMany: TooMany) {
  const { max, timeWindow } = deps.config.rateLimits.subscribePerAddress;
  const { hits, ttlMs } = await countHit(tx, `subscribe-address:${sha256(email)}`, timeWindow);
  if (hits > max) throw tooMany(ttlMs);
}

/** The link token's hash, written once the row has its id. */
async function setTokenHash(tx: Executor, deps: Deps, row: { id: number; tokenHash: string }) {
  if (row.tokenHash) return;
  const hash = sha256(linkToken(deps.config.secretKey, row.id));
  await tx.update(subscriptions).set({ tokenHash: hash }).where(eq(subscriptions.id, row.id));
}

/**
 * Confirms a visitor's subscription from its mailed link, once: its cursor starts now, so the first
 * mail holds the changes made after the confirmation. 404 for a wrong, used or expired link.
 */
export async function confirmSubscription(db: Executor, link: TSubscriptionLink): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, link.s), unexpired))
      .for('update');
    if (!row || row.confirmedAt || !tokenMatches(link.t, row.confirmTokenHash))
      throw new HttpError(404, invalidLink);
    const [confirmed] = await tx
      .update(subscriptions)
      .set({ confirmedAt: sql`now()`, confirmTokenHash: null, changesUntil: sql`now()` })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return confirmed!;
  });
}

/** The subscription a mailed unsubscribe/manage link names, if the token is its own. */
export async function subscriptionOfLink(
  db: Executor,
  secret: string,
  link: Partial<TSubscriptionLink>,
): Promise<SubscriptionRow | null> {
  if (link.s === undefined || link.t === undefined) return null;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, link.s));
  if (!row || !tokenMatches(link.t, row.tokenHash)) return null;
  // The token is also the HMAC of the id: a hash written under another secret no longer opens it.
  if (!tokenMatches(linkToken(secret, row.id), row.tokenHash)) return null;
  return row;
}

/** Stops a subscription from its mailed link (RFC 8058 one-click, or the page's button). 404 when the link is not valid. */
export async function unsubscribeByLink(
  db: Executor,
  secret: string,
  link: TSubscriptionLink,
): Promise<void> {
  const row = await subscriptionOfLink(db, secret, link);
  if (!row) throw new HttpError(404, invalidLink);
  await db.delete(subscriptions).where(eq(subscriptions.id, row.id));
}

/** Who manages: a signed-in user (their own), or the address of a mailed link (that address's). */
export type Manager = { userId: number } | { email: string };

/** The manager a request stands for; 404 for a wrong link, 401 for nobody. */
export async function managerOf(
  db: Executor,
  secret: string,
  principal: Principal | null,
  link: Partial<TSubscriptionLink>,
): Promise<Manager> {
  if (link.s !== undefined || link.t !== undefined) {
    const row = await subscriptionOfLink(db, secret, link);
    if (!row) throw new HttpError(404, invalidLink);
    return row.userId !== null ? { userId: row.userId } : { email: row.email! };
  }
  if (!principal) throw notSignedIn();
  return { userId: principal.user.id };
}

const ownedBy = (manager: Manager) =>
  'userId' in manager
    ? eq(subscriptions.userId, manager.userId)
    : and(eq(subscriptions.email, manager.email), or(isNotNull(subscriptions.confirmedAt), unexpired));

/** Every subscription of a manager, oldest first, described in its own language. */
export async function listSubscriptions(db: Executor, manager: Manager): Promise<SubscriptionView[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(ownedBy(manager))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const reference = await catalogueReference(db);
  return Promise.all(
    rows.map(async (row) => {
      const lang = row.lang as Locale;
      const { label, path } = await describeTarget(db, row, lang, reference);
      return {
        id: row.id,
        kind: row.kind as SubscriptionView['kind'],
        label,
        path,
        frequency: row.frequency as SubscriptionFrequency,
        lang,
        confirmed: row.confirmedAt !== null,
        created_at: row.createdAt.toISOString(),
      };
    }),
  );
}

/** Changes one of the manager's subscriptions; 404 when it is not theirs. */
export async function changeSubscription(
  db: Executor,
  manager: Manager,
  id: number,
  frequency: SubscriptionFrequency,
): Promise<void> {
  const rows = await db
    .update(subscriptions)
    .set({ frequency })
    .where(and(eq(subscriptions.id, id), ownedBy(manager)))
    .returning({ id: subscriptions.id });
  if (rows.length === 0) throw notFound();
}

/** Stops one of the manager's subscriptions; 404 when it is not theirs. */
export async function stopSubscription(db: Executor, manager: Manager, id: number): Promise<void> {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), ownedBy(manager)))
    .returning({ id: subscriptions.id });
  if (rows.length === 0) throw notFound();
}

/** Forgets the visitors' subscriptions never confirmed within `confirmDays` (the daily delivery run does it). */
export async function purgeUnconfirmed(db: Executor): Promise<number> {
  const rows = await db
    .delete(subscriptions)
    .where(
      and(
        sql`${subscriptions.confirmedAt} is null`,
        sql`${subscriptions.createdAt} <= now() - ${confirmDays} * interval '1 day'`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

import type { Locale } from '@stp/shared';
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { viewableRestrictionAs } from '../../db/public-visibility.js';
import { notifications } from '../../db/schema/index.js';
import { mailSafe } from '../../mail/mail-text.js';
import { addressIn } from '../../web/seo.js';
import { feedTexts } from '../feeds/feed-texts.js';
import { clip, shown, summaryOf, type FeedRow } from '../feeds/restriction-feed.js';
import { listConditions } from '../notifications/notifications.service.js';
import { resolveFilters, whereSql } from '../restrictions/restriction-query.js';
import type { CatalogueReference } from '../sectors/catalogue-reference.js';
import type { DigestLine } from './subscription-mails.js';
import { browseQuery, type TargetRow } from './subscription-targets.js';
import { subscriptionTexts } from './subscription-texts.js';

/** Lines of one mail at most: a bulk import does not make a mail no client opens. */
export const maxLines = 200;

/**
 * The instant before which every change is committed: now, or the start of the oldest transaction
 * still open elsewhere (a version's `changed_at` is its transaction's start, and a transaction that
 * started earlier may still commit one). Delivering [cursor, horizon) and moving the cursor to the
 * horizon never skips a change and never mails one twice.
 */
export async function changeHorizon(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select least(clock_timestamp(), coalesce((
      select min(xact_start) from pg_stat_activity
      where xact_start is not null and pid <> pg_backend_pid() and datname = current_database()
    ), 'infinity'::timestamptz)) as horizon`);
  const [row] = (result as { rows: { horizon: Date | string }[] }).rows;
  return new Date(row!.horizon);
}

const order = { created: 0, unarchived: 0, updated: 1, archived: 2 } as const;

/** The restriction versions a subscription follows, made in [from, to). */
async function restrictionLines(
  db: Executor,
  row: TargetRow,
  window: { from: Date; to: Date },
  context: { reference: CatalogueReference; lang: Locale; publicUrl: string },
): Promise<DigestLine[]> {
  let selected;
  if (row.kind === 'restriction') {
    selected = sql`r.id = ${row.restrictionId} and ${viewableRestrictionAs('r')}`;
  } else {
    const query = browseQuery(row.filter ?? {});
    if (!query) return [];
    try {
      selected = whereSql(resolveFilters(query, context.reference), viewableRestrictionAs('r'));
    } catch {
      return []; // a sector or policy area withdrawn since: nothing matches the filter any more
    }
  }
  const result = await db.execute(sql`select v.restriction_id, v.version, v.change_type, v.changed_at,
      v.changes, v.snapshot, v.snapshot->>'country_code' as country_code, r.slug, r.title, r.title_fr,
      null as changed_by_id, null as changed_by_superuser, null as changed_by_country
    from restriction_versions v
    join restrictions r on r.id = v.restriction_id
    where ${selected} and v.changed_at >= ${window.from.toISOString()}::timestamptz
      and v.changed_at < ${window.to.toISOString()}::timestamptz
    order by v.changed_at, v.id
    limit ${maxLines}`);
  const rows = (result as { rows: FeedRow[] }).rows;
  const texts = subscriptionTexts[context.lang];
  const words = {
    created: texts.added,
    unarchived: texts.restored,
    updated: texts.changed,
    archived: texts.archived,
  };
  return [...rows]
    .sort((a, b) => order[a.change_type] - order[b.change_type])
    .map((version) => {
      const snapshot = version.snapshot ?? {};
      const english = typeof snapshot.title === 'string' ? snapshot.title : version.title;
      const french = typeof snapshot.title_fr === 'string' ? snapshot.title_fr : null;
      const title = mailSafe(shown(english, french, context.lang));
      const summary =
        version.change_type === 'updated'
          ? ` — ${summaryOf(version, context.reference, context.lang, mailSafe)}`
          : '';
      const path = `/public/restriction/${encodeURIComponent(version.slug)}`;
      return {
        label: feedTexts[context.lang].colon(words[version.change_type], `${title}${summary}`),
        url: addressIn(context.publicUrl, path, context.lang),
      };
    });
}

/** The published notifications of a country added or changed in [from, to). */
async function notificationLines(
  db: Executor,
  row: TargetRow,
  window: { from: Date; to: Date },
  context: { lang: Locale; publicUrl: string },
): Promise<DigestLine[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        ...listConditions({ country: row.countryCode ?? '' } as Parameters<typeof listConditions>[0]),
        gte(notifications.updatedAt, window.from),
        lt(notifications.updatedAt, window.to),
      ),
    )
    .orderBy(asc(notifications.updatedAt), asc(notifications.id))
    .limit(maxLines);
  const texts = subscriptionTexts[context.lang];
  return rows.map((notification) => {
    const isNew = notification.createdAt.getTime() >= window.from.getTime();
    const text = mailSafe(
      shown(notification.descriptionOfMeasure, notification.descriptionOfMeasureFr, context.lang),
    );
    const path = `/public/notifications?notification=${encodeURIComponent(notification.slug)}`;
    return {
      label: feedTexts[context.lang].colon(
        `${isNew ? texts.added : texts.changed} — ${texts.notification} ${notification.reference}`,
        clip(text, 160),
      ),
      url: addressIn(context.publicUrl, path, context.lang),
    };
  });
}

/** What changed in [from, to) of what a subscription follows, as a digest's lines. */
export function changeLines(
  db: Executor,
  row: TargetRow,
  window: { from: Date; to: Date },
  context: { reference: CatalogueReference; lang: Locale; publicUrl: string },
): Promise<DigestLine[]> {
  return row.kind === 'notifications'
    ? notificationLines(db, row, window, context)
    : restrictionLines(db, row, window, context);
}

import {
  inLanguage,
  ZRestrictionListQuerySchema,
  type Locale,
  type SubscriptionKind,
  type TRestrictionListQuery,
  type TSubscribe,
} from '@stp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { viewableRestrictionAs } from '../../db/public-visibility.js';
import { restrictions } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { canonicalQuery, withQuery } from '../feeds/feed-http.js';
import { filtersInWords } from '../feeds/restriction-feed.js';
import { resolveFilters } from '../restrictions/restriction-query.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { subscriptionTexts } from './subscription-texts.js';

/** What a subscription follows, checked and in the one spelling that makes it unique per follower. */
export interface Target {
  kind: SubscriptionKind;
  filter: Record<string, string> | null;
  restrictionId: number | null;
  countryCode: string | null;
  target: string;
}

/** The browse list's query of a stored filter (validated again: the catalogue may have changed). */
export function browseQuery(filter: Record<string, string>): TRestrictionListQuery | null {
  const parsed = ZRestrictionListQuerySchema.safeParse(filter);
  return parsed.success ? parsed.data : null;
}

/** A browse query as the stored filter: keys sorted, lists as comma lists, paging and language left out. */
const storedFilter = (query: TRestrictionListQuery) =>
  Object.fromEntries(canonicalQuery(query, ['lang']).entries());

/** Checks what the body asks to follow; a filter, restriction or country the public lists refuse is a 422. */
export async function resolveTarget(db: Executor, body: TSubscribe): Promise<Target> {
  const reference = await catalogueReference(db);
  if (body.kind === 'browse') {
    const parsed = ZRestrictionListQuerySchema.safeParse(body.filter ?? {});
    if (!parsed.success) throw validationFailed({ filter: 'Select a valid filter.' });
    resolveFilters(parsed.data, reference);
    const filter = storedFilter(parsed.data);
    const target = `browse:${new URLSearchParams(filter).toString()}`;
    return { kind: 'browse', filter, restrictionId: null, countryCode: null, target };
  }
  if (body.kind === 'restriction') {
    const [row] = await db
      .select({ id: restrictions.id })
      .from(restrictions)
      .where(
        and(eq(restrictions.slug, body.restriction ?? ''), sql`${viewableRestrictionAs('restrictions')}`),
      );
    if (!row) throw validationFailed({ restriction: 'Select a valid restriction.' });
    const target = `restriction:${row.id}`;
    return { kind: 'restriction', filter: null, restrictionId: row.id, countryCode: null, target };
  }
  const country = reference.countries.get(body.country ?? '');
  if (!country?.partnerState) throw validationFailed({ country: 'Select a valid country.' });
  const target = `notifications:${country.code}`;
  return { kind: 'notifications', filter: null, restrictionId: null, countryCode: country.code, target };
}

export interface TargetRow {
  kind: string;
  filter: Record<string, string> | null;
  restrictionId: number | null;
  countryCode: string | null;
}

/** What a subscription follows in words of `lang`, and the public page that shows it. */
export async function describeTarget(
  db: Executor,
  row: TargetRow,
  lang: Locale,
  reference?: CatalogueReference,
): Promise<{ label: string; path: string }> {
  const texts = subscriptionTexts[lang];
  const ref = reference ?? (await catalogueReference(db));
  if (row.kind === 'restriction' && row.restrictionId !== null) {
    const [restriction] = await db
      .select({ slug: restrictions.slug, title: restrictions.title, titleFr: restrictions.titleFr })
      .from(restrictions)
      .where(eq(restrictions.id, row.restrictionId));
    const title = restriction ? inLanguage(restriction.title, restriction.titleFr, lang).text : '';
    return {
      label: texts.followRestriction(title),
      path: `/public/restriction/${encodeURIComponent(restriction?.slug ?? '')}`,
    };
  }
  if (row.kind === 'notifications' && row.countryCode) {
    const name = ref.countries.get(row.countryCode)?.name[lang] ?? row.countryCode;
    return {
      label: texts.followNotifications(name),
      path: `/public/notifications?country=${encodeURIComponent(row.countryCode)}`,
    };
  }
  const query = browseQuery(row.filter ?? {});
  let words = '';
  try {
    if (query) words = filtersInWords(resolveFilters(query, ref), ref, lang);
  } catch {
    // A sector or policy area since withdrawn: the filter is shown without it.
  }
  const params = new URLSearchParams(row.filter ?? {});
  return { label: texts.followBrowse(words), path: withQuery('/public/browse', params) };
}

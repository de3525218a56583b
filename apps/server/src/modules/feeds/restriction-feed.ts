import {
  choiceLists,
  inLanguage,
  restrictionApiPaths,
  type Choice,
  type Locale,
  type TRestrictionListQuery,
} from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { viewableRestrictionAs } from '../../db/public-visibility.js';
import { stringBytes } from '../../lib/lru-map.js';
import { addressIn } from '../../web/seo.js';
import { TtlCache } from '../restrictions/restriction-cache.js';
import { resolveFilters, whereSql, type RestrictionFilters } from '../restrictions/restriction-query.js';
import { officeOf, type VersionRow } from '../restrictions/restrictions.presenter.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { atomXml, feedUpdated, type AtomEntry } from './atom.js';
import { feedTexts } from './feed-texts.js';
import { canonicalQuery, feedSize, portalAuthor, tagUri, withQuery } from './feed-http.js';

/** The restrictions feed's path under /api. */
export const restrictionFeedPath = restrictionApiPaths.feed;

// Built feeds are kept 30 s per address, and dropped with the catalogue's caches on every write to
// restrictions (restriction-cache.ts): a reader polling never waits for the query twice in a row.
const cache = new TtlCache<{ xml: string; updated: Date }>(30_000, 500, {
  maxBytes: 8 << 20,
  weigh: (feed) => stringBytes(feed.xml),
});

// A number per database handle: two servers in one process (the tests) never share a feed.
const databases = new WeakMap<object, number>();
let databaseCount = 0;
const databaseKey = (db: Executor) => {
  let key = databases.get(db);
  if (key === undefined) databases.set(db, (key = ++databaseCount));
  return key;
};

export interface FeedRow extends VersionRow {
  restriction_id: number;
  slug: string;
  title: string;
  title_fr: string | null;
  snapshot: Record<string, unknown>;
}

/** The newest changes of the restrictions matching the filters, archived restrictions' among them. */
async function feedRows(db: Executor, filters: RestrictionFilters): Promise<FeedRow[]> {
  const result = await db.execute(sql`select v.restriction_id, v.version, v.change_type, v.changed_at,
      v.changes, v.snapshot, v.snapshot->>'country_code' as country_code, r.slug, r.title, r.title_fr,
      u.id as changed_by_id, u.is_superuser as changed_by_superuser, u.country_code as changed_by_country
    from restriction_versions v
    join restrictions r on r.id = v.restriction_id
    left join users u on u.id = v.changed_by_id
    where ${whereSql(filters, viewableRestrictionAs('r'))}
    order by v.changed_at desc, v.id desc
    limit ${feedSize}`);
  return (result as { rows: FeedRow[] }).rows;
}

const choiceFields: Record<string, readonly Choice[]> = {
  restriction_type: choiceLists.restrictionTypes,
  market_access: choiceLists.yesNo,
  national_treatment: choiceLists.yesNo,
  non_compliance_type: choiceLists.nonComplianceTypes,
  discriminative: choiceLists.discriminativeList,
  measure_type: choiceLists.typeOfMeasureList,
  modes_of_supply: choiceLists.modeOfSupply,
  status: choiceLists.restrictionStatus,
};
const sectorFields = new Set(['sector_id', 'sub_sector_id', 'specific_service_id']);
/** Long texts: a change names the field only (the page shows the whole text). */
const longFields = new Set([
  'text_of_measure',
  'text_of_measure_fr',
  'remarks',
  'remarks_fr',
  'commitments_made',
  'other_dates',
  'responsible_agency',
]);

/** A text cut at a word near `length` characters. */
export function clip(text: string, length = 280): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}

const choiceLabel = (list: readonly Choice[], value: string, lang: Locale) =>
  list.find((choice) => choice.value === value)?.label[lang] ?? value;

/** A changed value in words, as the restriction's history shows it: labels, names, "(empty)". */
function valueText(field: string, value: unknown, reference: CatalogueReference, lang: Locale): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return feedTexts[lang].empty;
  const one = (item: unknown): string => {
    if (typeof item === 'boolean') return choiceLabel(choiceLists.yesNo, item ? 'yes' : 'no', lang);
    const list = choiceFields[field];
    if (list) return choiceLabel(list, String(item), lang);
    if (field === 'country_code') return reference.countries.get(String(item))?.name[lang] ?? String(item);
    if (sectorFields.has(field) && typeof item === 'number')
      return reference.sectors.get(item)?.name[lang] ?? String(item);
    if (field === 'policy_id' && typeof item === 'number')
      return reference.policies.get(item)?.name[lang] ?? String(item);
    if (typeof item === 'number') return lang === 'fr' ? String(item).replace('.', ',') : String(item);
    return clip(String(item), 120);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** A bilingual text in the feed's language; an untranslated one in English, marked as the pages mark it. */
export function shown(english: string, french: string | null, lang: Locale): string {
  const text = inLanguage(english, french, lang);
  return text.fallback ? `${text.text} (${feedTexts[lang].englishOnly})` : text.text;
}

/** What a change did, in a line or two of the feed's language. */
export function summaryOf(
  row: FeedRow,
  reference: CatalogueReference,
  lang: Locale,
  /** Applied to each value from the record (a mail makes them safe: mail/mail-text.ts). */
  safe: (text: string) => string = (text) => text,
): string {
  const texts = feedTexts[lang];
  const snapshot = row.snapshot ?? {};
  if (row.change_type === 'archived') return texts.archivedSummary;
  if (row.change_type === 'unarchived') return texts.restoredSummary;
  if (row.change_type === 'created') {
    const facts = [
      valueText('country_code', snapshot.country_code, reference, lang),
      valueText('sector_id', snapshot.sector_id, reference, lang),
      valueText('modes_of_supply', snapshot.modes_of_supply, reference, lang),
    ].join(' · ');
    const measure = textOf(snapshot.text_of_measure) ?? '';
    const text = measure ? clip(shown(measure, textOf(snapshot.text_of_measure_fr), lang)) : '';
    return text ? `${facts}. ${text}` : `${facts}.`;
  }
  const changes = Object.entries(row.changes ?? {})
    .filter(([field]) => field !== 'archived')
    .map(([field, change]) => {
      const label = texts.fields[field] ?? field;
      if (longFields.has(field)) return label;
      const old = safe(valueText(field, change.old, reference, lang));
      return texts.colon(label, `${old} → ${safe(valueText(field, change.new, reference, lang))}`);
    });
  return changes.length ? texts.colon(texts.changed, `${changes.join('; ')}.`) : texts.noFieldChanged;
}

function entryOf(row: FeedRow, reference: CatalogueReference, lang: Locale, publicUrl: string): AtomEntry {
  const texts = feedTexts[lang];
  const snapshot = row.snapshot ?? {};
  // The title the restriction had after this change (its translation then too); the page is at its
  // address now.
  const english = textOf(snapshot.title);
  const title =
    english === null ? shown(row.title, row.title_fr, lang) : shown(english, textOf(snapshot.title_fr), lang);
  const changedAt = new Date(row.changed_at);
  const office = officeOf(row, reference);
  return {
    id: tagUri(publicUrl, `restriction/${row.restriction_id}/version/${row.version}`),
    title: texts.colon(texts.changeType[row.change_type], title),
    updated: changedAt,
    ...(row.change_type === 'created' ? { published: changedAt } : {}),
    link: addressIn(publicUrl, `/public/restriction/${encodeURIComponent(row.slug)}`, lang),
    summary: summaryOf(row, reference, lang),
    author: office ? { name: office.name[lang] } : portalAuthor(publicUrl, lang),
    category: { term: row.change_type, label: texts.changeType[row.change_type] },
  };
}

/** What the filters select, in words, for the feed's title. */
export function filtersInWords(
  filters: RestrictionFilters,
  reference: CatalogueReference,
  lang: Locale,
): string {
  const texts = feedTexts[lang];
  const sectorId = filters.specificServiceId ?? filters.subSectorId ?? filters.sectorId;
  const list = (field: string, values: string[]) =>
    values.length ? [valueText(field, values, reference, lang)] : [];
  return [
    ...list('country_code', filters.countries),
    ...(sectorId !== undefined ? [valueText('sector_id', sectorId, reference, lang)] : []),
    ...(filters.policyId !== undefined ? [valueText('policy_id', filters.policyId, reference, lang)] : []),
    ...list('restriction_type', filters.restrictionTypes),
    ...list('modes_of_supply', filters.modes),
    ...list('non_compliance_type', filters.nonComplianceTypes),
    ...list('status', filters.statuses),
    ...(filters.yearFrom !== undefined ? [texts.from(filters.yearFrom)] : []),
    ...(filters.yearTo !== undefined ? [texts.until(filters.yearTo)] : []),
    ...(filters.q ? [texts.search(filters.q)] : []),
  ].join(' · ');
}

/** Sector filters of the API: the browse page names the sector in its path instead. */
const sectorKeys = ['category', 'sector', 'sub_sector', 'specific_service'];

/**
 * `GET /api/feeds/restrictions/`: the newest changes (created, updated, archived, restored) of the
 * restrictions the browse list's filters select, as Atom. Bad filters are the browse list's 422s.
 */
export async function restrictionFeed(
  db: Executor,
  query: TRestrictionListQuery,
  publicUrl: string,
): Promise<{ xml: string; updated: Date }> {
  const reference = await catalogueReference(db);
  const filters = resolveFilters(query, reference);
  const lang: Locale = query.lang ?? 'en';
  const self = withQuery(`${publicUrl}/api${restrictionFeedPath}`, canonicalQuery({ ...query, lang }));
  return cache.get(`${databaseKey(db)} ${self}`, async () => {
    const rows = await feedRows(db, filters);
    const entries = rows.map((row) => entryOf(row, reference, lang, publicUrl));
    const sectorId = filters.specificServiceId ?? filters.subSectorId ?? filters.sectorId;
    const sector = sectorId === undefined ? undefined : reference.sectors.get(sectorId);
    const browse = sector ? `/public/browse/${encodeURIComponent(sector.slug)}` : '/public/browse';
    const alternate = withQuery(browse, canonicalQuery({ ...query, lang: undefined }, sectorKeys));
    const texts = feedTexts[lang];
    const what = filtersInWords(filters, reference, lang);
    const xml = atomXml({
      id: tagUri(publicUrl, withQuery('feeds/restrictions', canonicalQuery({ ...query, lang }))),
      lang,
      title: what ? texts.colon(texts.restrictionsTitle, what) : texts.restrictionsTitle,
      subtitle: texts.restrictionsSubtitle,
      self,
      alternate: addressIn(publicUrl, alternate, lang),
      author: portalAuthor(publicUrl, lang),
      entries,
    });
    return { xml, updated: feedUpdated(entries) };
  });
}

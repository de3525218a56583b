import type { TRestrictionDetail, TRestrictionListQuery } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs, viewableRestrictionAs } from '../../db/public-visibility.js';
import { paginatedJson } from '../../http/pagination.js';
import { stringBytes } from '../../lib/lru-map.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { browsePage, checkBrowseIndex, type BrowseMemo, type PageSearch } from './browse-index.js';
import { TtlCache } from './restriction-cache.js';
import {
  filtersKey,
  orderSql,
  resolveFilters,
  whereSql,
  type RestrictionFilters,
} from './restriction-query.js';
import {
  presentDetail,
  presentListItem,
  type CommitmentRow,
  type RestrictionDetailRow,
  type RestrictionListRow,
  type VersionRow,
} from './restrictions.presenter.js';
import { highlightOf, lexiconOf, wordedText, type Language } from './search-highlights.js';

// Public lists are the same for every visitor: answers are kept 30 s per normalised query (the
// Cache-Control max-age too) and dropped at once by invalidateRestrictionCaches on a write.
const cacheTtlMs = 30_000;
// Bounded by bytes too: a page is 15-30 KB, a detail up to 100 KB (docs/performance.md, issue 35).
const pageCache = new TtlCache<string>(cacheTtlMs, 2_000, { maxBytes: 8 << 20, weigh: stringBytes });
const detailCache = new TtlCache<string | null>(cacheTtlMs, 5_000, {
  maxBytes: 8 << 20,
  weigh: (json) => (json === null ? 0 : stringBytes(json)),
});
const highlightsPerRow = 4;

/** The columns of a browse row (no long texts: the page stays small). */
export const listColumns = sql.raw(
  'r.id, r.slug, r.title, r.title_fr, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.modes_of_supply, r.restrictiveness_indicator, r.year_introduced, r.status, r.updated_at',
);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The SQL equivalent of one browse page: what the in-memory index must agree with (its tests). */
export function pageSql(
  filters: RestrictionFilters,
  sort: string | undefined,
  limit: number,
  offset: number,
) {
  return sql`select ${listColumns} from restrictions r where ${whereSql(filters)} order by ${orderSql(sort, Boolean(filters.q), filters.q)} limit ${limit} offset ${offset}`;
}

/**
 * The highlights' JSON of a page's rows in the visitor's language (each kept per language, search and
 * id): the texts of the rows not kept yet are read, the words not in the lexicon yet looked up (one
 * statement each), then marked. A French visitor's are the French title and text, each where translated.
 */
async function highlightsJson(
  db: Executor,
  rows: RestrictionListRow[],
  search: PageSearch,
  q: string,
  lang: Language,
  memo: BrowseMemo,
) {
  const marks = new Map<number, string>();
  const key = `${lang}:${q.toLowerCase()}`;
  const places = rows.flatMap((row, i) => {
    const known = memo.highlights.get(row.id)?.get(key);
    if (known !== undefined) marks.set(row.id, known);
    return known === undefined ? [i] : [];
  });
  if (places.length === 0) return marks;
  const texts = await search.measureTexts(places);
  const missing = places.map((i, k) => {
    const row = rows[i]!;
    const titleFr = lang === 'fr' && row.title_fr?.trim() ? row.title_fr : null;
    const textFr = lang === 'fr' ? texts[k]!.fr : null;
    return {
      id: row.id,
      title: wordedText(titleFr ?? row.title),
      titleLang: titleFr === null ? ('en' as const) : ('fr' as const),
      measureText: wordedText(textFr ?? texts[k]!.en),
      textLang: textFr === null ? ('en' as const) : ('fr' as const),
    };
  });
  const lexicon = lexiconOf(db);
  await lexicon.learn(
    db,
    missing.flatMap(({ title, measureText }) => [title, measureText]),
  );
  for (const { id, title, titleLang, measureText, textLang } of missing) {
    const json = JSON.stringify(
      highlightOf(title, measureText, search.lexemes, lexicon, titleLang, textLang),
    );
    let byRow = memo.highlights.get(id);
    if (!byRow) memo.highlights.set(id, (byRow = new Map<string, string>()));
    // A row's highlights for a few searches at most: the oldest search leaves first.
    if (byRow.size >= highlightsPerRow) byRow.delete(byRow.keys().next().value!);
    byRow.set(key, json);
    // Set again: the memo weighs the row's highlights anew.
    memo.highlights.set(id, byRow);
    marks.set(id, json);
  }
  return marks;
}

/** The list items' JSON of a page's rows (no highlight): from the memo when named with the current reference lists. */
function listItemsJson(
  rows: RestrictionListRow[],
  memo: BrowseMemo,
  reference: CatalogueReference,
): string[] {
  return rows.map((row) => {
    const known = memo.items.get(row.id);
    if (known?.reference === reference) return known.json;
    const json = JSON.stringify(presentListItem(row, reference));
    memo.items.set(row.id, { reference, json });
    return json;
  });
}

/**
 * `GET /api/restrictions/`: one page as JSON text (cached per normalised query). The matches, their
 * count, order, the page's rows and their texts come from the in-memory browse index.
 */
export async function browseRestrictions(db: Executor, query: TRestrictionListQuery): Promise<string> {
  const reference = await catalogueReference(db);
  const filters = resolveFilters(query, reference);
  // The language matters only to a search's highlights: without one, every visitor shares the answer.
  const lang: Language = filters.q ? (query.lang ?? 'en') : 'en';
  const key = `${filtersKey(filters)}|${query.sort ?? ''}|${query.page}|${query.page_size}|${lang}`;
  checkBrowseIndex(db);
  return pageCache.get(key, async () => {
    const limit = query.page_size;
    const { count, rows, memo, search } = await browsePage(
      db,
      filters,
      query.sort,
      limit,
      (query.page - 1) * limit,
    );
    const items = listItemsJson(rows, memo, reference);
    const marks =
      search && filters.q ? await highlightsJson(db, rows, search, filters.q, lang, memo) : undefined;
    // Each item's JSON with its highlight as the last key: `{...presentListItem, highlight}`.
    const results = rows.map(
      (row, i) => `${items[i]!.slice(0, -1)},"highlight":${marks?.get(row.id) ?? 'null'}}`,
    );
    return paginatedJson(results, count, query);
  });
}

const detailColumns = sql.raw(
  'r.id, r.slug, r.title, r.title_fr, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.discriminative, r.measure_type, r.modes_of_supply, r.restrictiveness_indicator, r.responsible_agency, r.commitments_made, r.other_dates, r.proposed_removal_year, r.year_removed_or_amended, r.year_introduced, r.text_of_measure, r.remarks, r.text_of_measure_fr, r.remarks_fr, r.status, r.version, r.archived, r.archived_at, r.created_at, r.updated_at',
);

/**
 * A restriction whose page opens (archived ones too: db/public-visibility.ts), with every field of
 * spec 3.
 */
export async function loadRestrictionDetail(db: Executor, slug: string): Promise<TRestrictionDetail | null> {
  const reference = await catalogueReference(db);
  const [row] = rowsOf<RestrictionDetailRow>(
    await db.execute(
      sql`select ${detailColumns} from restrictions r where r.slug = ${slug} and ${viewableRestrictionAs('r')} limit 1`,
    ),
  );
  if (!row) return null;
  // The history, the updates and the commitment come in one round trip. The history reads who made a
  // change only as far as naming the office (restrictions.presenter.ts officeOf): no name leaves here.
  const [parts] = rowsOf<{
    versions: VersionRow[] | null;
    updates: TRestrictionDetail['updates'] | null;
    commitment: CommitmentRow | null;
  }>(
    await db.execute(sql`select
      (select json_agg(json_build_object(
          'version', v.version, 'change_type', v.change_type, 'changed_at', v.changed_at,
          'changes', v.changes, 'country_code', v.snapshot->>'country_code',
          'changed_by_id', u.id, 'changed_by_superuser', u.is_superuser, 'changed_by_country', u.country_code
        ) order by v.version desc)
        from restriction_versions v left join users u on u.id = v.changed_by_id
        where v.restriction_id = ${row.id}) as versions,
      (select json_agg(json_build_object(
          'id', ru.id, 'source', ru.source, 'update_date', ru.update_date, 'summary', ru.summary,
          'details', ru.details, 'summary_fr', ru.summary_fr, 'details_fr', ru.details_fr) order by ru.update_date desc, ru.id desc)
        from restriction_updates ru where ru.restriction_id = ${row.id}) as updates,
      (select row_to_json(c) from (
          select c.id, c.country_code, c.sector_id, c.committed_to_liberalise, c.year_committed, c.details
          from commitments c where c.country_code = ${row.country_code} and c.sector_id = ${row.sector_id}
            and ${publicAs('commitment', 'c')} limit 1) c) as commitment`),
  );
  return presentDetail(
    row,
    {
      versions: parts?.versions ?? [],
      updates: (parts?.updates ?? []).map((update) => ({
        ...update,
        update_date: String(update.update_date),
      })),
      commitment: parts?.commitment ?? null,
    },
    reference,
  );
}

/** `GET /api/restrictions/{slug}/` as JSON text (cached), or null when not found. */
export function restrictionDetailJson(db: Executor, slug: string): Promise<string | null> {
  return detailCache.get(slug, async () => {
    const detail = await loadRestrictionDetail(db, slug);
    return detail ? JSON.stringify(detail) : null;
  });
}

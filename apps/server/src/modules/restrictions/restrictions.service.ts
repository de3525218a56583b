import type { TRestrictionDetail, TRestrictionListItem, TRestrictionListQuery } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { paginatedJson } from '../../http/pagination.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { browsePage, type BrowseMemo } from './browse-index.js';
import { TtlCache } from './restriction-cache.js';
import {
  filtersKey,
  orderSql,
  resolveFilters,
  tsQuery,
  whereSql,
  type RestrictionFilters,
} from './restriction-query.js';
import {
  bestHighlight,
  markStart,
  markStop,
  presentDetail,
  presentListItem,
  type CommitmentRow,
  type RestrictionDetailRow,
  type RestrictionListRow,
  type VersionRow,
} from './restrictions.presenter.js';

// Public lists are the same for every visitor: answers are kept 30 s per normalised query (the
// Cache-Control max-age too) and dropped at once by invalidateRestrictionCaches on a write.
const cacheTtlMs = 30_000;
const pageCache = new TtlCache<string>(cacheTtlMs, 2_000);
const detailCache = new TtlCache<string | null>(cacheTtlMs, 5_000);

/** The columns of a browse row (no long texts: the page stays small). */
export const listColumns = sql.raw(
  'r.id, r.slug, r.title, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.modes_of_supply, r.restrictiveness_indicator, r.year_introduced, r.status, r.updated_at',
);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The SQL equivalent of one browse page: what the in-memory index must agree with (its tests). */
export function pageSql(
  filters: RestrictionFilters,
  sort: string | undefined,
  limit: number,
  offset: number,
) {
  return sql`select ${listColumns} from restrictions r where ${whereSql(filters)} order by ${orderSql(sort, Boolean(filters.q), filters.q)} limit ${limit} offset ${offset}`;
}

const titleOptions = `HighlightAll=true, StartSel=${markStart}, StopSel=${markStop}`;
const textOptions = `MaxFragments=2, MaxWords=24, MinWords=8, StartSel=${markStart}, StopSel=${markStop}, FragmentDelimiter=" … "`;

type HighlightRow = { id: number; title: string | null; text: string | null };

/** The SQL of the highlights of some rows in one language (also printed for the pgbench script). */
export function headlineSql(config: 'english' | 'french', ids: number[], q: string) {
  const query = tsQuery(q);
  return sql`
    select r.id,
      ts_headline(${config}::regconfig, r.title, ${query}, ${titleOptions}) as title,
      ts_headline(${config}::regconfig, r.text_of_measure, ${query}, ${textOptions}) as text
    from restrictions r where r.id in (${idList(ids)})`;
}

async function headlines(db: Executor, config: 'english' | 'french', ids: number[], q: string) {
  const result = await db.execute(headlineSql(config, ids, q));
  return new Map(rowsOf<HighlightRow>(result).map((row) => [row.id, row]));
}

const hasMark = (text: string | null | undefined) => Boolean(text?.includes(markStart));

/**
 * The highlights' JSON of some rows (ts_headline is costly, so only the page's, each once per search):
 * the title whole, the text of measure in fragments. English first; the French headline only for rows
 * where English stemming marked nothing.
 */
async function highlightsJson(db: Executor, ids: number[], q: string, memo: BrowseMemo) {
  const marks = new Map<number, string>();
  const key = (id: number) => `${q.toLowerCase()}|${id}`;
  const missing = ids.filter((id) => {
    const known = memo.highlights.get(key(id));
    if (known !== undefined) marks.set(id, known);
    return known === undefined;
  });
  if (missing.length === 0) return marks;
  const english = await headlines(db, 'english', missing, q);
  const unmarked = missing.filter((id) => {
    const row = english.get(id);
    return !hasMark(row?.title) && !hasMark(row?.text);
  });
  const french =
    unmarked.length > 0 ? await headlines(db, 'french', unmarked, q) : new Map<number, HighlightRow>();
  for (const id of missing) {
    const row = french.get(id) ?? english.get(id);
    const text = bestHighlight(row?.text ?? null, null);
    const mark: TRestrictionListItem['highlight'] = {
      title: bestHighlight(row?.title ?? null, null),
      text_of_measure: text.some((segment) => segment.match) ? text : [],
    };
    const json = JSON.stringify(mark);
    memo.highlights.set(key(id), json);
    marks.set(id, json);
  }
  return marks;
}

/** The SQL of the browse columns of some restrictions (also printed for the pgbench script). */
export function rowsByIdsSql(ids: number[]) {
  return sql`select ${listColumns} from restrictions r where r.id in (${idList(ids)})`;
}

/**
 * The list items' JSON of these restrictions (no highlight), by id: from the memo when it has them
 * named with the current reference lists, else read by primary key.
 */
async function listItemsJson(
  db: Executor,
  ids: number[],
  memo: BrowseMemo,
  reference: CatalogueReference,
): Promise<Map<number, string>> {
  const items = new Map<number, string>();
  const missing = ids.filter((id) => {
    const known = memo.items.get(id);
    if (known?.reference === reference) items.set(id, known.json);
    return known?.reference !== reference;
  });
  if (missing.length === 0) return items;
  for (const row of rowsOf<RestrictionListRow>(await db.execute(rowsByIdsSql(missing)))) {
    const json = JSON.stringify(presentListItem(row, reference));
    memo.items.set(row.id, { reference, json });
    items.set(row.id, json);
  }
  return items;
}

/**
 * `GET /api/restrictions/`: one page as JSON text (cached per normalised query). The matches, their
 * count and order come from the in-memory browse index; the page's rows and highlights from the database.
 */
export async function browseRestrictions(db: Executor, query: TRestrictionListQuery): Promise<string> {
  const reference = await catalogueReference(db);
  const filters = resolveFilters(query, reference);
  const key = `${filtersKey(filters)}|${query.sort ?? ''}|${query.page}|${query.page_size}`;
  return pageCache.get(key, async () => {
    const limit = query.page_size;
    const { count, ids, memo } = await browsePage(db, filters, query.sort, limit, (query.page - 1) * limit);
    const [items, marks] = await Promise.all([
      listItemsJson(db, ids, memo, reference),
      filters.q ? highlightsJson(db, ids, filters.q, memo) : undefined,
    ]);
    // Each item's JSON with its highlight as the last key: `{...presentListItem, highlight}`.
    const results = ids.flatMap((id) => {
      const item = items.get(id);
      return item === undefined ? [] : [`${item.slice(0, -1)},"highlight":${marks?.get(id) ?? 'null'}}`];
    });
    return paginatedJson(results, count, query);
  });
}

const detailColumns = sql.raw(
  'r.id, r.slug, r.title, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.discriminative, r.measure_type, r.modes_of_supply, r.restrictiveness_indicator, r.responsible_agency, r.commitments_made, r.other_dates, r.proposed_removal_year, r.year_removed_or_amended, r.year_introduced, r.text_of_measure, r.remarks, r.status, r.version, r.archived, r.archived_at, r.created_at, r.updated_at',
);

/** A restriction that is not deleted (archived ones included), with every field of spec 3. */
export async function loadRestrictionDetail(db: Executor, slug: string): Promise<TRestrictionDetail | null> {
  const reference = await catalogueReference(db);
  const [row] = rowsOf<RestrictionDetailRow>(
    await db.execute(
      sql`select ${detailColumns} from restrictions r where r.slug = ${slug} and r.deleted_on is null limit 1`,
    ),
  );
  if (!row) return null;
  // The history, the updates and the commitment come in one round trip.
  const [parts] = rowsOf<{
    versions: VersionRow[] | null;
    updates: TRestrictionDetail['updates'] | null;
    commitment: CommitmentRow | null;
  }>(
    await db.execute(sql`select
      (select json_agg(json_build_object(
          'version', v.version, 'change_type', v.change_type, 'changed_at', v.changed_at,
          'changes', v.changes,
          'changed_by', nullif(coalesce(nullif(u.display_name, ''), trim(u.first_name || ' ' || u.last_name)), '')
        ) order by v.version desc)
        from restriction_versions v left join users u on u.id = v.changed_by_id
        where v.restriction_id = ${row.id}) as versions,
      (select json_agg(json_build_object(
          'id', ru.id, 'source', ru.source, 'update_date', ru.update_date, 'summary', ru.summary,
          'details', ru.details) order by ru.update_date desc, ru.id desc)
        from restriction_updates ru where ru.restriction_id = ${row.id}) as updates,
      (select row_to_json(c) from (
          select id, country_code, sector_id, committed_to_liberalise, year_committed, details
          from commitments where country_code = ${row.country_code} and sector_id = ${row.sector_id}
            and deleted_on is null and archived = false limit 1) c) as commitment`),
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

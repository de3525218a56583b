import {
  insightTexts,
  reportParamsSchemaOf,
  ZReportAdminListQuerySchema,
  ZReportInputSchema,
  type TReportAdminItem,
  type TReportAdminListQuery,
  type TReportBody,
  type TReportDisplayType,
  type TReportParams,
} from '@stp/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import type { Executor } from '../../db/client.js';
import { reportTagLinks, reports, reportTags } from '../../db/schema/index.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { clearHomeCache } from '../home/home.routes.js';
import { issuesToErrors, resolveFilters } from '../reports/metrics.js';
import { uniqueSlug } from './unique-slug.js';

type ReportRow = typeof reports.$inferSelect;

/** Re-labels a 422 of the params' checks with the form's `params.` prefix. */
function paramsError(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([key, value]) => [`params.${key}`, value]),
  );
  return validationFailed(errors);
}

/**
 * The params as they are stored: parsed by the public report's own whitelist (metric, dimension,
 * filters; or an https embed), with the filters' country and sector checked against the database.
 */
export async function checkedParams(db: Executor, displayType: string, params: unknown) {
  const parsed = reportParamsSchemaOf(displayType).safeParse(params);
  if (!parsed.success) throw paramsError(validationFailed(issuesToErrors(parsed.error.issues)));
  if (displayType !== 'embed')
    await resolveFilters(db, parsed.data as TReportParams).catch((error) => {
      throw paramsError(error);
    });
  return parsed.data as Record<string, unknown>;
}

/** The tags of each report, in name order (one query for a page). */
async function tagsOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, TReportAdminItem['tags']>();
  const rows = await db
    .select({ reportId: reportTagLinks.reportId, tag: reportTags })
    .from(reportTagLinks)
    .innerJoin(reportTags, eq(reportTags.id, reportTagLinks.tagId))
    .where(inArray(reportTagLinks.reportId, ids))
    .orderBy(asc(reportTags.nameEn));
  const byReport = new Map<number, TReportAdminItem['tags']>();
  for (const { reportId, tag } of rows) {
    const list = byReport.get(reportId) ?? [];
    list.push({ id: tag.id, slug: tag.slug, name: { en: tag.nameEn, fr: tag.nameFr } });
    byReport.set(reportId, list);
  }
  return byReport;
}

/** Reports (spec 2 `/auth/config/reports`, `core.view_report`); tags are linked in the same transaction. */
export const reportsAdminResource: AdminResource<ReportRow, TReportBody, TReportAdminItem> = {
  name: 'reports',
  app: 'core',
  model: 'report',
  table: reports,
  id: reports.id,
  archived: reports.archived,
  listQuery: ZReportAdminListQuerySchema,
  where: (raw) => {
    const query = raw as TReportAdminListQuery;
    return [
      searchAny(query.q, [reports.titleEn, reports.titleFr]),
      query.display_type ? eq(reports.displayType, query.display_type) : undefined,
      query.featured ? eq(reports.featured, query.featured === 'yes') : undefined,
      query.tag
        ? sql`${reports.id} in (select ${reportTagLinks.reportId} from ${reportTagLinks} where ${reportTagLinks.tagId} = ${Number(query.tag)})`
        : undefined,
    ];
  },
  sorts: {
    title: reports.titleEn,
    index: reports.index,
    display_type: reports.displayType,
    featured: reports.featured,
    updated_at: reports.updatedAt,
  },
  defaultSort: 'index',
  input: ZReportInputSchema,
  async values(input, { tx, before }) {
    const params = await checkedParams(tx, input.display_type, input.params);
    if (input.tag_ids.length) {
      const found = await tx
        .select({ id: reportTags.id })
        .from(reportTags)
        .where(inArray(reportTags.id, input.tag_ids));
      if (found.length !== new Set(input.tag_ids).size)
        throw validationFailed({ tag_ids: insightTexts.invalidTags });
    }
    return {
      // The slug is made once: the public report's address stays when its title is corrected.
      slug:
        before?.slug ??
        (await uniqueSlug(
          tx,
          { table: reports, slug: reports.slug, id: reports.id },
          input.title_en,
          'report',
        )),
      titleEn: input.title_en,
      titleFr: input.title_fr,
      descriptionEn: input.description_en,
      descriptionFr: input.description_fr,
      displayType: input.display_type,
      index: input.index,
      displayHeight: input.display_height,
      params,
      featured: input.featured,
    };
  },
  async afterWrite(row, input, { tx }) {
    await tx.delete(reportTagLinks).where(eq(reportTagLinks.reportId, row.id));
    const tagIds = [...new Set(input.tag_ids)];
    if (tagIds.length)
      await tx.insert(reportTagLinks).values(tagIds.map((tagId) => ({ reportId: row.id, tagId })));
  },
  async present(db, rows) {
    const tags = await tagsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const list = tags.get(row.id) ?? [];
      return {
        id: row.id,
        slug: row.slug,
        title_en: row.titleEn,
        title_fr: row.titleFr,
        description_en: row.descriptionEn,
        description_fr: row.descriptionFr,
        display_type: row.displayType as TReportDisplayType,
        index: row.index,
        display_height: row.displayHeight,
        params: row.params,
        featured: row.featured,
        tag_ids: list.map((tag) => tag.id),
        tags: list,
        archived: row.archived,
        archived_at: row.archivedAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
      };
    });
  },
  afterChange: (db) => clearHomeCache(db),
};

import {
  insightTexts,
  ZAdminListQuerySchema,
  ZFeaturedInsightInputSchema,
  type TFeaturedInsightAdminItem,
  type TFeaturedInsightBody,
} from '@stp/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import { featuredInsights, reports } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { clearHomeCache } from '../home/home.routes.js';

type FeaturedInsightRow = typeof featuredInsights.$inferSelect;

/** The admin Featured Insights (`core.view_featuredinsight`): the entries of the home page's list. */
export const featuredInsightsAdminResource: AdminResource<
  FeaturedInsightRow,
  TFeaturedInsightBody,
  TFeaturedInsightAdminItem
> = {
  name: 'featured-insights',
  app: 'core',
  model: 'featuredinsight',
  table: featuredInsights,
  id: featuredInsights.id,
  archived: featuredInsights.archived,
  listQuery: ZAdminListQuerySchema,
  where: (query) => [searchAny(query.q, [featuredInsights.titleEn, featuredInsights.titleFr])],
  sorts: {
    index: featuredInsights.index,
    title: featuredInsights.titleEn,
    published_on: featuredInsights.publishedOn,
    updated_at: featuredInsights.updatedAt,
  },
  defaultSort: 'index',
  input: ZFeaturedInsightInputSchema,
  async values(input, { tx }) {
    if (input.report_id !== null) {
      const [report] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.id, input.report_id));
      if (!report) throw validationFailed({ report_id: insightTexts.invalidReport });
    }
    return {
      titleEn: input.title_en,
      titleFr: input.title_fr,
      summaryEn: input.summary_en,
      summaryFr: input.summary_fr,
      reportId: input.report_id,
      linkUrl: input.link_url || null,
      index: input.index,
      publishedOn: input.published_on,
    };
  },
  async present(db, rows) {
    const ids = [...new Set(rows.map((row) => row.reportId).filter((id): id is number => id !== null))];
    const linked = ids.length
      ? await db
          .select({ id: reports.id, slug: reports.slug, en: reports.titleEn, fr: reports.titleFr })
          .from(reports)
          .where(inArray(reports.id, ids))
      : [];
    const byId = new Map(linked.map((report) => [report.id, report]));
    return rows.map((row) => {
      const report = row.reportId === null ? undefined : byId.get(row.reportId);
      return {
        id: row.id,
        title_en: row.titleEn,
        title_fr: row.titleFr,
        summary_en: row.summaryEn,
        summary_fr: row.summaryFr,
        report_id: row.reportId,
        report: report ? { id: report.id, slug: report.slug, title: { en: report.en, fr: report.fr } } : null,
        link_url: row.linkUrl ?? '',
        index: row.index,
        published_on: row.publishedOn,
        archived: row.archived,
        archived_at: row.archivedAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
      };
    });
  },
  afterChange: (db) => clearHomeCache(db),
};

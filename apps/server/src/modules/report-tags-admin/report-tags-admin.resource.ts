import {
  insightTexts,
  slugify,
  ZAdminListQuerySchema,
  ZReportTagInputSchema,
  type TReportTagAdminItem,
  type TReportTagBody,
} from '@stp/shared';
import { count, inArray } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import { reportTagLinks, reportTags } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';

type ReportTagRow = typeof reportTags.$inferSelect;

/** Report tags (spec 2 `/auth/config/report-tags`, `core.view_reporttag`); a purge removes its links. */
export const reportTagsAdminResource: AdminResource<ReportTagRow, TReportTagBody, TReportTagAdminItem> = {
  name: 'report-tags',
  app: 'core',
  model: 'reporttag',
  table: reportTags,
  id: reportTags.id,
  listQuery: ZAdminListQuerySchema,
  where: (query) => [searchAny(query.q, [reportTags.nameEn, reportTags.nameFr])],
  sorts: { name: reportTags.nameEn, name_fr: reportTags.nameFr, created_at: reportTags.createdAt },
  defaultSort: 'name',
  input: ZReportTagInputSchema,
  values(input) {
    const slug = slugify(input.name_en);
    if (!slug) throw validationFailed({ name_en: 'Enter a name with letters or digits.' });
    return { slug, nameEn: input.name_en, nameFr: input.name_fr };
  },
  async present(db, rows) {
    const ids = rows.map((row) => row.id);
    const used = ids.length
      ? await db
          .select({ id: reportTagLinks.tagId, value: count() })
          .from(reportTagLinks)
          .where(inArray(reportTagLinks.tagId, ids))
          .groupBy(reportTagLinks.tagId)
      : [];
    const usage = new Map(used.map((row) => [row.id, row.value]));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name_en: row.nameEn,
      name_fr: row.nameFr,
      report_count: usage.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
    }));
  },
  onDuplicate: async () => validationFailed({ name_en: insightTexts.tagTaken }),
};

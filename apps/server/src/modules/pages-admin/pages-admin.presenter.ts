import { adminPagesApiPaths, type TPageTemplateAdminItem } from '@stp/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { pageTemplates } from '../../db/schema/index.js';
import { pages, pageTemplateSlides } from '../../db/schema/index.js';

export type PageTemplateRow = typeof pageTemplates.$inferSelect;
type PageRow = typeof pages.$inferSelect;
type SlideRow = typeof pageTemplateSlides.$inferSelect;

/** The staff address of a stored page image (drafts too: the public routes serve published pages only). */
export const staffImageUrl = (key: string) => `/api${adminPagesApiPaths.image(key)}`;

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Page templates with their slides in order and the page publishing each: two queries per batch. */
export async function presentPageTemplates(
  db: Executor,
  rows: PageTemplateRow[],
): Promise<TPageTemplateAdminItem[]> {
  const ids = rows.map((row) => row.id);
  const [slideRows, pageRows] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(pageTemplateSlides)
          .where(inArray(pageTemplateSlides.templateId, ids))
          .orderBy(asc(pageTemplateSlides.sortOrder), asc(pageTemplateSlides.id)),
        db.select().from(pages).where(inArray(pages.templateId, ids)).orderBy(asc(pages.id)),
      ])
    : [[] as SlideRow[], [] as PageRow[]];
  const slides = groupBy(slideRows, (slide) => slide.templateId);
  const pagesOf = groupBy(pageRows, (page) => page.templateId);
  return rows.map((row) => {
    const [page, ...others] = pagesOf.get(row.id) ?? [];
    return {
      id: row.id,
      title: row.title,
      layout: row.layout as TPageTemplateAdminItem['layout'],
      status: row.status,
      content_en: row.contentEn,
      content_fr: row.contentFr,
      banner_key: row.bannerKey,
      banner_url: row.bannerKey ? staffImageUrl(row.bannerKey) : null,
      banner_attachment: row.bannerAttachment as TPageTemplateAdminItem['banner_attachment'],
      slide_interval: row.slideInterval,
      slides: (slides.get(row.id) ?? []).map((slide) => ({
        id: slide.id,
        image_key: slide.imageKey,
        image_url: staffImageUrl(slide.imageKey),
        caption_en: slide.captionEn,
        caption_fr: slide.captionFr,
      })),
      page: page
        ? {
            id: page.id,
            slug: page.slug,
            title_en: page.titleEn,
            title_fr: page.titleFr,
            show_in_menu: page.showInMenu,
            sort_order: page.sortOrder,
            public_path: `/public/page/${page.slug}`,
          }
        : null,
      other_pages: others.map((other) => other.slug),
      archived: row.archived,
      archived_at: row.archivedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

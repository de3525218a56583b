import {
  adminPagesApiPaths,
  linkedPageSlugs,
  pageAdminTexts,
  ZPageTemplateInputSchema,
  ZPageTemplateListQuerySchema,
  type TPageTemplateAdminItem,
  type TPageTemplateBody,
  type TPageTemplateListQuery,
} from '@stp/shared';
import { and, asc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { containsPattern } from '../../admin/search.js';
import type { Transaction } from '../../db/client.js';
import { pages, pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { sanitizePageHtml } from '../pages/sanitize.js';
import { imageKeysOf, pageImageFolder, releaseImages } from './page-images.js';
import { presentPageTemplates, type PageTemplateRow } from './pages-admin.presenter.js';

const isLinked = (slug: string | undefined) => (linkedPageSlugs as readonly string[]).includes(slug ?? '');

/** The first page publishing a template (the one the admin screen edits). */
async function firstPage(tx: Transaction, templateId: number) {
  const [page] = await tx
    .select()
    .from(pages)
    .where(eq(pages.templateId, templateId))
    .orderBy(asc(pages.id))
    .limit(1);
  return page;
}

/**
 * Every image key of the body must be one the template already uses, or a fresh upload of the page
 * image folder that is still in the store: a body cannot point a page at another file of the store
 * (an avatar, a complaint attachment).
 */
async function checkImageKeys(
  tx: Transaction,
  storage: FileStorage,
  input: TPageTemplateBody,
  before: PageTemplateRow | null,
): Promise<void> {
  const own = new Set<string>();
  if (before) {
    if (before.bannerKey) own.add(before.bannerKey);
    const slides = await tx
      .select({ key: pageTemplateSlides.imageKey })
      .from(pageTemplateSlides)
      .where(eq(pageTemplateSlides.templateId, before.id));
    for (const slide of slides) own.add(slide.key);
  }
  const fields: [string, string][] = input.slides.map((slide, i) => [
    `slides.${i}.image_key`,
    slide.image_key,
  ]);
  if (input.banner_key) fields.unshift(['banner_key', input.banner_key]);
  const errors: Record<string, string> = {};
  for (const [field, key] of fields) {
    if (own.has(key)) continue;
    const stored =
      key.startsWith(`${pageImageFolder}/`) &&
      (await storage.size(key).then(
        () => true,
        () => false,
      ));
    if (!stored) errors[field] = pageAdminTexts.imageGone;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Page templates with the page that publishes each (spec 2 `/auth/manage/pages`,
 * `core.view_pagetemplate`). One record of the screen is a template and its first page: the body
 * carries both, the page row is written in the same transaction (see docs/manage-pages.md).
 */
export function pageTemplatesResource(
  storage: FileStorage,
): AdminResource<PageTemplateRow, TPageTemplateBody, TPageTemplateAdminItem> {
  return {
    name: adminPagesApiPaths.resource,
    app: 'core',
    model: 'pagetemplate',
    table: pageTemplates,
    id: pageTemplates.id,
    archived: pageTemplates.archived,
    listQuery: ZPageTemplateListQuerySchema,
    where: (query) => {
      const { status, layout } = query as TPageTemplateListQuery;
      const q = typeof query.q === 'string' && query.q ? containsPattern(query.q) : undefined;
      return [
        q
          ? or(
              ilike(pageTemplates.title, q),
              exists(
                sql`(select 1 from ${pages} where ${pages.templateId} = ${pageTemplates.id} and (${pages.slug} ilike ${q} or ${pages.titleEn} ilike ${q} or ${pages.titleFr} ilike ${q}))`,
              ),
            )
          : undefined,
        status ? eq(pageTemplates.status, status) : undefined,
        layout ? eq(pageTemplates.layout, layout) : undefined,
      ];
    },
    sorts: {
      title: pageTemplates.title,
      status: pageTemplates.status,
      layout: pageTemplates.layout,
      updated_at: pageTemplates.updatedAt,
    },
    defaultSort: '-updated_at',
    input: ZPageTemplateInputSchema,
    async values(input, { tx, before }) {
      if (before) {
        const page = await firstPage(tx, before.id);
        if (page && isLinked(page.slug) && page.slug !== input.slug)
          throw validationFailed({ slug: pageAdminTexts.linkedSlug });
      }
      await checkImageKeys(tx, storage, input, before);
      return {
        title: input.title,
        layout: input.layout,
        status: input.status,
        // Stored clean: the public side sanitises again on the way out.
        contentEn: sanitizePageHtml(input.content_en),
        contentFr: sanitizePageHtml(input.content_fr),
        bannerKey: input.banner_key,
        bannerAttachment: input.banner_attachment,
        slideInterval: input.slide_interval,
      };
    },
    async afterWrite(row, input, { tx }) {
      await tx.delete(pageTemplateSlides).where(eq(pageTemplateSlides.templateId, row.id));
      if (input.slides.length)
        await tx.insert(pageTemplateSlides).values(
          input.slides.map((slide, index) => ({
            templateId: row.id,
            imageKey: slide.image_key,
            captionEn: slide.caption_en,
            captionFr: slide.caption_fr,
            sortOrder: index + 1,
          })),
        );
      const page = {
        slug: input.slug,
        titleEn: input.title_en,
        titleFr: input.title_fr,
        status: input.status,
        showInMenu: input.show_in_menu,
        sortOrder: input.sort_order,
      };
      const existing = await firstPage(tx, row.id);
      if (existing)
        await tx
          .update(pages)
          .set({ ...page, updatedAt: new Date() })
          .where(eq(pages.id, existing.id));
      else await tx.insert(pages).values({ ...page, templateId: row.id });
    },
    present: presentPageTemplates,
    onDuplicate: async () => validationFailed({ slug: pageAdminTexts.slugTaken }),
    async beforePurge(row, { tx }) {
      const linked = await tx
        .select({ slug: pages.slug })
        .from(pages)
        .where(and(eq(pages.templateId, row.id), inArray(pages.slug, [...linkedPageSlugs])));
      if (linked.length)
        throw new HttpError(409, pageAdminTexts.linkedPurge, { _: pageAdminTexts.linkedPurge });
      // The pages publishing the template go with it (slides cascade).
      await tx.delete(pages).where(eq(pages.templateId, row.id));
    },
    // The public page answer is not cached on the server (images carry the template's version in
    // their address), so a committed change has only files to release: the images it no longer uses.
    async afterChange(db, change) {
      const kept = new Set(imageKeysOf(change.after));
      const dropped = imageKeysOf(change.before).filter((key) => !kept.has(key));
      if (dropped.length) await releaseImages(db, storage, dropped);
    },
  };
}

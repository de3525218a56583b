import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { publicPage, publicPageTemplate } from '../../db/public-visibility.js';
import { pages, pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';

/** A published page with its (published) template and the template's slides in order, or undefined. */
export async function findPublishedPage(db: Database, slug: string) {
  const [row] = await db
    .select({ page: pages, template: pageTemplates })
    .from(pages)
    .innerJoin(pageTemplates, eq(pageTemplates.id, pages.templateId))
    .where(and(eq(pages.slug, slug), publicPage, publicPageTemplate));
  if (!row) return undefined;
  const slides = await db
    .select()
    .from(pageTemplateSlides)
    .where(eq(pageTemplateSlides.templateId, row.template.id))
    .orderBy(asc(pageTemplateSlides.sortOrder), asc(pageTemplateSlides.id));
  return { ...row, slides };
}

export type PublishedPage = NonNullable<Awaited<ReturnType<typeof findPublishedPage>>>;

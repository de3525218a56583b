import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pages, pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';

const visible = (table: typeof pages | typeof pageTemplates) =>
  and(
    eq(table.status, 'published'),
    eq(table.active, true),
    eq(table.archived, false),
    isNull(table.deletedOn),
  ) as SQL;

/** A published page with its (published) template and the template's slides in order, or undefined. */
export async function findPublishedPage(db: Database, slug: string) {
  const [row] = await db
    .select({ page: pages, template: pageTemplates })
    .from(pages)
    .innerJoin(pageTemplates, eq(pageTemplates.id, pages.templateId))
    .where(and(eq(pages.slug, slug), visible(pages), visible(pageTemplates)));
  if (!row) return undefined;
  const slides = await db
    .select()
    .from(pageTemplateSlides)
    .where(eq(pageTemplateSlides.templateId, row.template.id))
    .orderBy(asc(pageTemplateSlides.sortOrder), asc(pageTemplateSlides.id));
  return { ...row, slides };
}

export type PublishedPage = NonNullable<Awaited<ReturnType<typeof findPublishedPage>>>;

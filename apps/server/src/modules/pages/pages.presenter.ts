import { inLanguage, type TContentPage } from '@stp/shared';
import type { PublishedPage } from './pages.service.js';
import { sanitizePageHtml } from './sanitize.js';

/** The version stamp in image addresses: a changed template gets new addresses, so they can be cached. */
export function imageVersion(found: PublishedPage): number {
  return found.template.updatedAt.getTime();
}

/** A page in one language, rendered from its template; HTML sanitised again on the way out. */
export function presentPage(found: PublishedPage, lang: 'en' | 'fr'): TContentPage {
  const { page, template, slides } = found;
  const base = `/api/pages/${encodeURIComponent(page.slug)}`;
  const version = imageVersion(found);
  // French asked and not written yet: the English content, said to be English (the page marks it).
  const content = inLanguage(template.contentEn, template.contentFr, lang);
  const updated = page.updatedAt > template.updatedAt ? page.updatedAt : template.updatedAt;
  return {
    slug: page.slug,
    title: { en: page.titleEn, fr: page.titleFr },
    lang,
    template: {
      title: template.title,
      layout: template.layout,
      banner_url: template.bannerKey ? `${base}/banner/?v=${version}` : null,
      banner_attachment: template.bannerAttachment as TContentPage['template']['banner_attachment'],
      slide_interval: template.slideInterval,
      slides: slides.map((slide) => ({
        image_url: `${base}/slides/${slide.id}/?v=${version}`,
        caption: { en: slide.captionEn, fr: slide.captionFr },
      })),
    },
    content: sanitizePageHtml(content.text),
    content_lang: content.lang,
    updated_on: updated.toISOString(),
  };
}

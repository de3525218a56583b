import type { TContentPage } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { sanitizePageHtml } from './sanitize.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const bannerKey = await ctx.storage.put('banners', png, 'png');
  const slideKey = await ctx.storage.put('slides', png, 'png');
  const [template] = await ctx.db
    .insert(pageTemplates)
    .values({
      title: 'About template',
      layout: 'sidebar',
      contentEn:
        '<h1>Who</h1><p onclick="steal()">We are <a href="https://eac.int" target="_blank">the EAC</a>.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      contentFr: '<h2>Qui</h2><p style="color:red">Nous sommes la CAE.</p>',
      bannerKey,
      bannerAttachment: 'fixed',
      slideInterval: 8,
      status: 'published',
    })
    .returning({ id: pageTemplates.id });
  const [draftTemplate] = await ctx.db
    .insert(pageTemplates)
    .values({ title: 'Draft', status: 'draft' })
    .returning({ id: pageTemplates.id });
  await ctx.db.insert(pageTemplateSlides).values([
    {
      templateId: template!.id,
      imageKey: slideKey,
      captionEn: 'Border post',
      captionFr: 'Poste frontière',
      sortOrder: 2,
    },
    { templateId: template!.id, imageKey: slideKey, captionEn: 'Port', captionFr: 'Port', sortOrder: 1 },
  ]);
  await ctx.db.insert(pages).values([
    {
      slug: 'about-test',
      titleEn: 'About Us',
      titleFr: 'À propos',
      templateId: template!.id,
      status: 'published',
    },
    { slug: 'draft-page', titleEn: 'Draft', titleFr: 'Brouillon', templateId: template!.id, status: 'draft' },
    {
      slug: 'draft-template',
      titleEn: 'D',
      titleFr: 'D',
      templateId: draftTemplate!.id,
      status: 'published',
    },
    {
      slug: 'archived-page',
      titleEn: 'A',
      titleFr: 'A',
      templateId: template!.id,
      status: 'published',
      archived: true,
    },
  ]);
});
afterAll(() => ctx.close());

async function getPage(slug: string, lang?: string) {
  const response = await ctx.client().request({ url: `/api/pages/${slug}/${lang ? `?lang=${lang}` : ''}` });
  return { status: response.statusCode, body: response.json<TContentPage>() };
}

describe('GET /api/pages/{slug}/', () => {
  it('answers a published page with its template, slides in order and sanitised English HTML', async () => {
    const { status, body } = await getPage('about-test');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: 'about-test',
      title: { en: 'About Us', fr: 'À propos' },
      lang: 'en',
      template: { title: 'About template', layout: 'sidebar', banner_attachment: 'fixed', slide_interval: 8 },
    });
    expect(body.template.banner_url).toMatch(/^\/api\/pages\/about-test\/banner\/\?v=\d+$/);
    expect(body.template.slides.map((s) => s.caption.en)).toEqual(['Port', 'Border post']);
    expect(body.content).toBe(
      '<h2>Who</h2><p>We are <a href="https://eac.int" target="_blank" rel="noopener noreferrer">the EAC</a>.</p><img src="x" /><a>x</a>',
    );
    expect(Date.parse(body.updated_on)).not.toBeNaN();
  });

  it('answers the French content with ?lang=fr and refuses other languages', async () => {
    const { body } = await getPage('about-test', 'fr');
    expect(body.content).toBe('<h2>Qui</h2><p>Nous sommes la CAE.</p>');
    const bad = await ctx.client().request({ url: '/api/pages/about-test/?lang=de' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string> }>().errors.lang).toBe(
      'Select a valid language: en, fr.',
    );
  });

  it('answers 404 for unknown, draft, archived pages and pages of a draft template', async () => {
    for (const slug of ['nope', 'draft-page', 'draft-template', 'archived-page'])
      expect((await getPage(slug)).status, slug).toBe(404);
  });
});

describe("a page in the visitor's language (issue 33 item 5)", () => {
  it('answers the French content as French, and the English content, marked, when it has no French', async () => {
    const [template] = await ctx.db
      .insert(pageTemplates)
      .values({
        title: 'English only',
        contentEn: '<p>Only in English.</p>',
        contentFr: '  ',
        status: 'published',
      })
      .returning({ id: pageTemplates.id });
    await ctx.db.insert(pages).values({
      slug: 'english-only',
      titleEn: 'Notice',
      titleFr: '',
      templateId: template!.id,
      status: 'published',
    });

    expect((await getPage('about-test', 'fr')).body).toMatchObject({ lang: 'fr', content_lang: 'fr' });
    expect((await getPage('about-test', 'en')).body).toMatchObject({ lang: 'en', content_lang: 'en' });
    const { body } = await getPage('english-only', 'fr');
    // The visitor asked for French; the content is the English text and says so (the page marks it).
    expect(body).toMatchObject({
      lang: 'fr',
      content_lang: 'en',
      content: '<p>Only in English.</p>',
      title: { en: 'Notice', fr: '' },
    });
    expect((await getPage('english-only', 'en')).body).toMatchObject({ content_lang: 'en' });
  });
});

describe('page images', () => {
  it('serves the banner and each slide from the file store, cacheable', async () => {
    const { body } = await getPage('about-test');
    for (const url of [body.template.banner_url!, ...body.template.slides.map((s) => s.image_url)]) {
      const response = await ctx.client().request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.rawPayload.equals(png)).toBe(true);
    }
  });

  it('answers 404 for a page without a banner, a slide of another page, and 422 for a bad slide id', async () => {
    expect((await ctx.client().request({ url: '/api/pages/draft-page/banner/' })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/pages/about-test/slides/999999/' })).statusCode).toBe(
      404,
    );
    expect((await ctx.client().request({ url: '/api/pages/about-test/slides/abc/' })).statusCode).toBe(422);
  });
});

describe('sanitizePageHtml', () => {
  it('strips script, event handlers, style and javascript: links, keeps the allowed markup', () => {
    expect(
      sanitizePageHtml(
        '<p onmouseover="x()" class="c">Hi <strong>there</strong></p><iframe src="//evil"></iframe><svg onload="x()"></svg><ul><li>a</li></ul><a href="/public/about" target="_blank">in</a><img src="https://x.org/a.png" alt="A">',
      ),
    ).toBe(
      '<p>Hi <strong>there</strong></p><ul><li>a</li></ul><a href="/public/about">in</a><img src="https://x.org/a.png" alt="A" />',
    );
  });
});

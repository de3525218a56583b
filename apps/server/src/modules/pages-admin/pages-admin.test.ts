import type {
  Paginated,
  TContentPage,
  TPageImageUpload,
  TPageTemplateAdminItem,
  TPageTemplateInput,
} from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pages, pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { sweepUnsavedImages } from './page-images.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;

const path = '/api/admin/page-templates/';
const imagesPath = `${path}images/`;

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

function imageForm(data: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('attachments', new Blob([data]), name);
  return form;
}

async function upload(client: TestClient, data: Buffer, name: string) {
  return client.request({ method: 'POST', url: imagesPath, payload: imageForm(data, name) });
}

const auditRows = (objectId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, 'core.pagetemplate'), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id);

const exists = (key: string) =>
  ctx.storage.size(key).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(['add', 'change', 'delete', 'view'].map((action) => `core.${action}_pagetemplate`));
  viewer = await signIn(['core.view_pagetemplate']);
});
afterAll(() => ctx.close());

describe('page images', () => {
  it('accepts a PNG and a GIF by their bytes and shows them to staff', async () => {
    for (const [data, name, type] of [
      [png, 'banner.png', 'image/png'],
      [gif, 'slide.gif', 'image/gif'],
    ] as const) {
      const response = await upload(manager, data, name);
      expect(response.statusCode).toBe(201);
      const body = response.json<TPageImageUpload>();
      expect(body).toMatchObject({ content_type: type, size: data.length });
      expect(body.key).toMatch(/^page-images\/[0-9a-f-]{36}\.(png|gif)$/);
      const image = await viewer.request({ url: body.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses a non-image, an SVG and a renamed file with "Invalid File", and a file over 5MB', async () => {
    for (const [data, name] of [
      [Buffer.from('<script>alert(1)</script>'), 'banner.png'],
      [svg, 'banner.svg'],
      [png, 'banner.jpg'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'banner.pdf'],
    ] as const) {
      const response = await upload(manager, data, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toMatchObject({
        title: 'Invalid File',
        detail: 'You can not upload this file as the file format is not allowed at this time',
      });
    }
    const big = await upload(manager, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(422);
    expect(big.json().detail).toBe('One can not upload files larger than 5MB');
    const none = await manager.request({ method: 'POST', url: imagesPath, payload: {} });
    expect(none.json().title).toBe('Invalid File');
  });

  it('lets only staff who may add or change templates upload, and only viewers read', async () => {
    expect((await upload(viewer, png, 'a.png')).statusCode).toBe(403);
    expect((await ctx.client().request({ url: `${imagesPath}?key=page-images/x.png` })).statusCode).toBe(401);
    const other = await viewer.request({
      url: `${imagesPath}?key=${encodeURIComponent('avatars/00000000-0000-0000-0000-000000000000.png')}`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('admin page templates', () => {
  let created: TPageTemplateAdminItem;
  let banner: TPageImageUpload;
  let slide: TPageImageUpload;

  const body = (): TPageTemplateInput => ({
    title: 'Trade facilitation',
    layout: 'sidebar',
    status: 'published',
    content_en:
      '<h1>Facilitation</h1><p onclick="steal()">Trade <strong>in services</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    content_fr: '<p style="color:red">Le commerce des <em>services</em>.</p>',
    banner_key: banner.key,
    banner_attachment: 'fixed',
    slide_interval: 9,
    slides: [{ image_key: slide.key, caption_en: 'A border post', caption_fr: 'Un poste frontière' }],
    slug: 'trade-facilitation',
    title_en: 'Trade facilitation',
    title_fr: 'Facilitation des échanges',
    show_in_menu: true,
    sort_order: 7,
  });

  beforeAll(async () => {
    banner = (await upload(manager, png, 'banner.png')).json<TPageImageUpload>();
    slide = (await upload(manager, gif, 'slide.gif')).json<TPageImageUpload>();
  });

  it('creates a template and its page, sanitising the HTML before it is stored, with an audit row', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body() });
    expect(response.statusCode).toBe(201);
    created = response.json<TPageTemplateAdminItem>();
    expect(created).toMatchObject({
      title: 'Trade facilitation',
      layout: 'sidebar',
      banner_key: banner.key,
      banner_attachment: 'fixed',
      slide_interval: 9,
      archived: false,
      page: { slug: 'trade-facilitation', title_fr: 'Facilitation des échanges', show_in_menu: true },
    });
    expect(created.slides).toMatchObject([{ image_key: slide.key, caption_fr: 'Un poste frontière' }]);
    const [row] = await ctx.db.select().from(pageTemplates).where(eq(pageTemplates.id, created.id));
    expect(row?.contentEn).toBe(
      '<h2>Facilitation</h2><p>Trade <strong>in services</strong>.</p><img src="x" /><a>x</a>',
    );
    expect(row?.contentEn).not.toMatch(/script|onerror|onclick|javascript/);
    expect(row?.contentFr).toBe('<p>Le commerce des <em>services</em>.</p>');
    const [audit] = await auditRows(created.id);
    expect(audit).toMatchObject({ action: 'add', before: null });
    expect(audit?.after).toMatchObject({ page: { slug: 'trade-facilitation' } });
  });

  it('publishes the page at its slug as the public sees it, banner and slides included', async () => {
    const response = await ctx.client().request({ url: '/api/pages/trade-facilitation/?lang=fr' });
    expect(response.statusCode).toBe(200);
    const page = response.json<TContentPage>();
    expect(page).toMatchObject({
      title: { fr: 'Facilitation des échanges' },
      content: '<p>Le commerce des <em>services</em>.</p>',
      template: { layout: 'sidebar', banner_attachment: 'fixed', slide_interval: 9 },
    });
    const image = await ctx.client().request({ url: page.template.banner_url! });
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('lists with search on the page slug and title, filters and sort; reads one', async () => {
    const list = await viewer.request({ url: `${path}?q=facilitation%20des&status=published&sort=title` });
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<TPageTemplateAdminItem>>();
    expect(page.count).toBe(1);
    expect(page.results[0]?.id).toBe(created.id);
    const none = await viewer.request({ url: `${path}?q=facilitation&layout=wide` });
    expect(none.json<Paginated<TPageTemplateAdminItem>>().count).toBe(0);
    const bad = await viewer.request({ url: `${path}?layout=poster` });
    expect(bad.statusCode).toBe(422);
    expect((await viewer.request({ url: `${path}${created.id}/` })).json().page.slug).toBe(
      'trade-facilitation',
    );
  });

  it('refuses bad fields one by one and changes nothing', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: {
        ...body(),
        title: ' ',
        layout: 'poster',
        slide_interval: 121,
        banner_attachment: 'sticky',
        slug: 'Not A Slug',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      title: 'This field is required.',
      layout: 'Select a valid choice.',
      slide_interval: 'Enter a number from 1 to 120.',
      banner_attachment: 'Select a valid choice.',
      slug: 'Use lowercase letters, digits and single hyphens.',
    });
    const zero = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body(), slide_interval: 0 },
    });
    expect(zero.json().errors.slide_interval).toBe('Enter a number from 1 to 120.');
    expect((await auditRows(created.id)).length).toBe(1);
  });

  it('refuses image keys that are not this template images nor fresh uploads', async () => {
    const avatar = await ctx.storage.put('avatars', png, 'png');
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: {
        ...body(),
        banner_key: avatar,
        slides: [{ image_key: 'page-images/00000000-0000-0000-0000-000000000000.png' }],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      banner_key: 'Upload the image again.',
      'slides.0.image_key': 'Upload the image again.',
    });
  });

  it('answers a slug another page holds on its field', async () => {
    const [other] = await ctx.db.insert(pageTemplates).values({ title: 'Other' }).returning();
    await ctx.db
      .insert(pages)
      .values({ slug: 'taken-slug', titleEn: 'T', titleFr: 'T', templateId: other!.id });
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body(), slug: 'taken-slug' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ slug: 'A page with this address already exists.' });
  });

  it('changes the template, its slides and page; a replaced banner leaves the store after the commit', async () => {
    const next = (await upload(manager, gif, 'next.gif')).json<TPageImageUpload>();
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: {
        ...body(),
        layout: 'wide',
        banner_key: next.key,
        slides: [
          { image_key: next.key, caption_en: 'First' },
          { image_key: slide.key, caption_en: 'Second' },
        ],
        slug: 'trade-facilitation-2',
      },
    });
    expect(response.statusCode).toBe(200);
    const changed = response.json<TPageTemplateAdminItem>();
    expect(changed.layout).toBe('wide');
    expect(changed.slides.map((s) => s.caption_en)).toEqual(['First', 'Second']);
    expect(changed.page?.public_path).toBe('/public/page/trade-facilitation-2');
    expect(await exists(banner.key)).toBe(false);
    expect(await exists(next.key)).toBe(true);
    const audit = (await auditRows(created.id)).at(-1);
    expect(audit).toMatchObject({ action: 'change' });
    // The before form shows the slides as they were, not the new ones.
    expect(audit?.before).toMatchObject({ layout: 'sidebar', slides: [{ caption_en: 'A border post' }] });
    expect(audit?.after).toMatchObject({ layout: 'wide', page: { slug: 'trade-facilitation-2' } });
    created = changed;
  });

  it('archives (the public page is gone) and unarchives', async () => {
    const archived = await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(archived.json<TPageTemplateAdminItem>().archived).toBe(true);
    expect((await ctx.client().request({ url: '/api/pages/trade-facilitation-2/' })).statusCode).toBe(404);
    const listed = await viewer.request({ url: `${path}?state=archived&q=trade` });
    expect(listed.json<Paginated<TPageTemplateAdminItem>>().count).toBe(1);
    const back = await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    expect(back.json<TPageTemplateAdminItem>().archived).toBe(false);
    expect((await ctx.client().request({ url: '/api/pages/trade-facilitation-2/' })).statusCode).toBe(200);
  });

  it('keeps the address of pages the portal links to, and refuses to purge them', async () => {
    const [template] = await ctx.db.insert(pageTemplates).values({ title: 'About' }).returning();
    await ctx.db
      .insert(pages)
      .values({ slug: 'about', titleEn: 'About', titleFr: 'À propos', templateId: template!.id });
    const moved = await manager.request({
      method: 'PUT',
      url: `${path}${template!.id}/`,
      payload: { ...body(), banner_key: null, slides: [], slug: 'about-us' },
    });
    expect(moved.json().errors).toEqual({
      slug: 'The portal links to this page: its address cannot change.',
    });
    const purge = await manager.request({ method: 'DELETE', url: `${path}${template!.id}/` });
    expect(purge.statusCode).toBe(409);
    expect(purge.json().detail).toBe('The portal links to this page: archive it instead of purging it.');
  });

  it('purges the template, its page and slides, then its files; the audit row keeps what it was', async () => {
    const keys = [created.banner_key!, ...created.slides.map((s) => s.image_key)];
    const response = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(response.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(pages).where(eq(pages.templateId, created.id))).toEqual([]);
    expect(
      await ctx.db.select().from(pageTemplateSlides).where(eq(pageTemplateSlides.templateId, created.id)),
    ).toEqual([]);
    for (const key of keys) expect(await exists(key), key).toBe(false);
    const audit = (await auditRows(created.id)).at(-1);
    expect(audit).toMatchObject({ action: 'delete', after: null });
    expect(audit?.before).toMatchObject({ page: { slug: 'trade-facilitation-2' }, slides: [{}, {}] });
  });

  it('sweeps uploads never saved into a template once they are a day old', async () => {
    const unsaved = (await upload(manager, png, 'lost.png')).json<TPageImageUpload>();
    expect(await sweepUnsavedImages(ctx.db, ctx.storage)).toEqual([]);
    const removed = await sweepUnsavedImages(
      ctx.db,
      ctx.storage,
      24 * 3_600_000,
      Date.now() + 25 * 3_600_000,
    );
    expect(removed).toContain(unsaved.key);
    expect(await exists(unsaved.key)).toBe(false);
  });

  it('gates every route by its own codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    expect((await (await signIn([])).request({ url: path })).statusCode).toBe(403);
    const refused = [
      viewer.request({ method: 'POST', url: path, payload: body() }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload: body() }),
      viewer.request({ method: 'POST', url: `${path}1/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});

describe('a page in English and French (issue 33 item 5)', () => {
  const english = {
    title: 'Consultation notice',
    layout: 'standard',
    status: 'published',
    content_en: '<p>Comments are welcome until June.</p>',
    content_fr: '',
    slug: 'consultation-notice',
    title_en: 'Consultation notice',
    title_fr: '  ',
  } satisfies TPageTemplateInput;

  it('saves a page written in English only: the French title and content may stay empty', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: english });
    expect(response.statusCode).toBe(201);
    const item = response.json<TPageTemplateAdminItem>();
    expect(item).toMatchObject({ content_en: english.content_en, content_fr: '', page: { title_fr: '' } });
    const page = (
      await ctx.client().request({ url: '/api/pages/consultation-notice/?lang=fr' })
    ).json<TContentPage>();
    expect(page).toMatchObject({ title: { en: 'Consultation notice', fr: '' }, content_lang: 'en' });
  });

  it('saves the French title and content beside the English and answers both', async () => {
    const [row] = await ctx.db.select().from(pages).where(eq(pages.slug, 'consultation-notice'));
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${row!.templateId}/`,
      payload: {
        ...english,
        title_fr: 'Avis de consultation',
        content_fr: '<p>Vos commentaires sont les bienvenus jusqu’en juin.</p>',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TPageTemplateAdminItem>()).toMatchObject({
      content_en: english.content_en,
      content_fr: '<p>Vos commentaires sont les bienvenus jusqu’en juin.</p>',
      page: { title_en: 'Consultation notice', title_fr: 'Avis de consultation' },
    });
    const read = await manager.request({ url: `${path}${row!.templateId}/` });
    expect(read.json<TPageTemplateAdminItem>().page).toMatchObject({ title_fr: 'Avis de consultation' });
    const page = (
      await ctx.client().request({ url: '/api/pages/consultation-notice/?lang=fr' })
    ).json<TContentPage>();
    expect(page).toMatchObject({ title: { fr: 'Avis de consultation' }, content_lang: 'fr' });
  });
});

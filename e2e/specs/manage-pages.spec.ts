// Manage pages (issue 6 item 4): a page with rich text, a banner and a slide; edit, preview as the
// public sees it, archive, purge; a user who may only view sees no buttons and the server refuses.
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  expectRefused,
} from '../support/admin.js';
import { accounts, expectHeading, fitsWidth, open, settled, signIn, url } from '../support/app.js';
import { chooseOption, hasFocus, launchBrowser, newPage, screenshot } from '../support/browser.js';

const listPath = '/auth/manage/pages';
const run = Date.now().toString(36);
const slug = `e2e-page-${run}`;
const titleEn = `E2E page ${run}`;

/** A real PNG of `width` x `height` in one colour (enough bytes for the progress bar to show). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let recordPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' }));
  await signIn(page, accounts.admin);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const form = () => page.getByTestId('admin-form');
const field = (name: string) => form().getByRole('textbox', { name, exact: true });

describe('Manage pages', () => {
  it('lists the pages with their address, filters and sorting in the address', async () => {
    await open(page, listPath);
    await expectHeading(page, 'Pages');
    await adminRow(page, '/public/page/about').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Template title' }).click();
    await page.waitForURL((address) => address.searchParams.get('sort') === 'title');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-pages-list-desktop');
  });

  it('creates a page with rich text, a banner and a slide', async () => {
    await page.getByTestId('admin-create').click();
    await page.waitForURL((address) => address.pathname === `${listPath}/new`);
    await form().waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );

    await field('Page title (English)').fill(titleEn);
    await field('Page title (French)').fill(`Page E2E ${run}`);
    await field('Address (slug)').fill(slug);
    await field('Template title').fill(`Template ${run}`);
    await chooseOption(page, form().getByRole('combobox', { name: 'Status' }), 'Published');

    // English content through the toolbar: a heading, then a bold sentence.
    // At this width the two editors are side by side (issue 33 item 5): each has its own toolbar.
    const englishEditor = page.getByTestId('content-editor-en');
    const english = page.getByTestId('editor-content-en');
    await english.waitFor({ state: 'visible' });
    await english.click();
    await englishEditor.getByTestId('editor-h2').click();
    await page.keyboard.type('Why this page');
    await page.keyboard.press('Enter');
    await englishEditor.getByTestId('editor-bold').click();
    expect(await englishEditor.getByTestId('editor-bold').getAttribute('aria-pressed')).toBe('true');
    // The button leaves the focus in the text, so typing goes on at once.
    expect(await hasFocus(english)).toBe(true);
    await page.keyboard.type('Services move freely');
    await englishEditor.getByTestId('editor-bold').click();
    expect(await englishEditor.getByTestId('editor-bold').getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type(' across the partner states.');
    expect(await page.getByTestId('content-tab-fr').count()).toBe(0);
    const french = page.getByTestId('editor-content-fr');
    await french.click();
    await page.keyboard.type('Les services circulent librement.');
    // A link on the last word: the link box applies it and leaves the page's form alone.
    await page.keyboard.press('ArrowLeft');
    for (let letter = 0; letter < 'librement'.length; letter += 1)
      await page.keyboard.press('Shift+ArrowLeft');
    await page.getByTestId('content-editor-fr').getByTestId('editor-link').click();
    await page.getByTestId('link-url').fill('https://www.eac.int/');
    await page.keyboard.press('Enter');
    await page.getByTestId('link-url').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(french)).toBe(true);
    // Not saved: the page's form was not submitted.
    expect(new URL(page.url()).pathname).toBe(`${listPath}/new`);
    expect(await french.locator('a').textContent()).toBe('librement');

    // A file that is not an image is refused before it is sent, with spec 5's texts.
    await page.getByTestId('banner-input').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<script>alert(1)</script>'),
    });
    const refusal = page.getByTestId('dialog-error');
    await refusal.waitFor({ state: 'visible' });
    expect(await refusal.getByRole('heading').textContent()).toContain('Invalid File');
    expect(await refusal.textContent()).toContain(
      'You can not upload this file as the file format is not allowed at this time',
    );
    await refusal.getByRole('button').first().click();
    await refusal.waitFor({ state: 'hidden' });

    await page.getByTestId('banner-input').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png(1200, 400, [20, 80, 140]),
    });
    await page.getByTestId('banner-image').waitFor({ state: 'visible' });
    await page.getByTestId('slide-input').setInputFiles({
      name: 'slide.png',
      mimeType: 'image/png',
      buffer: png(800, 300, [200, 120, 40]),
    });
    await page.getByTestId('slide-row').waitFor({ state: 'visible' });
    await field('Caption (English)').fill('A border post at dawn');
    await form().getByRole('spinbutton', { name: 'Slide interval (seconds)' }).fill('8');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-pages-editor-desktop');

    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await page.waitForURL((address) => /\/auth\/manage\/pages\/\d+$/.test(address.pathname));
    recordPath = new URL(page.url()).pathname;
    await expectHeading(page, `Edit “${titleEn}”`);
  });

  it('previews the saved page as the public will see it, in both languages', async () => {
    await page.getByTestId('tab-preview').click();
    const preview = page.getByTestId('page-preview');
    await preview.waitFor({ state: 'visible' });
    const content = preview.getByTestId('page-content');
    expect(await content.innerHTML()).toBe(
      '<h2>Why this page</h2><p><strong>Services move freely</strong> across the partner states.</p>',
    );
    expect(await preview.getByTestId('page-banner').getAttribute('data-attachment')).toBe('scroll');
    expect(await preview.getByTestId('slide').count()).toBe(1);
    await preview.getByRole('button', { name: 'Français' }).click();
    await expect.poll(() => content.textContent()).toBe('Les services circulent librement.');
    expect(await content.locator('a').getAttribute('href')).toBe('https://www.eac.int/');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-pages-preview-desktop');
  });

  it('edits the page; the public page follows', async () => {
    await page.getByRole('tab', { name: 'Details' }).click();
    await field('Page title (English)').fill(`${titleEn} edited`);
    await chooseOption(page, form().getByRole('combobox', { name: 'Layout' }), 'Wide');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await expectHeading(page, `Edit “${titleEn} edited”`);

    const visitor = await browser.newPage();
    await visitor.goto(url(`/public/page/${slug}`));
    await settled(visitor);
    await expectHeading(visitor, `${titleEn} edited`);
    expect(await visitor.getByTestId('content-page').getAttribute('data-layout')).toBe('wide');
    await visitor.close();
  });

  it('archives the page (the public no longer sees it), then purges it', async () => {
    await page.getByTestId('archive').click();
    await confirmAndAcknowledge(page);
    await page.getByTestId('archived-chip').waitFor({ state: 'visible' });
    const answer = await callApi(page, 'GET', `/pages/${slug}/`);
    expect(answer.status).toBe(404);

    await page.getByTestId('purge').click();
    await confirmAndAcknowledge(page);
    await page.waitForURL((address) => address.pathname === listPath);
    expect((await callApi(page, 'GET', `/admin/page-templates/${recordPath.split('/').pop()}/`)).status).toBe(
      404,
    );
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, listPath);
    await adminRow(page, '/public/page/about').waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'manage-pages-list-phone');
    await open(page, `${listPath}/new`);
    await page.getByTestId('editor-content-en').waitFor({ state: 'visible' });
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'manage-pages-editor-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('Manage pages for a user who may only view them', () => {
  const viewerEmail = accounts.regulator;
  let viewerId = 0;
  let restore: Record<string, unknown> = {};

  /** As admin: gives the regulator `core.view_pagetemplate` only (restored after the test). */
  async function grantView() {
    const found = await callApi(page, 'GET', `/admin/users/?q=${encodeURIComponent(viewerEmail)}`);
    expect(found.status).toBe(200);
    const user = (found.body as { results: Record<string, unknown>[] }).results[0]!;
    viewerId = user.id as number;
    const groups = (user.groups as { id: number }[]).map((group) => group.id);
    restore = {
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      country: user.country,
      locale: user.locale,
      is_active: user.is_active,
      account_type: user.account_type,
      is_superuser: user.is_superuser,
      groups,
      permissions: user.permissions,
    };
    const granted = await callApi(page, 'PUT', `/admin/users/${viewerId}/`, {
      ...restore,
      permissions: [...(user.permissions as string[]), 'core.view_pagetemplate'],
    });
    expect(granted.status).toBe(200);
  }

  afterAll(async () => {
    if (viewerId) await callApi(page, 'PUT', `/admin/users/${viewerId}/`, restore);
  });

  it('shows the pages read-only, and the server refuses the changes', async () => {
    await grantView();
    const viewer = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(viewer.page, viewerEmail);
    await open(viewer.page, listPath);
    await adminRow(viewer.page, '/public/page/about').waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-create').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-archive').count()).toBe(0);
    expect(await viewer.page.getByTestId('row-purge').count()).toBe(0);
    await adminRow(viewer.page, '/public/page/about').getByRole('button', { name: /^View/ }).click();
    await viewer.page.getByTestId('read-only').waitFor({ state: 'visible' });
    expect(await viewer.page.getByTestId('admin-save').count()).toBe(0);
    expect(await viewer.page.getByTestId('record-actions').getByRole('button').count()).toBe(0);
    expect(await viewer.page.getByTestId('banner-input').count()).toBe(0);
    expect(await viewer.page.getByTestId('editor-bold').count()).toBe(0);
    await expectAccessibleInBothThemes(viewer.page);
    await screenshot(viewer.page, 'manage-pages-read-only');
    await expectRefused(viewer.page, 'POST', '/admin/page-templates/', {
      title: 'X',
      slug: 'x',
      title_en: 'X',
      title_fr: 'X',
    });
    await expectRefused(viewer.page, 'DELETE', '/admin/page-templates/1/');
    await expectRefused(viewer.page, 'POST', '/admin/page-templates/1/archive/');
    await viewer.context.close();
  });
});

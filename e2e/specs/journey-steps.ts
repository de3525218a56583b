import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  bodyBackground,
  darkBackground,
  lightBackground,
  open,
  signIn,
  url,
  waitForBackground,
} from '../support/app.js';
import { expectNoAxeViolations, screenshot } from '../support/browser.js';
import { pdfBuffer } from './complaints-steps.js';

/** The looks every journey screen is checked in: en and fr, 375 and 1366 px, light and dark. */
export interface Look {
  lang: 'en' | 'fr';
  width: 375 | 1366;
  theme: 'light' | 'dark';
}

export const looks: Look[] = (['en', 'fr'] as const).flatMap((lang) =>
  ([1366, 375] as const).flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ lang, width, theme })),
  ),
);

export const lookName = (look: Look) => `${look.lang}-${look.width}-${look.theme}`;

/** A browser page of its own at the look's width; signed in as `email` with `password` when given. */
export async function pageAt(
  browser: Browser,
  width: number,
  account?: { email: string; password?: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    colorScheme: 'light',
    locale: 'en-GB',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  if (account) await signIn(page, account.email, account.password);
  return { context, page };
}

/**
 * Puts the signed-in account in the look's language and theme with the header's switches (both are saved
 * on its profile, so they hold on every page after).
 */
export async function applyLook(page: Page, look: Look): Promise<void> {
  const lang = () => page.evaluate(() => document.documentElement.lang);
  if (!(await lang()).startsWith(look.lang)) {
    await page.getByTestId('language-switch').click();
    await expect.poll(lang, { timeout: 20_000 }).toMatch(new RegExp(`^${look.lang}`));
  }
  const wanted = look.theme === 'dark' ? darkBackground : lightBackground;
  if ((await bodyBackground(page)) !== wanted) {
    await page.getByTestId('theme-switch').click();
    await waitForBackground(page, wanted);
  }
}

/** axe (WCAG 2.0, 2.1, 2.2 A and AA) at zero, no sideways scroll, and a screenshot named by the look. */
export async function checkScreen(page: Page, name: string, look: Look): Promise<void> {
  await page.getByTestId('loading-overlay').waitFor({ state: 'hidden' });
  expect(await bodyBackground(page)).toBe(look.theme === 'dark' ? darkBackground : lightBackground);
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ name, look, overflow: overflow > 0 }).toEqual({ name, look, overflow: false });
  await screenshot(page, `journey-${name}-${lookName(look)}`);
}

/** Headers of a cookie-authenticated write from this page's session (its CSRF value). */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
  expect(csrf).not.toBe('');
  return { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
}

/** A complaint lodged through the API by the page's account: its reference, slug and id. */
export async function lodgeByApi(
  page: Page,
  brief: string,
  files: { name: string; mimeType: string; buffer: Buffer }[] = [],
): Promise<{ reference: string; slug: string; id: number }> {
  await open(page, '/public/complaints');
  const form = new FormData();
  form.set('restriction_type', 'licensing');
  form.set('details_of_occurrence', 'Our branch licence was refused without a written reason.');
  form.set('date_of_occurrence', new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
  form.set('country_code', 'KE');
  form.set('brief_description', brief);
  for (const file of files)
    form.append('attachments', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const answer = await page.request.post(url('/api/complaints/'), {
    headers: await csrfHeaders(page),
    multipart: form,
  });
  expect(answer.status()).toBe(201);
  const created = (await answer.json()) as { reference: string; slug: string };
  const detail = await page.request.get(url(`/api/complaints/${created.slug}/`));
  const { id } = (await detail.json()) as { id: number };
  return { ...created, id };
}

/** A review decision through the API by the page's account (a reviewer at the complaint's stage). */
export async function reviewByApi(
  page: Page,
  id: number,
  decision: 'forward' | 'resolve' | 'reject' | 'request_info',
  comments: string,
): Promise<void> {
  await open(page, '/auth/dashboard');
  const detail = await page.request.get(url(`/api/manage/complaints/${id}/`));
  const { version } = (await detail.json()) as { version: number };
  const answer = await page.request.post(url(`/api/manage/complaints/${id}/review/`), {
    headers: await csrfHeaders(page),
    // A resolve or reject carries its public record (issue 34, item 2); the other decisions ignore it.
    data: {
      decision,
      comments,
      version,
      public_summary: 'A barrier reported on the portal was reviewed by the partner states.',
      resolution_note: 'The reviewers closed the case at this stage.',
    },
  });
  expect(answer.status()).toBeLessThan(300);
}

/** The applicant's answer to a request for information, through the API (with a document). */
export async function respondByApi(page: Page, slug: string, message: string): Promise<void> {
  await open(page, '/public/complaints');
  const form = new FormData();
  form.set('message', message);
  form.append(
    'attachments',
    new Blob([new Uint8Array(pdfBuffer())], { type: 'application/pdf' }),
    'permit-letter.pdf',
  );
  const answer = await page.request.post(url(`/api/complaints/${slug}/respond/`), {
    headers: await csrfHeaders(page),
    multipart: form,
  });
  expect(answer.status()).toBeLessThan(300);
}

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseOption, expectNoAxeViolations, screenshot, viewports } from '../support/browser.js';
import {
  bodyBackground,
  darkBackground,
  lightBackground,
  open,
  signIn,
  waitForBackground,
} from '../support/app.js';

/** A small but real PDF (the server checks the bytes), padded to `size` bytes when asked. */
export function pdfBuffer(size = 0): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n';
  const head = Buffer.from(body, 'latin1');
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
}

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;
const savedSessions = new Map<string, SavedSession>();

/**
 * A page signed in as `email`, or a visitor's page. Each account signs in once per spec file and later
 * pages reuse its cookies: the server allows 10 sign-ins per account in 15 minutes.
 */
export async function signedInPage(
  browser: Browser,
  email: string | null,
  options: { viewport: keyof typeof viewports; colorScheme: 'light' | 'dark' } = {
    viewport: 'desktop',
    colorScheme: 'light',
  },
): Promise<{ context: BrowserContext; page: Page }> {
  const saved = email ? savedSessions.get(email) : undefined;
  const context = await browser.newContext({
    viewport: viewports[options.viewport],
    colorScheme: options.colorScheme,
    locale: 'en-GB',
    storageState: saved,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (email && !saved) {
    await signIn(page, email);
    savedSessions.set(email, await context.storageState());
  }
  return { context, page };
}

/** Picks an option of a MUI select found by its label. */
export function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  return chooseOption(page, page.getByRole('combobox', { name: label }), option);
}

/** Types a day into the date picker (en-GB: dd/mm/yyyy sections). */
/** The public record a resolve or reject asks for in the review form (issue 34, item 2). */
export async function fillPublicRecord(
  page: Page,
  record = {
    summary: 'A barrier reported on the portal was reviewed by the partner states.',
    note: 'The reviewers closed the case at this stage.',
  },
): Promise<void> {
  await page.locator('textarea[name="public_summary"]').fill(record.summary);
  await page.locator('textarea[name="resolution_note"]').fill(record.note);
}

export async function typeDate(page: Page, label: string, day: Date): Promise<void> {
  const digits = [day.getDate(), day.getMonth() + 1]
    .map((part) => String(part).padStart(2, '0'))
    .concat(String(day.getFullYear()))
    .join('');
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

export interface ComplaintInput {
  brief: string;
  country?: string;
  files?: { name: string; mimeType: string; buffer: Buffer }[];
  /** Ticks "Withhold my identity …" (issue 34 item 5). */
  withholdIdentity?: boolean;
}

/** Fills the complaint form (the page shows it) and sends it; answers the reference of the success dialog. */
export async function lodgeComplaint(page: Page, input: ComplaintInput): Promise<string> {
  await choose(page, 'Type Of Restriction', /.+/);
  await page
    .locator('textarea[name="details_of_occurrence"]')
    .fill(
      'Our engineers were refused temporary work permits although the contract was signed with a public client.',
    );
  const lastWeek = new Date(Date.now() - 7 * 86_400_000);
  await typeDate(page, 'Date Of Occurrence', lastWeek);
  await choose(page, 'Country Of Occurrence', input.country ?? 'Kenya');
  await page.locator('input[name="brief_description"]').fill(input.brief);
  if (input.files) await page.getByTestId('attachments-input').setInputFiles(input.files);
  if (input.withholdIdentity) await page.getByRole('checkbox', { name: /^Withhold my identity/ }).check();
  await page.getByTestId('complaint-submit').click();
  const dialog = page.getByTestId('complaint-created');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  const reference = (await dialog.getByTestId('complaint-reference').textContent())?.trim() ?? '';
  expect(reference).not.toBe('');
  return reference;
}

export type Variant = { viewport: 'phone' | 'desktop'; theme: 'light' | 'dark' };
/** Light and dark for axe, desktop and phone for the screenshots, in two runs. */
export const variants: Variant[] = [
  { viewport: 'desktop', theme: 'light' },
  { viewport: 'phone', theme: 'dark' },
];

/** One screen of a run: its name, its path (or how to find it from the previous screen) and when it is ready. */
export interface ScreenCheck {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  ready?: (page: Page) => Promise<void>;
}

/** Sets the theme with the header's switch when the account's saved preference differs from the variant. */
async function applyTheme(page: Page, theme: 'light' | 'dark'): Promise<boolean> {
  const wanted = theme === 'dark' ? darkBackground : lightBackground;
  if ((await bodyBackground(page)) === wanted) return false;
  await page.getByTestId('theme-switch').click();
  await waitForBackground(page, wanted);
  return true;
}

/**
 * Opens each screen in each variant (one after the other: a signed-in account's theme is saved on its
 * profile, so the dark run switches it and puts it back), checks axe, no sideways scroll at 320 px, and
 * takes the screenshots.
 */
export async function checkScreens(
  browser: Browser,
  email: string | null,
  screens: ScreenCheck[],
): Promise<void> {
  for (const variant of variants) {
    const { context, page } = await signedInPage(browser, email, {
      viewport: variant.viewport,
      colorScheme: variant.theme,
    });
    // The narrowest phone the portal supports.
    if (variant.viewport === 'phone') await page.setViewportSize({ width: 320, height: 740 });
    // A visitor follows the browser's colour scheme; an account follows its saved preference.
    if (email && page.url() === 'about:blank') await open(page, '/');
    const switched = email ? await applyTheme(page, variant.theme) : false;
    try {
      for (const screen of screens) {
        await open(page, typeof screen.path === 'string' ? screen.path : await screen.path(page));
        await screen.ready?.(page);
        expect(await bodyBackground(page)).toBe(variant.theme === 'dark' ? darkBackground : lightBackground);
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ screen: screen.name, variant, overflow: overflow > 0 }).toEqual({
          screen: screen.name,
          variant,
          overflow: false,
        });
        await screenshot(page, `complaints-${screen.name}-${variant.viewport}-${variant.theme}`);
      }
    } finally {
      if (switched) await applyTheme(page, variant.theme === 'dark' ? 'light' : 'dark');
      await context.close();
    }
  }
}

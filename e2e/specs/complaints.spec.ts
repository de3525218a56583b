import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, expectHeading, open, signIn, tableOverflow, url } from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { waitForMail } from '../support/mail.js';
import { checkScreens, lodgeComplaint, pdfBuffer, signedInPage } from './complaints-steps.js';

let browser: Browser;
let mbMax = 10;

beforeAll(async () => {
  browser = await launchBrowser();
  const constants = (await (await fetch(url('/api/cache/constants/'))).json()) as {
    limits: { uploadMaxMb: number };
  };
  mbMax = constants.limits.uploadMaxMb;
});
afterAll(async () => {
  await browser?.close();
});

async function traderOnForm(): Promise<Page> {
  const { page } = await signedInPage(browser, accounts.trader);
  await open(page, '/public/complaints');
  await expectHeading(page, 'Register a complaint');
  return page;
}

describe('lodging a complaint', () => {
  let reference = '';
  let detailPath = '';

  it('a client lodges a complaint with a document, sees the upload progress, the reference, and gets the mail', async () => {
    const page = await traderOnForm();
    // A slow uplink, so the progress of a 3 MB upload is on screen long enough to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    const progress = page.getByTestId('upload-progress');
    const seen = progress.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true);
    reference = await lodgeComplaint(page, {
      brief: 'Work permits refused to contracted engineers',
      files: [
        { name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdfBuffer(3 * 1024 * 1024) },
        { name: 'figures.csv', mimeType: 'text/csv', buffer: Buffer.from('item,cost\npermits,1200\n') },
      ],
    });
    expect(await seen).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(reference).toMatch(/\w/);
    await expect.poll(() => page.getByTestId('complaint-created').textContent()).toContain(reference);
    await screenshot(page, 'complaints-lodged-dialog');

    // The trader's mail about this complaint (the journey spec may have mailed the trader before).
    const mail = await waitForMail(accounts.trader, 15_000, (caught) => caught.subject.includes(reference));
    expect(`${mail.subject}\n${mail.text}`).toContain(reference);

    // The form starts again, empty.
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('input[name="brief_description"]').inputValue()).toBe('');
    expect(await page.getByTestId('attachments-list').count()).toBe(0);
    await page.close();
  });

  it('the complaint page shows the status, the spec 4 message, the documents and the log', async () => {
    const { page } = await signedInPage(browser, accounts.trader);
    await open(page, '/auth/manage/complaints?tab=mine');
    await page.getByRole('link', { name: reference }).click();
    await expectHeading(page, `Complaint ${reference}`);
    detailPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('complaint-message').textContent()).toBe(
      'Please wait for the regulator review process to end.',
    );
    const links = page.getByTestId('attachment-links').getByRole('link');
    expect(await links.count()).toBe(2);
    const download = page.waitForEvent('download');
    await links.first().click();
    expect((await download).suggestedFilename()).toBe('contract.pdf');
    expect(await page.getByTestId('review-log-entry').count()).toBeGreaterThanOrEqual(0);
    await page.close();
    expect(detailPath).toMatch(/^\/public\/complaints\/.+/);
  });

  it('an oversize file is refused before upload with the exact text', async () => {
    const page = await traderOnForm();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/complaints'))
        uploads.push(request.url());
    });
    await page.getByTestId('attachments-input').setInputFiles({
      name: 'too-big.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBuffer((mbMax + 1) * 1024 * 1024),
    });
    await expect
      .poll(() => page.getByTestId('attachments-help').textContent())
      .toBe(`One can not upload files larger than ${mbMax}MB`);
    expect(await page.getByTestId('attachments-list').count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.close();
  });

  it('a file in a format outside the allow-list shows "Invalid File"', async () => {
    const page = await traderOnForm();
    await page.getByTestId('attachments-input').setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary', 'latin1'),
    });
    const dialog = page.getByTestId('dialog-error');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('heading').textContent()).toContain('Invalid File');
    expect(await dialog.textContent()).toContain(
      'You can not upload this file as the file format is not allowed at this time',
    );
    await screenshot(page, 'complaints-invalid-file');
    await page.close();
  });

  it('a field error keeps what was typed and says "Please attend to the errors highlighted on the form."', async () => {
    const page = await traderOnForm();
    await page.locator('input[name="brief_description"]').fill('Only a brief description');
    await page.getByTestId('complaint-submit').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    expect(await page.locator('input[name="brief_description"]').inputValue()).toBe(
      'Only a brief description',
    );
    await page.close();
  });

  it('opened from a restriction, the form links the complaint to it and shows its title', async () => {
    const list = (await (await fetch(url('/api/restrictions/?page_size=1'))).json()) as {
      results: { slug: string; title: string }[];
    };
    const restriction = list.results[0]!;
    const { page, context } = await signedInPage(browser, accounts.trader);
    await open(page, `/public/complaints?restriction=${restriction.slug}`);
    const link = page.getByTestId('restriction-link');
    await expect.poll(() => link.textContent()).toContain(restriction.title);
    await page.getByRole('button', { name: 'Remove the link to this restriction' }).click();
    await link.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a signed-out visitor must sign in, and signing in brings them back to the form', async () => {
    const { page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/complaints');
    await expectHeading(page, 'You must log in to submit this form');
    await page.getByTestId('complaint-sign-in-button').click();
    await page.waitForURL((address) => address.pathname === '/auth/login');
    await signIn(page, accounts.trader);
    expect(new URL(page.url()).pathname).toBe('/public/complaints');
    await expectHeading(page, 'Register a complaint');
    await page.close();
  });

  it('a staff account sees why it may not register complaints', async () => {
    const { page } = await signedInPage(browser, accounts.editor);
    await open(page, '/public/complaints');
    await expectHeading(page, 'Staff accounts may not register complaints.');
    expect(await page.getByTestId('complaint-form').count()).toBe(0);
    await page.close();
  });

  it('the public list filters in the URL, changes its rows and shows no applicant', async () => {
    const { page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/public/complaints/list');
    const table = page.getByTestId('complaints-table');
    await table.locator('tbody tr:not([data-testid="row-skeleton"])').first().waitFor();
    const rows = () => table.locator('tbody tr').allTextContents();
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.join(' ')).not.toMatch(/Applicant/i);
    expect(before.join(' ')).not.toMatch(/@|trader/i);

    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Submitted', { exact: true });
    await page.waitForURL((address) => address.searchParams.get('status') === 'submitted');
    await expect.poll(rows).not.toEqual(before);
    const filtered = await rows();
    expect(filtered.every((row) => row.includes('Submitted') || row.includes('No complaint'))).toBe(true);
    expect(filtered.join(' ')).toContain(reference);

    await chooseOption(page, page.getByRole('combobox', { name: 'Country' }), 'Kenya', { exact: true });
    await page.waitForURL((address) => address.searchParams.get('country') === 'KE');
    await page.getByTestId('filters-clear').click();
    await page.waitForURL((address) => !address.search.includes('status='));
    await page.close();
  });

  it('the public list fits a 320 px phone in French: statuses wrap, nothing scrolls sideways', async () => {
    const { context, page } = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('stp.locale', 'fr'));
    await open(page, '/public/complaints/list');
    const table = page.getByTestId('complaints-table');
    await table.locator('tbody tr:not([data-testid="row-skeleton"])').first().waitFor();
    expect(await tableOverflow(page)).toBe(0);
    await context.close();
  });
});

describe('complaints screens: axe in light and dark, desktop and 320 px phone', () => {
  it('form, my complaints, detail, overview (client)', async () => {
    await checkScreens(browser, accounts.trader, [
      { name: 'form', path: '/public/complaints' },
      {
        name: 'mine',
        path: '/auth/manage/complaints?tab=mine',
        ready: (page) => page.getByTestId('my-complaints-table').locator('a').first().waitFor(),
      },
      {
        name: 'detail',
        path: async (page) =>
          (await page.getByTestId('my-complaints-table').locator('a').first().getAttribute('href')) ?? '/',
        ready: (page) => page.getByTestId('timeline-section').waitFor(),
      },
      {
        name: 'overview-client',
        path: '/auth/manage/complaints',
        ready: (page) => page.getByTestId('figure-total').waitFor(),
      },
    ]);
  }, 240_000);

  it('public list, and the sign-in prompt (visitor)', async () => {
    await checkScreens(browser, null, [
      {
        name: 'list',
        path: '/public/complaints/list',
        ready: (page) =>
          page
            .getByTestId('complaints-table')
            .locator('tbody tr:not([data-testid="row-skeleton"])')
            .first()
            .waitFor(),
      },
      { name: 'sign-in', path: '/public/complaints' },
    ]);
  }, 180_000);

  it('the staff refusal (editor)', async () => {
    await checkScreens(browser, accounts.editor, [{ name: 'staff-refused', path: '/public/complaints' }]);
  }, 180_000);
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';
import { accounts, open, settled, signIn, uniqueEmail } from '../support/app.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('permission gates and sign-in redirects', () => {
  it('sends a signed-out visitor to sign in, then back to where they were going', async () => {
    const { context, page } = await newPage(browser, { viewport: 'phone', colorScheme: 'light' });
    await open(page, '/auth/profile');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => sessionStorage.getItem('__login_redirect'))).toBe('/auth/profile');
    await signIn(page, accounts.trader);
    expect(new URL(page.url()).pathname).toBe('/auth/profile');
    // Used once: the next sign-in lands on the dashboard.
    expect(await page.evaluate(() => sessionStorage.getItem('__login_redirect'))).toBeNull();
    await context.close();
  });

  it('shows a client Access Denied on an admin screen, and leaves it out of their navigation', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(page, accounts.trader);
    expect(new URL(page.url()).pathname).toBe('/auth/dashboard');
    expect(await page.getByTestId('nav-users').count()).toBe(0);
    await open(page, '/auth/admin/users');
    const denied = page.getByTestId('access-denied');
    // Spec 6's message, as a heading ("Access Denied!") and the text under it.
    expect((await denied.innerText()).replace(/\s+/g, ' ')).toContain(
      'Access Denied! You do not have access to the specified resource.',
    );
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    // Still signed in, in the signed-in layout.
    expect(await page.getByTestId('account-menu').isVisible()).toBe(true);
    await context.close();
  });

  it('shows a superuser the Users screen', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await signIn(page, accounts.admin);
    await page.getByTestId('nav-users').click();
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/auth/admin/users');
    expect(await page.locator('main h1').textContent()).toBe('Users');
    expect(await page.title()).toBe('Users | Services Trade Portal');
    expect(await page.getByTestId('access-denied').count()).toBe(0);
    await context.close();
  });

  it('answers repeated wrong sign-ins for one account with the API Limit dialog (429)', async () => {
    const { context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
    await open(page, '/auth/login');
    // Counted per account whether it exists or not: a fresh address keeps this spec to itself.
    const email = uniqueEmail('limited');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    const submit = page.locator('main').getByRole('button', { name: 'Sign in' });

    const statuses: number[] = [];
    for (let attempt = 0; attempt <= inject('loginsPerAccount'); attempt++) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/'));
      await submit.click();
      statuses.push((await answer).status());
      if (statuses.at(-1) === 429) break;
      await expect
        .poll(() => page.getByTestId('form-error').textContent())
        .toBe('Unable to log in with the provided credentials.');
    }
    expect(statuses).toEqual([...Array<number>(inject('loginsPerAccount')).fill(400), 429]);

    const dialog = page.getByTestId('dialog-error');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('heading').textContent()).toBe('API Limit');
    expect(await dialog.textContent()).toContain('You have made too many requests. Please try again later.');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

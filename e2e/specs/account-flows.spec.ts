import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, newPage } from '../support/browser.js';
import {
  bodyBackground,
  darkBackground,
  expectHeading,
  lightBackground,
  open,
  settled,
  signIn,
  signOut,
  uniqueEmail,
  url,
} from '../support/app.js';
import { linkIn, waitForMail } from '../support/mail.js';

const newUser = { firstName: 'Neema', lastName: 'Wekesa', email: uniqueEmail('signup') };
const newPassword = 'Tea-Exports-Nairobi-42';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' }));
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Closes the success dialog ("Success", then the text), whatever the interface language. */
async function closeSuccess(text: string): Promise<void> {
  const dialog = page.getByTestId('dialog-success');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.textContent()).toContain(text);
  await dialog.getByRole('button').click();
  await dialog.waitFor({ state: 'detached' });
}

// One account's life, in order: each step starts where the previous one left off.
describe('a new client account, from sign-up to signing in again', () => {
  it('signs up and is told to check their e-mail', async () => {
    await open(page, '/auth/register/client');
    await expectHeading(page, 'Sign Up');
    const form = page.locator('main form');
    await form.getByRole('textbox', { name: 'First Name' }).fill(newUser.firstName);
    await form.getByRole('textbox', { name: 'Last Name' }).fill(newUser.lastName);
    await form.getByRole('textbox', { name: 'Email' }).fill(newUser.email);
    await chooseOption(page, form.getByRole('combobox', { name: 'Country Of Residence' }), 'Kenya', {
      exact: true,
    });
    await form.getByRole('button', { name: 'Sign up' }).click();

    const sent = page.getByTestId('register-sent');
    await sent.waitFor({ state: 'visible' });
    expect(await sent.textContent()).toBe(
      'Thank you. We have sent you an e-mail with a link to complete your registration.',
    );
    expect(await page.locator('main').textContent()).toContain(newUser.email);
  });

  it('follows the link of the confirmation mail and completes the registration', async () => {
    const mail = await waitForMail(newUser.email);
    expect(mail.subject).toBe('Confirm your Services Trade Portal account');
    const link = linkIn(mail, '/auth/register/confirm/');
    expect(link.startsWith(url('/auth/register/confirm/'))).toBe(true);

    await page.goto(link);
    await expectHeading(page, `Welcome, ${newUser.firstName}!`);
    expect(await page.title()).toBe('Complete Registration | Services Trade Portal');
    await page.getByRole('textbox', { name: 'New Password' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
    await page.locator('main').getByRole('button', { name: 'Complete registration' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/dashboard');
    await settled(page);
    await expectHeading(page, new RegExp(`^Welcome, ${newUser.firstName}`));
    expect(await page.getByTestId('account-menu').isVisible()).toBe(true);
    expect(await page.getByTestId('sign-in').count()).toBe(0);
  });

  it('turns dark mode on in the profile: the theme changes and stays after a reload', async () => {
    await page.getByTestId('nav-profile').click();
    await settled(page);
    await expectHeading(page, 'Profile');
    expect(await bodyBackground(page)).toBe(lightBackground);

    const darkMode = page.getByRole('switch', { name: 'Dark mode' });
    expect(await darkMode.isChecked()).toBe(false);
    await darkMode.check();
    await page.getByTestId('profile-save').click();
    await closeSuccess('Your details were successfully saved');
    await expect.poll(() => bodyBackground(page)).toBe(darkBackground);

    // Every background the body shows from the first frame: the browser's scheme is light, the account's
    // dark, and the page must not flash light while the profile is on its way.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { backgroundsSeen: seen });
      const sample = () => {
        const colour = document.body ? getComputedStyle(document.body).backgroundColor : '';
        if (colour && seen.at(-1) !== colour) seen.push(colour);
        if (seen.length < 10) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.reload();
    await settled(page);
    expect(await bodyBackground(page)).toBe(darkBackground);
    expect(await page.getByRole('switch', { name: 'Dark mode' }).isChecked()).toBe(true);
    const seen = await page.evaluate(
      () => (window as unknown as { backgroundsSeen: string[] }).backgroundsSeen,
    );
    expect(seen).toContain(darkBackground);
    expect(seen).not.toContain(lightBackground);
  });

  it('changes the profile locale to fr: the interface switches to French and stays so', async () => {
    expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');
    await chooseOption(page, page.getByRole('combobox', { name: 'Language' }), 'Français');
    await page.getByTestId('profile-save').click();
    await closeSuccess('Vos informations ont été enregistrées');

    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await expectHeading(page, 'Profil');
    expect(await page.getByTestId('nav-dashboard').textContent()).toBe('Tableau de bord');
    expect(await page.title()).toBe('Profil | Portail du commerce des services');

    await page.reload();
    await settled(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expectHeading(page, 'Profil');
  });

  it('signs out to the signed-out header', async () => {
    await signOut(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('sign-in').textContent()).toBe('Se connecter');
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    // Signed out for the server too: a signed-in screen sends the visitor to sign in.
    await open(page, '/auth/dashboard');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('signs in again with the new password, in French and in the dark theme', async () => {
    await signIn(page, newUser.email, newPassword);
    expect(new URL(page.url()).pathname).toBe('/auth/dashboard');
    await expectHeading(page, new RegExp(`^Bienvenue, ${newUser.firstName}`));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await bodyBackground(page)).toBe(darkBackground);
  });
});

describe('the sign-up form', () => {
  it('keeps its name fields apart on a phone and side by side on a wide screen', async () => {
    const boxesAt = async (viewport: 'phone' | 'desktop') => {
      const { context: own, page: form } = await newPage(browser, { viewport, colorScheme: 'dark' });
      await open(form, '/auth/register/client');
      const box = (name: string) => form.getByRole('textbox', { name }).locator('..').boundingBox();
      const boxes = [(await box('First Name'))!, (await box('Last Name'))!] as const;
      await own.close();
      return boxes;
    };
    const [first, last] = await boxesAt('phone');
    expect(last.y - (first.y + first.height)).toBeGreaterThanOrEqual(8);
    const [wideFirst, wideLast] = await boxesAt('desktop');
    expect(wideLast.y).toBe(wideFirst.y);
    expect(wideLast.x).toBeGreaterThan(wideFirst.x + wideFirst.width);
  });
});

// Users, groups and sessions (issue 6 item 6): invitation, edit, view-only refusal, the permission
// picker, the bulk removal of expired sessions; axe in both themes, desktop and phone screenshots.
import type { Paginated, TAdminSessionItem, TAdminUserItem } from '@stp/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSuccess,
  adminRow,
  closeAdminForm,
  callApi,
  confirmAndAcknowledge,
  expectAccessibleInBothThemes,
  expectRefused,
  searchAdminList,
} from '../support/admin.js';
import {
  accounts,
  expectHeading,
  open,
  settled,
  signIn,
  signOut,
  tableOverflow,
  uniqueEmail,
  url,
} from '../support/app.js';
import { chooseOption, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { linkIn, waitForMail } from '../support/mail.js';

const usersPath = '/auth/admin/users';
const password = 'Invited-Staff-2026';
const staff = { email: uniqueEmail('staff'), first: 'Imani', last: `Staff ${Date.now().toString(36)}` };
const groupName = `E2E group ${Date.now().toString(36)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
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

/** Opens the invitation link in a fresh browser, sets the password there; that browser is signed in. */
async function acceptInvitation(email: string, firstName: string) {
  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Your Services Trade Portal staff account');
  const guest = await newPage(browser, { viewport: 'desktop', colorScheme: 'light' });
  await guest.page.goto(linkIn(mail, '/auth/register/confirm/'));
  // The link is checked first ("Checking your link…"), then the form shows.
  await guest.page.getByRole('textbox', { name: 'New Password' }).waitFor({ state: 'visible' });
  await expectHeading(guest.page, `Welcome, ${firstName}!`);
  await guest.page.getByRole('textbox', { name: 'New Password' }).fill(password);
  await guest.page.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
  await guest.page.locator('main button[type="submit"]').click();
  await guest.page.waitForURL((address) => address.pathname === '/auth/dashboard');
  await settled(guest.page);
  return guest;
}

async function findUser(email: string): Promise<TAdminUserItem> {
  const answer = await callApi(page, 'GET', `/admin/users/?q=${encodeURIComponent(email)}`);
  const found = (answer.body as Paginated<TAdminUserItem>).results[0];
  if (!found) throw new Error(`No user ${email}`);
  return found;
}

describe('Users', () => {
  it('lists accounts with filters kept in the address', async () => {
    await open(page, usersPath);
    await expectHeading(page, 'Users');
    await adminRow(page, accounts.editor).waitFor({ state: 'visible' });
    await chooseOption(page, page.getByRole('combobox', { name: 'Account type' }), 'Staff Account');
    await page.waitForURL((address) => address.searchParams.get('account_type') === 'staff');
    await expect.poll(() => adminRow(page, accounts.trader).count()).toBe(0);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-users-desktop');
  }, 120_000);

  it('creates a staff account without a password: it shows as invited', async () => {
    await page.getByTestId('admin-create').click();
    await form().waitFor({ state: 'visible' });
    await page.getByTestId('admin-save').click();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Please attend to the errors highlighted on the form.',
    );
    await form().getByRole('textbox', { name: 'Email' }).fill(staff.email);
    await form().getByRole('textbox', { name: 'First Name' }).fill(staff.first);
    await form().getByRole('textbox', { name: 'Last Name' }).fill(staff.last);
    await form().getByRole('checkbox', { name: 'Content editors' }).check();
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-users-form');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    await searchAdminList(page, staff.email);
    await adminRow(page, staff.email).getByText('Invited').waitFor({ state: 'visible' });
  }, 120_000);

  it('the invitation link sets the password; the new user signs in with it', async () => {
    const guest = await acceptInvitation(staff.email, staff.first);
    await signOut(guest.page);
    await signIn(guest.page, staff.email, password);
    expect(new URL(guest.page.url()).pathname).toBe('/auth/dashboard');
    await guest.context.close();
  });

  it('edits the groups of the account; the own superuser status cannot be removed', async () => {
    await page.reload();
    await settled(page);
    await adminRow(page, staff.email).getByTestId('row-open').click();
    await form().waitFor({ state: 'visible' });
    await form().getByRole('checkbox', { name: 'Regulators' }).check();
    await form().getByRole('checkbox', { name: 'Content editors' }).uncheck();
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await adminRow(page, staff.email).getByText('Regulators').waitFor({ state: 'visible' });
    expect((await findUser(staff.email)).groups.map((group) => group.name)).toEqual(['Regulators']);

    await searchAdminList(page, accounts.admin);
    await adminRow(page, accounts.admin).getByTestId('row-open').click();
    await form().getByRole('switch', { name: 'Superuser' }).uncheck();
    await page.getByTestId('admin-save').click();
    await form().getByText('You cannot remove your own superuser status.').waitFor({ state: 'visible' });
    await closeAdminForm(page);
    expect((await findUser(accounts.admin)).is_superuser).toBe(true);
  });

  it('sends a password reset behind the confirm dialog', async () => {
    await searchAdminList(page, staff.email);
    await adminRow(page, staff.email).getByTestId('row-reset').click();
    await confirmAndAcknowledge(page, 'A password reset link has been sent to the user.');
    const mail = await waitForMail(staff.email);
    expect(mail.subject).toBe('Reset your Services Trade Portal password');
  });

  it('a user with only auth.view_user sees no action buttons, and the server refuses', async () => {
    const viewer = { email: uniqueEmail('viewer'), first: 'Viewer' };
    const created = await callApi(page, 'POST', '/admin/users/', {
      email: viewer.email,
      first_name: viewer.first,
      last_name: 'Only',
      permissions: ['auth.view_user'],
    });
    expect(created.status).toBe(201);
    const guest = await acceptInvitation(viewer.email, viewer.first);
    await open(guest.page, usersPath);
    await expectHeading(guest.page, 'Users');
    await adminRow(guest.page, staff.email).waitFor({ state: 'visible' });
    expect(await guest.page.getByTestId('admin-create').count()).toBe(0);
    expect(await guest.page.getByTestId('row-reset').count()).toBe(0);
    const open_ = adminRow(guest.page, staff.email).getByTestId('row-open');
    expect(await open_.getAttribute('title')).toBe('View');
    await open_.click();
    await guest.page.getByTestId('read-only').waitFor({ state: 'visible' });
    expect(await guest.page.getByTestId('admin-save').count()).toBe(0);
    await closeAdminForm(guest.page);
    const target = await findUser(staff.email);
    // Valid bodies: validation comes before the permission check.
    const body = { first_name: 'Not', last_name: 'Allowed' };
    await expectRefused(guest.page, 'POST', '/admin/users/', { ...body, email: uniqueEmail('x') });
    await expectRefused(guest.page, 'PUT', `/admin/users/${target.id}/`, { ...body, email: staff.email });
    await expectRefused(guest.page, 'POST', `/admin/users/${target.id}/password-reset/`);
    await expectRefused(guest.page, 'GET', '/admin/groups/');
    await expectRefused(guest.page, 'GET', '/admin/sessions/');
    await guest.context.close();
  });
});

describe('Groups', () => {
  it('lists the groups with their member counts', async () => {
    await open(page, '/auth/admin/groups');
    await expectHeading(page, 'Groups');
    await adminRow(page, 'Regulators').waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-groups-desktop');
  }, 120_000);

  it('creates a group with the permission picker (select-all per model)', async () => {
    await page.getByTestId('admin-create').click();
    await form().getByRole('textbox', { name: 'Name' }).fill(groupName);
    await form().getByRole('checkbox', { name: 'All permissions of Indicator' }).check();
    await form().getByTestId('picker-core.report').getByRole('checkbox', { name: 'View' }).check();
    const reportAll = form().getByRole('checkbox', {
      name: 'All permissions of Report',
      exact: true,
    });
    expect(await reportAll.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-groups-form');
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page, 'Your details were successfully saved');
    const row = adminRow(page, groupName);
    await row.waitFor({ state: 'visible' });
    expect(await row.locator('td').nth(2).textContent()).toBe('5');
  }, 120_000);

  it('edits the group permissions, then purges it behind the confirm dialog', async () => {
    await adminRow(page, groupName).getByTestId('row-open').click();
    await form().getByRole('checkbox', { name: 'All permissions of Indicator' }).uncheck();
    await page.getByTestId('admin-save').click();
    await acknowledgeSuccess(page);
    await expect.poll(() => adminRow(page, groupName).locator('td').nth(2).textContent()).toBe('1');

    await adminRow(page, groupName).getByTestId('row-purge').click();
    await confirmAndAcknowledge(page);
    await expect.poll(() => adminRow(page, groupName).count()).toBe(0);
  });
});

describe('Sessions', () => {
  const sessionsOf = async (state: string) =>
    (await callApi(page, 'GET', `/admin/sessions/?state=${state}&page_size=100&sort=created_at`))
      .body as Paginated<TAdminSessionItem>;
  const countOf = async (state: string) => (await sessionsOf(state)).count;

  it('bulk removal removes only the expired sessions and says how many', async () => {
    // Test-only hook of the e2e server (NODE_ENV=test): three sessions of the admin that expired.
    const csrf = (await page.locator('#root').getAttribute('data-csrf')) ?? '';
    const made = await page.request.post(url('/test-hooks/sessions/expired/'), {
      headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' },
      data: { count: 3 },
    });
    expect(made.status()).toBe(200);
    const expired = await countOf('expired');
    // Other specs may sign in meanwhile: the sessions active now must all still be there after.
    const active = (await sessionsOf('active')).results.map((session) => session.key);
    expect(expired).toBeGreaterThanOrEqual(3);

    await open(page, '/auth/admin/sessions?state=expired');
    await expectHeading(page, 'Sessions');
    await page.getByTestId('session-expired').first().waitFor({ state: 'visible' });
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'admin-sessions-desktop');

    await page.getByTestId('remove-expired').click();
    await confirmAndAcknowledge(page, `${expired} expired sessions were removed.`);
    await page.getByTestId('sessions-list').getByText('No sessions match').waitFor({ state: 'visible' });
    expect(await countOf('expired')).toBe(0);
    const after = new Set((await sessionsOf('all')).results.map((session) => session.key));
    expect(active.filter((key) => !after.has(key))).toEqual([]);

    await page.getByTestId('remove-expired').click();
    await confirmAndAcknowledge(page, 'No expired sessions were found: nothing was removed.');

    // A user's name filters the list by that user, kept in the address.
    await chooseOption(page, page.getByRole('combobox', { name: 'State' }), 'Any');
    await page.waitForURL((address) => !address.searchParams.has('state'));
    await page.getByTestId('session-user').first().click();
    await page.waitForURL((address) => address.searchParams.has('user'));
    await page.getByTestId('session-user-filter').waitFor({ state: 'visible' });
    const user = new URL(page.url()).searchParams.get('user');
    const shown = await sessionsOf(`all&user=${user}`);
    await expect
      .poll(() => page.getByTestId('sessions-list').locator('tbody tr').count())
      .toBe(Math.min(shown.count, 20));
    await page.getByTestId('session-user-filter').getByRole('button').click();
    await page.waitForURL((address) => !address.searchParams.has('user'));
  });
});

describe('Phone', () => {
  it('fits the users, groups and sessions screens in 375 px without sideways scrolling', async () => {
    const phone = await newPage(browser, { viewport: 'phone', colorScheme: 'dark' });
    await signIn(phone.page, accounts.admin);
    for (const [path, name] of [
      [usersPath, 'admin-users-phone'],
      ['/auth/admin/groups', 'admin-groups-phone'],
      ['/auth/admin/sessions', 'admin-sessions-phone'],
    ] as const) {
      await open(phone.page, path);
      await phone.page.getByRole('table').waitFor({ state: 'visible' });
      await settled(phone.page);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(phone.page, name);
    }
    await phone.context.close();
  });

  it('keeps every word of a name whole on a 320 px phone, and the tables in the screen', async () => {
    const phone = await newPage(browser, { viewport: 'narrowPhone', colorScheme: 'light' });
    await signIn(phone.page, accounts.admin);
    for (const [path, names] of [
      [usersPath, '[data-testid="user-name"]'],
      ['/auth/admin/sessions', '[data-testid="session-user"]'],
    ] as const) {
      await open(phone.page, path);
      await phone.page.locator(names).first().waitFor({ state: 'visible' });
      await settled(phone.page);
      expect({ path, overflow: await tableOverflow(phone.page) }).toEqual({ path, overflow: 0 });
      // A word broken across two lines has two boxes: "Administrato" / "r" before names kept whole.
      const brokenWords = await phone.page.locator(names).evaluateAll((elements) =>
        elements.flatMap((element) => {
          const text = element.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const content = text.textContent ?? '';
          return [...content.matchAll(/\S+/g)]
            .filter((word) => {
              const range = document.createRange();
              range.setStart(text, word.index);
              range.setEnd(text, word.index + word[0].length);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            })
            .map((word) => word[0]);
        }),
      );
      expect({ path, brokenWords }).toEqual({ path, brokenWords: [] });
    }
    await phone.context.close();
  });
});

import { messages } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, findUser, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

// A 1x1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_MAX_MB: '1' });
});
afterAll(() => ctx.close());

async function signedIn(): Promise<TestClient> {
  return (await signedInAs()).client;
}

async function signedInAs(context: TestContext = ctx) {
  const account = await createAccount(context.db);
  const client = context.client();
  await client.login(account.email, testPassword);
  return { account, client };
}

function form(fields: Record<string, string | Blob>, fileName = 'avatar.png'): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, fileName);
  }
  return data;
}

describe('profile endpoints', () => {
  it('answer 401 to a visitor', async () => {
    const client = ctx.client();
    await client.openHostPage();
    expect((await client.request({ url: '/api/profile/' })).statusCode).toBe(401);
    const update = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'X' },
    });
    expect(update.statusCode).toBe(401);
    expect(update.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuse a cookie-authenticated update without the CSRF header', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'X' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuse an unsupported locale with the spec message and change nothing', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ first_name: 'Changed', locale: 'de' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ locale: 'The locale provided is not supported at this time' });
    const profile = (await client.request({ url: '/api/profile/' })).json().profile;
    expect(profile.first_name).toBe('Test');
  });

  it('save names, phone, country, locale and dark mode from multipart form data', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({
        first_name: 'Jean',
        last_name: 'Habimana',
        display_name: 'J. Habimana',
        phone: '+250 788 123 456',
        country: 'rw',
        locale: 'fr',
        dark_mode: 'true',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      first_name: 'Jean',
      last_name: 'Habimana',
      display_name: 'J. Habimana',
      phone: '+250 788 123 456',
      country: 'RW',
      locale: 'fr',
      dark_mode: true,
      avatar: null,
    });
    const off = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ dark_mode: 'false' }),
    });
    expect(off.json().profile.dark_mode).toBe(false);
  });

  it('refuse an unknown country code', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { country: 'ZZ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ country: 'Select a valid country.' });
  });
});

describe('avatar upload', () => {
  it('stores a real image outside the web root and serves it to its owner', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ avatar: new Blob([png], { type: 'image/png' }) }),
    });
    expect(response.statusCode).toBe(200);
    const avatar = response.json().profile.avatar as string;
    expect(avatar).toMatch(/^\/api\/profile\/avatar\/\?v=[\w-]{12}$/);
    const image = await client.request({ url: avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await ctx.client().request({ url: avatar })).statusCode).toBe(401);
  });

  it('answers 404, not 500, when the stored file has gone missing', async () => {
    const { account, client } = await signedInAs();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ avatar: new Blob([png], { type: 'image/png' }) }),
    });
    const avatar = response.json().profile.avatar as string;
    const { avatarKey } = (await findUser(ctx.db, account.email))!;
    await ctx.storage.delete(avatarKey!);
    const missing = await client.request({ url: avatar });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: messages.notFoundApi });
  });

  it('refuses a file whose bytes are not an image, whatever its name, with "Invalid File"', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ avatar: new Blob(['<script>alert(1)</script>'], { type: 'image/png' }) }, 'avatar.png'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'Please attend to the errors highlighted on the form.',
      title: 'Invalid File',
      errors: { avatar: 'You can not upload this file as the file format is not allowed at this time' },
    });
  });

  it('refuses a file above the configured maximum with the spec message', async () => {
    const client = await signedIn();
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]);
    const response = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: form({ avatar: new Blob([big], { type: 'image/png' }) }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('One can not upload files larger than 1MB');
  });
});

describe('POST /api/profile/password/', () => {
  const url = '/api/profile/password/';
  const newPassword = 'Nyama-Choma-Friday';
  const change = (
    fields: Partial<Record<'current_password' | 'new_password' | 'confirm_password', string>>,
  ) => ({
    current_password: testPassword,
    new_password: newPassword,
    confirm_password: newPassword,
    ...fields,
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { account, client } = await signedInAs();
    const before = (await findUser(ctx.db, account.email))?.passwordHash;
    const response = await client.request({ method: 'POST', url, payload: change({}) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Your password has been changed.' });
    expect((await findUser(ctx.db, account.email))?.passwordHash).not.toBe(before);
    expect((await ctx.client().login(account.email, testPassword)).statusCode).toBe(400);
    expect((await ctx.client().login(account.email, newPassword)).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const { account, client } = await signedInAs();
    const before = (await findUser(ctx.db, account.email))?.passwordHash;
    const response = await client.request({
      method: 'POST',
      url,
      payload: change({ current_password: 'Not-The-Password-1' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'Please attend to the errors highlighted on the form.',
      errors: { current_password: 'Your current password is incorrect.' },
    });
    expect((await findUser(ctx.db, account.email))?.passwordHash).toBe(before);
  });

  it('refuses a confirmation that does not match, on Confirm Password', async () => {
    const client = await signedIn();
    const response = await client.request({
      method: 'POST',
      url,
      payload: change({ confirm_password: 'Nyama-Choma-Sunday' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ confirm_password: "The two password fields didn't match." });
  });

  it('refuses a weak new password with the rules of New Password', async () => {
    const client = await signedIn();
    const short = await client.request({
      method: 'POST',
      url,
      payload: change({ new_password: 'abc', confirm_password: 'abc' }),
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      new_password: 'This password is too short. It must contain at least 10 characters.',
    });
    const common = await client.request({
      method: 'POST',
      url,
      payload: change({ new_password: 'qwertyuiop', confirm_password: 'qwertyuiop' }),
    });
    expect(common.json().errors).toEqual({ new_password: 'This password is too common.' });
  });

  it('answers 401 to a visitor', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({ method: 'POST', url, payload: change({}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses a cookie-authenticated change without the CSRF header', async () => {
    const { account, client } = await signedInAs();
    const before = (await findUser(ctx.db, account.email))?.passwordHash;
    const response = await client.request({ method: 'POST', url, payload: change({}), csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF verification failed. Request aborted.' });
    expect((await findUser(ctx.db, account.email))?.passwordHash).toBe(before);
  });

  it('signs the other sessions out and keeps the one that made the change', async () => {
    const { account, client } = await signedInAs();
    const other = ctx.client();
    await other.login(account.email, testPassword);
    const bystander = await signedIn();
    expect((await other.request({ url: '/api/profile/' })).statusCode).toBe(200);

    const response = await client.request({ method: 'POST', url, payload: change({}) });
    expect(response.statusCode).toBe(200);

    expect((await other.request({ url: '/api/profile/' })).statusCode).toBe(401);
    expect((await other.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(401);
    const own = await client.request({ url: '/api/profile/' });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(account.email);
    expect((await client.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(200);
    // The same csrf value still works for the kept session.
    const again = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'Still' },
    });
    expect(again.statusCode).toBe(200);
    expect((await bystander.request({ url: '/api/profile/' })).statusCode).toBe(200);
  });

  it('keeps the bearer-authenticated session that made the change', async () => {
    const { account, client } = await signedInAs();
    const other = ctx.client();
    await other.login(account.email, testPassword);
    const response = await client.request({ method: 'POST', url, payload: change({}), bearer: true });
    expect(response.statusCode).toBe(200);
    expect((await client.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(200);
    expect((await other.request({ url: '/api/profile/' })).statusCode).toBe(401);
  });
});

describe('password change rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMIT_LOGIN_ACCOUNT: '2/1m' });
  });
  afterAll(() => limited.close());

  it('answers 429 "API Limit" once an account has used up the login allowance', async () => {
    const { client } = await signedInAs(limited);
    const wrong = {
      current_password: 'Not-The-Password-1',
      new_password: 'Nyama-Choma-Friday',
      confirm_password: 'Nyama-Choma-Friday',
    };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push(
        (await client.request({ method: 'POST', url: '/api/profile/password/', payload: wrong })).statusCode,
      );
    expect(statuses).toEqual([422, 422, 429]);
    const last = await client.request({ method: 'POST', url: '/api/profile/password/', payload: wrong });
    expect(last.json()).toEqual({
      detail: 'You have made too many requests. Please try again later.',
      title: 'API Limit',
    });
    // Another account is not held back by this one's attempts.
    const { client: someoneElse } = await signedInAs(limited);
    const theirs = await someoneElse.request({
      method: 'POST',
      url: '/api/profile/password/',
      payload: wrong,
    });
    expect(theirs.statusCode).toBe(422);
  });
});

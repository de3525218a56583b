import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testPassword } from '../../test/factories.js';
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
  const account = await createAccount(ctx.db);
  const client = ctx.client();
  await client.login(account.email, testPassword);
  return client;
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

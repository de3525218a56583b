import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, findUser, testPassword } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MailCatcher } from '../../test/mail-catcher.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('host page and GET /api/cache/token/', () => {
  it('writes a csrf value (and no token) into the root element for a visitor', async () => {
    const client = ctx.client();
    const page = await client.openHostPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(client.csrf).toMatch(/^[\w-]{43}$/);
    expect(client.token).toBeNull();
  });

  it('answers user and token null when anonymous', async () => {
    const response = await ctx.client().request({ url: '/api/cache/token/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, token: null });
  });
});

describe('POST /api/auth/login/', () => {
  it('refuses a POST without the X-CSRFToken header, and with a wrong one', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.openHostPage();
    const missing = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: account.email, password: testPassword },
      csrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ detail: 'CSRF verification failed. Request aborted.' });
    const wrong = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: account.email, password: testPassword },
      csrf: false,
      headers: { 'x-csrftoken': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('answers 422 with field messages for a malformed body', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'Please attend to the errors highlighted on the form.',
      errors: { email: 'Enter a valid email address.', password: 'This field is required.' },
    });
  });

  it('refuses a wrong password, an unknown address and an inactive account with one message', async () => {
    const active = await createAccount(ctx.db);
    const inactive = await createAccount(ctx.db, { active: false });
    for (const [email, password] of [
      [active.email, 'Wrong-password-1'],
      ['nobody@example.org', testPassword],
      [inactive.email, testPassword],
    ] as const) {
      const response = await ctx.client().login(email, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Unable to log in with the provided credentials.');
    }
  });

  it('signs in: session state, HttpOnly SameSite=Lax cookie, a rotated session id and csrf value', async () => {
    const account = await createAccount(ctx.db, { groups: ['Regulators'], email: 'Reviewer@Example.org' });
    const client = ctx.client();
    await client.openHostPage();
    const anonymousCsrf = client.csrf;
    const response = await client.login('reviewer@example.org', testPassword);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.csrf).not.toBe(anonymousCsrf);
    expect(body.user).toMatchObject({ id: account.id, is_staff: false, is_superuser: false });
    expect(body.user.permissions).toContain('complaints.review_regulator');
    expect(body.profile).toMatchObject({
      email: 'Reviewer@Example.org',
      locale: 'en',
      dark_mode: false,
      country: 'KE',
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/stp_session=[\w-]+;.*HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await findUser(ctx.db, 'Reviewer@Example.org'))?.lastLogin).toBeInstanceOf(Date);

    // A second sign-in from the same browser replaces the session: the old id is dead.
    const firstSession = client.cookies.get('stp_session');
    const again = await client.login(account.email, testPassword);
    expect(again.statusCode).toBe(200);
    expect(client.cookies.get('stp_session')).not.toBe(firstSession);
    const stale = ctx.client();
    stale.cookies.set('stp_session', firstSession ?? '');
    expect((await stale.request({ url: '/api/cache/token/' })).json()).toEqual({ user: null, token: null });
  });

  it('marks the cookie Secure when the request came over HTTPS behind a trusted proxy', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: 'true' });
    try {
      const account = await createAccount(proxied.db);
      const client = proxied.client();
      const page = await client.request({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      client.csrf = /data-csrf="([^"]*)"/.exec(page.body)?.[1] ?? null;
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: account.email, password: testPassword },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await proxied.close();
    }
  });
});

describe('tokens', () => {
  it('gives a signed-in user a JWT of about ten minutes with the user and permissions', async () => {
    const account = await createAccount(ctx.db, { permissions: ['restrictions.view_restriction'] });
    const client = ctx.client();
    await client.login(account.email, testPassword);
    const response = await client.request({ url: '/api/cache/token/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.permissions).toEqual(['restrictions.view_restriction']);
    const claims = decodeJwt(body.token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(600);
    expect(claims.sub).toBe(String(account.id));
  });

  it('lists every permission for a superuser', async () => {
    const admin = await createAccount(ctx.db, { superuser: true });
    const client = ctx.client();
    const body = (await client.login(admin.email, testPassword)).json();
    expect(body.user.is_superuser).toBe(true);
    expect(body.user.permissions).toEqual(
      expect.arrayContaining(['auth.view_user', 'core.view_pagetemplate', 'complaints.review_council']),
    );
    expect(body.user.permissions.length).toBeGreaterThan(100);
  });

  it('accepts the bearer token on API calls, without cookies and without CSRF', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.login(account.email, testPassword);
    const profile = await client.request({ url: '/api/profile/', bearer: true });
    expect(profile.statusCode).toBe(200);
    const update = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { first_name: 'Bearer' },
      bearer: true,
      csrf: false,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().profile.first_name).toBe('Bearer');
  });

  it('treats a forged or expired token as no token', async () => {
    const forged = await ctx.client().request({
      url: '/api/profile/',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('the host page of a signed-in user carries a token for the startup calls', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.login(account.email, testPassword);
    await client.openHostPage();
    expect(decodeJwt(client.token ?? '').sub).toBe(String(account.id));
  });
});

describe('POST /api/auth/logout/', () => {
  it('destroys the session: the cookie and the bearer token stop working', async () => {
    const account = await createAccount(ctx.db);
    const client = ctx.client();
    await client.login(account.email, testPassword);
    const token = client.token;
    const sessionId = client.cookies.get('stp_session');
    const response = await client.request({ method: 'POST', url: '/api/auth/logout/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token: null, user: null, profile: null });
    expect(body.csrf).toMatch(/^[\w-]{43}$/);
    expect(client.cookies.has('stp_session')).toBe(false);

    const replay = ctx.client();
    replay.cookies.set('stp_session', sessionId ?? '');
    expect((await replay.request({ url: '/api/profile/' })).statusCode).toBe(401);
    replay.token = token;
    expect((await replay.request({ url: '/api/profile/', bearer: true })).statusCode).toBe(401);
  });
});

describe('registration with e-mail confirmation', () => {
  const register = async (email: string) => {
    const client = ctx.client();
    await client.openHostPage();
    return client.request({
      method: 'POST',
      url: '/api/auth/register/client/',
      payload: {
        first_name: 'Amina',
        last_name: 'Odhiambo',
        email,
        phone: '+254 712 345678',
        country: 'KE',
        locale: 'en',
      },
    });
  };

  it('validates the form: every field error at once, nothing created', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/register/client/',
      payload: { first_name: '', email: 'x', country: 'Kenya', locale: 'de', phone: 'call me' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: 'This field is required.',
      last_name: 'This field is required.',
      email: 'Enter a valid email address.',
      country: 'Select a valid country.',
      locale: 'The locale provided is not supported at this time',
      phone: 'Enter a valid phone number, for example +254 712 345678.',
    });
  });

  it('mails a link to /auth/register/confirm/{token}; Complete Registration sets the password and signs in', async () => {
    const response = await register('amina@example.org');
    expect(response.statusCode).toBe(200);
    const mail = await ctx.mail.waitFor('amina@example.org');
    expect(mail.subject).toBe('Confirm your Services Trade Portal account');
    const link = MailCatcher.link(mail, '/auth/register/confirm/');
    expect(link.startsWith('http://portal.test/auth/register/confirm/')).toBe(true);
    const token = link.split('/').pop() ?? '';

    const client = ctx.client();
    await client.openHostPage();
    const who = await client.request({ url: `/api/auth/register/confirm/${token}/` });
    expect(who.json()).toEqual({ email: 'amina@example.org', first_name: 'Amina' });

    // Not yet usable: no password was chosen.
    expect((await ctx.client().login('amina@example.org', 'anything-at-all')).statusCode).toBe(400);

    const mismatch = await client.request({
      method: 'POST',
      url: `/api/auth/register/confirm/${token}/`,
      payload: { new_password: 'Safari-Njema-2026', confirm_password: 'Safari-Njema-2027' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ confirm_password: "The two password fields didn't match." });

    const done = await client.request({
      method: 'POST',
      url: `/api/auth/register/confirm/${token}/`,
      payload: { new_password: 'Safari-Njema-2026', confirm_password: 'Safari-Njema-2026' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: 'amina@example.org', is_staff: false });
    expect(client.cookies.has('stp_session')).toBe(true);

    const reused = await ctx.client().request({ url: `/api/auth/register/confirm/${token}/` });
    expect(reused.statusCode).toBe(404);
    expect((await ctx.client().login('amina@example.org', 'Safari-Njema-2026')).statusCode).toBe(200);
  });

  it('applies the password rules with clear messages', async () => {
    await register('rules@example.org');
    const token = MailCatcher.link(await ctx.mail.waitFor('rules@example.org'), '/confirm/')
      .split('/')
      .pop();
    const client = ctx.client();
    await client.openHostPage();
    const cases: [string, string][] = [
      ['short', 'This password is too short. It must contain at least 10 characters.'],
      ['12345678901234', 'This password is entirely numeric.'],
      ['Password123', 'This password is too common.'],
    ];
    for (const [password, message] of cases) {
      const response = await client.request({
        method: 'POST',
        url: `/api/auth/register/confirm/${token}/`,
        payload: { new_password: password, confirm_password: password },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.new_password).toBe(message);
    }
  });

  it('does not reveal that an address is registered: a known address gets a reset link instead', async () => {
    const account = await createAccount(ctx.db, { email: 'known@example.org' });
    const response = await register(account.email);
    expect(response.statusCode).toBe(200);
    const mail = await ctx.mail.waitFor('known@example.org');
    expect(mail.subject).toBe('Reset your Services Trade Portal password');
  });
});

describe('password reset by e-mail', () => {
  it('mails a link, sets the new password and signs the account out everywhere', async () => {
    const account = await createAccount(ctx.db, { email: 'forgetful@example.org' });
    const elsewhere = ctx.client();
    await elsewhere.login(account.email, testPassword);

    const client = ctx.client();
    await client.openHostPage();
    const ask = await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: 'FORGETFUL@example.org' },
    });
    expect(ask.statusCode).toBe(200);
    const link = MailCatcher.link(
      await ctx.mail.waitFor('forgetful@example.org'),
      '/auth/register/reset?token=',
    );
    const token = new URL(link).searchParams.get('token');

    const reset = await client.request({
      method: 'POST',
      url: `/api/auth/register/reset/${token}/`,
      payload: { new_password: 'Kilimanjaro-5895', confirm_password: 'Kilimanjaro-5895' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await elsewhere.request({ url: '/api/profile/' })).statusCode).toBe(401);
    expect((await ctx.client().login(account.email, testPassword)).statusCode).toBe(400);
    expect((await ctx.client().login(account.email, 'Kilimanjaro-5895')).statusCode).toBe(200);
    client.csrf = reset.json().csrf;
    const again = await client.request({
      method: 'POST',
      url: `/api/auth/register/reset/${token}/`,
      payload: { new_password: 'Kilimanjaro-5896', confirm_password: 'Kilimanjaro-5896' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = ctx.mail.messages.length;
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: 'ghost@example.org' },
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages.length).toBe(before);
  });
});

describe('rate limits', () => {
  it('ends a burst of failed logins for one account in 429 API Limit, whatever the address', async () => {
    const limited = await createTestContext({ RATE_LIMIT_LOGIN_ACCOUNT: '5/15m' });
    try {
      const account = await createAccount(limited.db);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const client = limited.client();
        await client.openHostPage();
        const response = await client.request({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: account.email, password: `Wrong-guess-${attempt}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            detail: 'You have made too many requests. Please try again later.',
            title: 'API Limit',
          });
        }
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits login attempts per address, registration and the token endpoint', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_LOGIN_IP: '3/1m',
      RATE_LIMIT_REGISTER: '2/1h',
      RATE_LIMIT_TOKEN: '3/1m',
    });
    try {
      const client = limited.client();
      await client.openHostPage();
      const logins = [];
      for (let i = 0; i < 4; i += 1) {
        logins.push(
          (
            await client.request({
              method: 'POST',
              url: '/api/auth/login/',
              payload: { email: `a${i}@example.org`, password: 'x' },
            })
          ).statusCode,
        );
      }
      expect(logins).toEqual([400, 400, 400, 429]);
      const registrations = [];
      for (let i = 0; i < 3; i += 1) {
        registrations.push(
          (
            await client.request({
              method: 'POST',
              url: '/api/auth/register/reset/',
              payload: { email: `b${i}@example.org` },
            })
          ).statusCode,
        );
      }
      expect(registrations).toEqual([200, 200, 429]);
      const tokens = [];
      for (let i = 0; i < 4; i += 1)
        tokens.push((await client.request({ url: '/api/cache/token/' })).statusCode);
      expect(tokens).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('has a global ceiling per address, which the built scripts under /static/ do not count against', async () => {
    const limited = await createTestContext({ RATE_LIMIT_GLOBAL: '5/1m' });
    try {
      const client = limited.client();
      const scripts = [];
      for (let i = 0; i < 8; i += 1)
        scripts.push((await client.request({ url: '/static/assets/app-1234.js' })).statusCode);
      expect(scripts).toEqual(new Array(8).fill(200));
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await client.request({ url: '/api/cache/constants/' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // The host page and a script once the ceiling is reached: the page is refused, the script is not.
      expect((await client.request({ url: '/public/browse' })).statusCode).toBe(429);
      expect((await client.request({ url: '/static/assets/app-1234.js' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { MailCatcher } from '../../test/mail-catcher.js';

// Issue 29 item 10: a password equal to the account's e-mail or name, of one repeated character, or
// easy to guess is refused wherever a password is set (the CLI's case is in main.test.ts).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const refusals = {
  repeated: 'This password is a single character repeated.',
  email: 'The password is too similar to the email address.',
  name: 'The password is too similar to the name.',
  weak: 'This password is too easy to guess. Add another word or two; uncommon words are better.',
};

/** Posts each password to `url` and gives back the message on new_password (or the status). */
async function tryPasswords(client: TestClient, url: string, passwords: string[], extra = {}) {
  const answers: string[] = [];
  for (const password of passwords) {
    const response = await client.request({
      method: 'POST',
      url,
      payload: { ...extra, new_password: password, confirm_password: password },
    });
    answers.push(
      response.statusCode === 422 ? response.json().errors.new_password : String(response.statusCode),
    );
  }
  return answers;
}

describe('Complete Registration', () => {
  it('refuses the e-mail, the name, one repeated character and a guessable password, then takes a strong one', async () => {
    const email = 'maximiliana.wanjiru@example.org';
    const client = ctx.client();
    await client.openHostPage();
    const registered = await client.request({
      method: 'POST',
      url: '/api/auth/register/client/',
      payload: { first_name: 'Maximiliana', last_name: 'Wanjiru-Kamau', email, country: 'KE' },
    });
    expect(registered.statusCode).toBe(200);
    const token = MailCatcher.link(await ctx.mail.waitFor(email), '/confirm/')
      .split('/')
      .pop();
    const url = `/api/auth/register/confirm/${token}/`;

    const answers = await tryPasswords(client, url, [
      email,
      'MAXIMILIANA.WANJIRU@example.org',
      'maximiliana.wanjiru',
      'maximiliana',
      'Wanjiru-Kamau',
      'Maximiliana Wanjiru-Kamau',
      'zzzzzzzzzzzz',
      'Maximiliana2026',
      'Sunshine2024',
      'abcdefghijk',
    ]);
    expect(answers).toEqual([
      refusals.email,
      refusals.email,
      refusals.email,
      refusals.name,
      refusals.name,
      refusals.name,
      refusals.repeated,
      refusals.weak,
      refusals.weak,
      refusals.weak,
    ]);
    // A refusal leaves the link usable.
    expect(await tryPasswords(client, url, ['Safari-Njema-2026'])).toEqual(['200']);
    expect((await ctx.client().login(email, 'Safari-Njema-2026')).statusCode).toBe(200);
  });
});

describe('Reset Password', () => {
  it('refuses the e-mail and a guessable password, then takes a strong one', async () => {
    const account = await createAccount(ctx.db, { email: 'reset.strength@example.org' });
    const client = ctx.client();
    await client.openHostPage();
    await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: account.email },
    });
    const link = MailCatcher.link(await ctx.mail.waitFor(account.email), '/auth/register/reset?token=');
    const url = `/api/auth/register/reset/${new URL(link).searchParams.get('token')}/`;
    expect(
      await tryPasswords(client, url, ['Reset.Strength@Example.org', '1111111111a', 'january2026']),
    ).toEqual([refusals.email, refusals.weak, refusals.weak]);
    expect(await tryPasswords(client, url, ['Kilimanjaro-5895'])).toEqual(['200']);
  });
});

describe('Change password (Settings)', () => {
  it('refuses the e-mail, the name and a guessable password, then takes a strong one', async () => {
    const account = await createAccount(ctx.db, { email: 'change.strength@example.org' });
    const client = ctx.client();
    await client.login(account.email, testPassword);
    const url = '/api/profile/password/';
    const extra = { current_password: testPassword };
    expect(
      await tryPasswords(
        client,
        url,
        ['change.strength@example.org', `${account.firstName} ${account.lastName}`, 'football123'],
        extra,
      ),
    ).toEqual([refusals.email, refusals.name, refusals.weak]);
    expect(await tryPasswords(client, url, ['Nyama-Choma-Friday'], extra)).toEqual(['200']);
  });
});

describe('the shared rule', () => {
  it('refuses one repeated character in the schema the forms use too', async () => {
    const { ZPasswordSchema } = await import('@stp/shared');
    expect(ZPasswordSchema.safeParse('..........').error?.issues[0]?.message).toBe(refusals.repeated);
    expect(ZPasswordSchema.safeParse('ÉÉÉÉÉÉÉÉÉÉÉÉ').error?.issues[0]?.message).toBe(refusals.repeated);
    expect(ZPasswordSchema.safeParse('Demo-Portal-2026').success).toBe(true);
  });
});
